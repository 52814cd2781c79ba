import { BlockList, isIP } from 'node:net'
import { resolve } from 'node:path'
import type { StripeSettings } from './checkout/stripe/stripe-provider.ts'
import type { TestProviderMode } from './checkout/test-provider/test-provider-mode.ts'
import { parseReplicaConfig, type ReplicaConfig, ReplicaConfigError } from './db/replica-config.ts'
import { DEFAULT_LINK_LIFETIMES, type DownloadLinkLifetimes } from './digital/digital-deps.ts'
import { parseTrustedProxies, type TrustedProxies, TrustedProxiesError } from './http/client-address.ts'
import {
  type CaptchaConfig,
  CaptchaConfigError,
  parseCaptchaConfig,
} from './identity/captcha/captcha-config.ts'
import { type LogFormat, type LogLevel, logFormats } from './log.ts'
import type { SmtpSettings } from './mail/mail-transport.ts'
import {
  type MediaStorageConfig,
  MediaStorageConfigError,
  parseMediaStorageConfig,
} from './media/media-storage-config.ts'
import type { SeedPreset } from './prepare-database.ts'
import {
  parseRateLimitSettings,
  type RateLimitSettings,
  RateLimitSettingsError,
} from './rate-limits/rate-limit-settings.ts'
import { isSafeRedirectUri } from './redirects/redirect-uri.ts'
import { DEMO_CLIENT_ID } from './seed/demo-ids.ts'
import type { DemoReturnUris } from './seed/demo-store.ts'

/**
 * The demo store's site owner's password when `DEMO_OWNER_PASSWORD` is not set: for local use only.
 * Production never uses it: it is published (decision 054).
 */
export const DEFAULT_DEMO_OWNER_PASSWORD = 'aisle-demo-owner'

/** The platform's configuration: every setting comes from an environment variable with a default. */
export interface Config {
  /** How long download links live: on pages (`DOWNLOAD_PAGE_LINK_SECONDS`) and in mails (`DOWNLOAD_MAIL_LINK_SECONDS`). */
  downloadLinkLifetimes: DownloadLinkLifetimes
  /** `PORT` (4000): where the platform listens. */
  port: number
  /**
   * `HOST` (127.0.0.1): the interface to listen on; `0.0.0.0` to serve a network. Anything but a loopback
   * address (or `localhost`) turns off the defaults of `MAIL_DEV_INBOX` and `LOCAL_DEVELOPMENT_SITES`,
   * and the GraphQL explorer.
   */
  host: string
  /** `PUBLIC_URL` (http://localhost:PORT): the platform's origin as browsers reach it: media URLs, links in e-mails. */
  publicUrl: string
  /** `DATA_DIR` (./.data): where the embedded database lives when `DATABASE_URL` is not set. */
  dataDir: string
  /** `DATABASE_URL` (unset): a PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | undefined
  /**
   * `DATABASE_REPLICA_URLS` (none) and `DATABASE_REPLICA_MAX_LAG_MS` (2000): streaming replicas of
   * `DATABASE_URL` that serve catalogue reads (see `db/replica-config.ts`, decision 013).
   */
  replicas: ReplicaConfig
  /** `LOG_LEVEL` (info): debug, info, warn, error or silent. */
  logLevel: LogLevel
  /**
   * `LOG_FORMAT` (unset): `pretty` for readable lines, `json` for one JSON object per line; unset, the
   * process picks pretty on a terminal and JSON elsewhere (`chooseLogFormat`).
   */
  logFormat: LogFormat | undefined
  /**
   * `SEED` (demo; none in production): what an empty database is seeded with: `demo`, `10k` (demo plus
   * 10,000 products) or `none`.
   */
  seed: SeedPreset
  /** `AISLE_CLIENT_ID` (the demo client id): the OAuth client id the demo seed registers. */
  demoClientId: string
  /**
   * `DEMO_OWNER_PASSWORD` (aisle-demo-owner; unset in production): the password the demo store's site
   * owner is created with. In production there is no default, so a demo seed creates no owner unless it
   * is set, and the published default is refused: never a known password (decision 054).
   */
  demoOwnerPassword: string | undefined
  /**
   * `DEMO_REDIRECT_URIS` and `DEMO_POST_LOGOUT_REDIRECT_URIS` (none): comma-separated absolute URLs (https,
   * or http on a loopback host) that the demo OAuth client gets besides its `http://localhost:3000` ones,
   * for a storefront served elsewhere: added whenever the platform starts with a demo seed (and kept).
   */
  demoReturnUris: DemoReturnUris
  /** Where e-mails go: an SMTP server, the local inbox, or (neither) they wait in the outbox. */
  mail: MailConfig
  /**
   * `RATE_LIMITS` (the defaults of `rate-limits/rate-limit-settings.ts`): `off`, or changes such as
   * `login.ip=50/300,anonymousToken.ip=off` (bucket.scope=limit/seconds).
   */
  rateLimits: RateLimitSettings | 'off'
  /**
   * `TRUSTED_PROXIES` (none): addresses and CIDR ranges (or `loopback`) of the proxies, and of an SSR
   * storefront, whose `X-Forwarded-For` names the client for rate limits.
   */
  trustedProxies: TrustedProxies
  /** `CAPTCHA_PROVIDER` and friends (see `captcha/captcha-config.ts`): how captcha answers are verified. */
  captcha: CaptchaConfig
  /**
   * Where uploaded media go: `MEDIA_DIR` (DATA_DIR/media) by default, an S3-compatible bucket with
   * `S3_BUCKET` and `S3_ENDPOINT`, `S3_REGION`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`,
   * `S3_FORCE_PATH_STYLE` (see `media/media-storage-config.ts`).
   */
  mediaStorage: MediaStorageConfig
  /**
   * `LOCAL_DEVELOPMENT_SITES` (on or off): whether a site owner may put their site in local development
   * mode, where webhook endpoints may be on loopback or private addresses over http (a receiver on the
   * developer's machine). By default on only outside production (`NODE_ENV`) with a loopback `HOST`
   * and `PUBLIC_URL`: on a shared platform such endpoints would aim it at its own network. `on` with
   * another `HOST` is refused in production.
   */
  localDevelopmentSites: boolean
  /**
   * `GRAPHQL_INTROSPECTION` (on or off): whether the GraphQL endpoint answers introspection (`__schema`,
   * `__type`), which tools such as GraphiQL read. By default off in production (`NODE_ENV`): a map of
   * every field is no help to a shopper and a guide to whoever probes the platform.
   */
  graphqlIntrospection: boolean
  /**
   * Whether the GraphQL explorer (`/_dev/graphql`) is served: by the local inbox's rule
   * (`isLocalDevelopment`): outside production with a loopback `HOST` and `PUBLIC_URL` only.
   */
  graphqlExplorer: boolean
  /**
   * `PAYMENTS_TEST_PROVIDER` (on outside production, off in production): whether the built-in test card
   * provider is offered, whose card 4242 4242 4242 4242 pays for anything. `on` in production is
   * allowed for a staging platform, and then every payment page and the dashboard say so (decision 054).
   */
  paymentsTestProvider: TestProviderMode
  /**
   * `STRIPE_SECRET_KEY` (`sk_test_…`, `sk_live_…`, or a restricted `rk_…`) and `STRIPE_WEBHOOK_SECRET`
   * (`whsec_…`, of the endpoint registered for `PUBLIC_URL/payments/v1/notifications/stripe`), both or
   * neither: with them, checkouts offer card payments through Stripe (decision 061). `STRIPE_API_BASE`
   * (`http://127.0.0.1:12111`) sends the library to a local Stripe instead: outside production only.
   */
  stripe: StripeSettings | undefined
}

/** How the platform sends e-mail. */
export interface MailConfig {
  /**
   * `SMTP_URL` (`smtp://user:password@host:587`, `smtps://...:465`), or `SMTP_HOST` with `SMTP_PORT`
   * (587), `SMTP_SECURE` (true for port 465), `SMTP_USER`, `SMTP_PASS`. Unset: no SMTP server.
   */
  smtp: SmtpSettings | undefined
  /** `MAIL_FROM` (`Aisle <no-reply@HOST>`, HOST of PUBLIC_URL): the sender of every mail. */
  from: string
  /**
   * `MAIL_DEV_INBOX` (on or off): deliver mails to the local inbox at `/_dev/mail`, which anyone who
   * reaches the platform can read. By default on only without an SMTP server, outside production
   * (`NODE_ENV`) and with a loopback `HOST` and `PUBLIC_URL`; it can never be on with SMTP or in production.
   */
  isDevInboxEnabled: boolean
}

/** Thrown for a setting that cannot be used; names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const logLevels = new Set(['debug', 'info', 'warn', 'error', 'silent'])

/** Reads the configuration from environment variables, or throws `ConfigError` naming the bad one. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const port = Number(env.PORT ?? '4000')
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`)
  const logLevel = env.LOG_LEVEL ?? 'info'
  if (!logLevels.has(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${[...logLevels].join(', ')}`)
  const logFormat = env.LOG_FORMAT || undefined
  if (logFormat !== undefined && !logFormats.includes(logFormat as LogFormat))
    throw new ConfigError(`LOG_FORMAT must be one of ${logFormats.join(', ')}, or unset`)
  const isProduction = env.NODE_ENV === 'production'
  // Production seeds nothing unless told: a demo store there is a store with a known client (decision 054).
  const seed = env.SEED ?? (isProduction ? 'none' : 'demo')
  if (seed !== 'demo' && seed !== '10k' && seed !== 'none')
    throw new ConfigError('SEED must be "demo", "10k" or "none"')
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  try {
    new URL(publicUrl)
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${env.PUBLIC_URL}"`)
  }
  const dataDir = resolve(env.DATA_DIR ?? '.data')
  const host = env.HOST ?? '127.0.0.1'
  const isLocal = isLocalDevelopment(env, host, publicUrl)
  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    replicas: parseReplicas(env),
    logLevel: logLevel as LogLevel,
    logFormat: logFormat as LogFormat | undefined,
    seed,
    demoClientId: env.AISLE_CLIENT_ID || DEMO_CLIENT_ID,
    demoOwnerPassword: parseDemoOwnerPassword(env, isProduction),
    demoReturnUris: {
      redirectUris: parseUriList('DEMO_REDIRECT_URIS', env.DEMO_REDIRECT_URIS),
      postLogoutRedirectUris: parseUriList(
        'DEMO_POST_LOGOUT_REDIRECT_URIS',
        env.DEMO_POST_LOGOUT_REDIRECT_URIS,
      ),
    },
    mail: parseMailConfig(env, publicUrl, isLocal),
    ...parseAbuseConfig(env, publicUrl),
    mediaStorage: parseMediaConfig(env, dataDir),
    localDevelopmentSites: parseLocalDevelopmentSites(env, host, isLocal),
    graphqlIntrospection: parseOnOff(env, 'GRAPHQL_INTROSPECTION') ?? env.NODE_ENV !== 'production',
    graphqlExplorer: isLocal,
    paymentsTestProvider: parseTestProviderMode(env, isProduction),
    stripe: parseStripeSettings(env, isProduction),
    downloadLinkLifetimes: {
      pageSeconds: parseSeconds(env, 'DOWNLOAD_PAGE_LINK_SECONDS', DEFAULT_LINK_LIFETIMES.pageSeconds),
      mailSeconds: parseSeconds(env, 'DOWNLOAD_MAIL_LINK_SECONDS', DEFAULT_LINK_LIFETIMES.mailSeconds),
    },
  }
}

/**
 * Whether the platform runs for one developer on this machine: outside production (`NODE_ENV`), listening
 * on a loopback `HOST`, and reached at a loopback `PUBLIC_URL`. What only such a platform may serve
 * without being told (the local inbox, which shows every member's recovery links; local development
 * sites; the GraphQL explorer) is on by default only here.
 */
export function isLocalDevelopment(
  env: Record<string, string | undefined>,
  host: string,
  publicUrl: string,
): boolean {
  return (
    env.NODE_ENV !== 'production' && isLoopbackHost(host) && LOOPBACK_HOSTS.has(new URL(publicUrl).hostname)
  )
}

/**
 * `DEMO_OWNER_PASSWORD`: the published default outside production; in production only what the operator
 * set (unset: no demo owner), and never the published default.
 */
function parseDemoOwnerPassword(
  env: Record<string, string | undefined>,
  isProduction: boolean,
): string | undefined {
  const chosen = env.DEMO_OWNER_PASSWORD || undefined
  if (!isProduction) return chosen ?? DEFAULT_DEMO_OWNER_PASSWORD
  if (chosen === DEFAULT_DEMO_OWNER_PASSWORD)
    throw new ConfigError(
      'DEMO_OWNER_PASSWORD cannot be the published demo password in production: choose another, or leave it unset for no demo owner',
    )
  return chosen
}

/** `PAYMENTS_TEST_PROVIDER`: on outside production and off in production unless told; on in production is announced. */
function parseTestProviderMode(
  env: Record<string, string | undefined>,
  isProduction: boolean,
): TestProviderMode {
  const isOn = parseOnOff(env, 'PAYMENTS_TEST_PROVIDER') ?? !isProduction
  if (!isOn) return 'off'
  return isProduction ? 'on-in-production' : 'on'
}

/** `STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET` and `STRIPE_API_BASE`; the errors never repeat a key. */
function parseStripeSettings(
  env: Record<string, string | undefined>,
  isProduction: boolean,
): StripeSettings | undefined {
  const secretKey = env.STRIPE_SECRET_KEY || undefined
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined
  const apiBase = env.STRIPE_API_BASE || undefined
  if (!secretKey && !webhookSecret) {
    if (apiBase)
      throw new ConfigError('STRIPE_API_BASE is set without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET')
    return undefined
  }
  if (!secretKey || !/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(secretKey))
    throw new ConfigError(
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_…, or restricted rk_…) when STRIPE_WEBHOOK_SECRET is set',
    )
  if (!webhookSecret || !/^whsec_[A-Za-z0-9+/=_-]+$/.test(webhookSecret))
    throw new ConfigError(
      'STRIPE_WEBHOOK_SECRET must be the signing secret (whsec_…) of the webhook endpoint registered with Stripe',
    )
  if (!apiBase) return { secretKey, webhookSecret }
  if (isProduction)
    throw new ConfigError(
      'STRIPE_API_BASE cannot be set in production: the platform talks to Stripe itself there',
    )
  let url: URL
  try {
    url = new URL(apiBase)
  } catch {
    throw new ConfigError('STRIPE_API_BASE must be an absolute URL such as http://127.0.0.1:12111')
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/')
    throw new ConfigError('STRIPE_API_BASE must be an http(s) origin such as http://127.0.0.1:12111')
  const protocol = url.protocol === 'https:' ? 'https' : 'http'
  const port = Number(url.port || (protocol === 'https' ? 443 : 80))
  return { secretKey, webhookSecret, api: { host: url.hostname, port, protocol } }
}

/** A lifetime in whole seconds, 1 s to 30 days, or the default when unset. */
function parseSeconds(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const value = env[name]
  if (value === undefined || value === '') return fallback
  if (!/^[0-9]{1,7}$/.test(value) || Number(value) < 1 || Number(value) > 30 * 24 * 3600)
    throw new ConfigError(`${name} must be a number of seconds from 1 to 2592000`)
  return Number(value)
}

const LOOPBACK_ADDRESSES = new BlockList()
LOOPBACK_ADDRESSES.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK_ADDRESSES.addAddress('::1', 'ipv6')

/**
 * Whether listening on `host` keeps the platform to this machine: `localhost`, 127.0.0.0/8 or ::1.
 * `0.0.0.0`, `::`, an empty host, other addresses and other names are all reachable from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  if (name === 'localhost') return true
  const version = isIP(name)
  return version !== 0 && LOOPBACK_ADDRESSES.check(name, version === 6 ? 'ipv6' : 'ipv4')
}

/**
 * Warnings for settings that `main.ts` logs at start: a local inbox or local webhook targets turned on
 * explicitly on a platform that listens beyond loopback, and the test card provider on in production.
 */
export function startWarnings(config: Config): string[] {
  const warnings: string[] = []
  if (config.paymentsTestProvider === 'on-in-production')
    warnings.push(
      'PAYMENTS_TEST_PROVIDER is on in production: the test card 4242 4242 4242 4242 pays for any order or plan, and every payment page says so',
    )
  if (config.stripe?.api)
    warnings.push(
      `STRIPE_API_BASE sends Stripe requests to ${config.stripe.api.protocol}://${config.stripe.api.host}:${config.stripe.api.port}, not to Stripe`,
    )
  if (isLoopbackHost(config.host)) return warnings
  if (config.mail.isDevInboxEnabled)
    warnings.push(
      `MAIL_DEV_INBOX is on and HOST ${config.host} is not loopback: anyone on the network can read every mail at /_dev/mail, password recovery links included`,
    )
  if (config.localDevelopmentSites)
    warnings.push(
      `LOCAL_DEVELOPMENT_SITES is on and HOST ${config.host} is not loopback: site owners can aim webhooks at loopback and private addresses of this platform's network`,
    )
  return warnings
}

/** An `on`/`off` setting: `undefined` when unset. @throws ConfigError for any other value. */
function parseOnOff(env: Record<string, string | undefined>, name: string): boolean | undefined {
  const value = env[name]
  if (value === undefined) return undefined
  if (value !== 'on' && value !== 'off') throw new ConfigError(`${name} must be "on" or "off"`)
  return value === 'on'
}

function parseLocalDevelopmentSites(
  env: Record<string, string | undefined>,
  host: string,
  isLocal: boolean,
): boolean {
  const choice = env.LOCAL_DEVELOPMENT_SITES
  const isProduction = env.NODE_ENV === 'production'
  if (choice !== undefined && choice !== 'on' && choice !== 'off')
    throw new ConfigError('LOCAL_DEVELOPMENT_SITES must be "on" or "off"')
  if (choice === 'on' && isProduction && !isLoopbackHost(host))
    throw new ConfigError(
      `LOCAL_DEVELOPMENT_SITES cannot be on in production with a HOST that is not loopback ("${host}"): webhooks could reach the platform's network`,
    )
  if (choice !== undefined) return choice === 'on'
  return isLocal
}

/**
 * A comma-separated list of redirect URIs (blanks ignored), each one a browser may be sent to: absolute,
 * https or loopback http, without fragment or user info.
 */
function parseUriList(name: string, value: string | undefined): string[] {
  const uris = (value ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean)
  const bad = uris.find((uri) => !isSafeRedirectUri(uri))
  if (bad !== undefined)
    throw new ConfigError(
      `${name} must list absolute https (or loopback http) URLs without a fragment, got "${bad}"`,
    )
  return uris
}

/** The read replicas, with their parser's complaint as a `ConfigError`. */
function parseReplicas(env: Record<string, string | undefined>): ReplicaConfig {
  try {
    return parseReplicaConfig(env)
  } catch (error) {
    if (error instanceof ReplicaConfigError) throw new ConfigError(error.message)
    throw error
  }
}

/** The media storage settings, with their parser's complaint as a `ConfigError`. */
function parseMediaConfig(env: Record<string, string | undefined>, dataDir: string): MediaStorageConfig {
  try {
    return parseMediaStorageConfig(env, dataDir)
  } catch (error) {
    if (error instanceof MediaStorageConfigError) throw new ConfigError(error.message)
    throw error
  }
}

/** Rate limits, trusted proxies and captcha, with each parser's complaint as a `ConfigError`. */
function parseAbuseConfig(
  env: Record<string, string | undefined>,
  publicUrl: string,
): Pick<Config, 'rateLimits' | 'trustedProxies' | 'captcha'> {
  try {
    return {
      rateLimits: parseRateLimitSettings(env.RATE_LIMITS),
      trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
      captcha: parseCaptchaConfig(env, publicUrl),
    }
  } catch (error) {
    if (error instanceof RateLimitSettingsError) throw new ConfigError(`RATE_LIMITS: ${error.message}`)
    if (error instanceof TrustedProxiesError) throw new ConfigError(`TRUSTED_PROXIES: ${error.message}`)
    if (error instanceof CaptchaConfigError) throw new ConfigError(error.message)
    throw error
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

function parseSmtp(env: Record<string, string | undefined>): SmtpSettings | undefined {
  if (env.SMTP_URL) {
    if (!/^smtps?:\/\/[^/]/.test(env.SMTP_URL))
      throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL')
    return { url: env.SMTP_URL }
  }
  if (!env.SMTP_HOST) return undefined
  const port = Number(env.SMTP_PORT ?? '587')
  if (!Number.isInteger(port) || port <= 0 || port > 65_535)
    throw new ConfigError(`SMTP_PORT must be a port number, got "${env.SMTP_PORT}"`)
  const secure = env.SMTP_SECURE ?? String(port === 465)
  if (secure !== 'true' && secure !== 'false') throw new ConfigError('SMTP_SECURE must be "true" or "false"')
  return {
    host: env.SMTP_HOST,
    port,
    secure: secure === 'true',
    user: env.SMTP_USER || undefined,
    password: env.SMTP_PASS || undefined,
  }
}

function parseMailConfig(
  env: Record<string, string | undefined>,
  publicUrl: string,
  isLocal: boolean,
): MailConfig {
  const smtp = parseSmtp(env)
  const isProduction = env.NODE_ENV === 'production'
  const choice = env.MAIL_DEV_INBOX
  if (choice !== undefined && choice !== 'on' && choice !== 'off')
    throw new ConfigError('MAIL_DEV_INBOX must be "on" or "off"')
  if (choice === 'on' && (smtp || isProduction))
    throw new ConfigError(
      'MAIL_DEV_INBOX cannot be on with an SMTP server or in production: anyone could read the mails',
    )
  return {
    smtp,
    from: env.MAIL_FROM || `Aisle <no-reply@${new URL(publicUrl).hostname}>`,
    isDevInboxEnabled: choice === 'on' || (choice === undefined && !smtp && isLocal),
  }
}
