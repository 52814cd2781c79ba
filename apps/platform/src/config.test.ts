import { describe, expect, it } from 'vitest'
import {
  ConfigError,
  DEFAULT_DEMO_OWNER_PASSWORD,
  isLoopbackHost,
  parseConfig,
  startWarnings,
} from './config.ts'
import { DEFAULT_RATE_LIMITS } from './rate-limits/rate-limit-settings.ts'
import { DEMO_CLIENT_ID } from './seed/demo-ids.ts'

describe('parseConfig', () => {
  it('has a documented default for every setting', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:4000',
      databaseUrl: undefined,
      logLevel: 'info',
      seed: 'demo',
      demoClientId: DEMO_CLIENT_ID,
    })
    expect(config.dataDir).toMatch(/\.data$/)
  })

  it('reads the environment', () => {
    const config = parseConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://shop.example/',
      DATABASE_URL: 'postgres://x/y',
      LOG_LEVEL: 'warn',
      SEED: 'none',
    })
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://shop.example',
      databaseUrl: 'postgres://x/y',
      logLevel: 'warn',
      seed: 'none',
    })
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SEED: 'maybe' }, /SEED/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(name)
  })
})

describe("parseConfig: the demo client's extra return addresses", () => {
  it('has none by default and reads comma-separated lists, ignoring blanks', () => {
    expect(parseConfig({}).demoReturnUris).toEqual({ redirectUris: [], postLogoutRedirectUris: [] })
    expect(
      parseConfig({
        DEMO_REDIRECT_URIS: ' http://127.0.0.1:5173/callback , https://shop.example/callback,',
        DEMO_POST_LOGOUT_REDIRECT_URIS: 'http://127.0.0.1:5173/',
      }).demoReturnUris,
    ).toEqual({
      redirectUris: ['http://127.0.0.1:5173/callback', 'https://shop.example/callback'],
      postLogoutRedirectUris: ['http://127.0.0.1:5173/'],
    })
  })

  it.each([
    [{ DEMO_REDIRECT_URIS: '/callback' }, /DEMO_REDIRECT_URIS.*"\/callback"/],
    [{ DEMO_REDIRECT_URIS: 'http://shop.example/callback' }, /DEMO_REDIRECT_URIS/],
    [{ DEMO_REDIRECT_URIS: 'https://shop.example/#x' }, /DEMO_REDIRECT_URIS/],
    [{ DEMO_POST_LOGOUT_REDIRECT_URIS: 'https://u:p@shop.example/' }, /DEMO_POST_LOGOUT_REDIRECT_URIS/],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(name)
  })
})

describe('parseConfig: mail', () => {
  it('delivers to the local inbox on a loopback address with no SMTP server, and never in production', () => {
    expect(parseConfig({}).mail).toEqual({
      smtp: undefined,
      from: 'Aisle <no-reply@localhost>',
      isDevInboxEnabled: true,
    })
    expect(parseConfig({ NODE_ENV: 'production' }).mail.isDevInboxEnabled).toBe(false)
    expect(parseConfig({ PUBLIC_URL: 'https://shop.example' }).mail.isDevInboxEnabled).toBe(false)
    expect(parseConfig({ MAIL_DEV_INBOX: 'off' }).mail.isDevInboxEnabled).toBe(false)
    expect(
      parseConfig({ PUBLIC_URL: 'http://10.0.0.5:4000', MAIL_DEV_INBOX: 'on' }).mail.isDevInboxEnabled,
    ).toBe(true)
  })

  it('reads an SMTP server from SMTP_URL or from its parts, and then has no local inbox', () => {
    expect(parseConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'Shop <a@b.c>' }).mail).toEqual(
      {
        smtp: { url: 'smtps://u:p@mail.example:465' },
        from: 'Shop <a@b.c>',
        isDevInboxEnabled: false,
      },
    )
    expect(
      parseConfig({ SMTP_HOST: 'mail.example', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p' }).mail.smtp,
    ).toEqual({ host: 'mail.example', port: 465, secure: true, user: 'u', password: 'p' })
    expect(parseConfig({ SMTP_HOST: 'mail.example' }).mail.smtp).toEqual({
      host: 'mail.example',
      port: 587,
      secure: false,
      user: undefined,
      password: undefined,
    })
  })

  it.each([
    [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL/],
    [{ SMTP_HOST: 'mail.example', SMTP_PORT: 'x' }, /SMTP_PORT/],
    [{ SMTP_HOST: 'mail.example', SMTP_SECURE: 'yes' }, /SMTP_SECURE/],
    [{ MAIL_DEV_INBOX: 'maybe' }, /MAIL_DEV_INBOX/],
    [{ MAIL_DEV_INBOX: 'on', NODE_ENV: 'production' }, /MAIL_DEV_INBOX/],
    [{ MAIL_DEV_INBOX: 'on', SMTP_HOST: 'mail.example' }, /MAIL_DEV_INBOX/],
    [{ MAIL_DEV_INBOX: 'on', NODE_ENV: 'production', HOST: '0.0.0.0' }, /MAIL_DEV_INBOX/],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(name)
  })
})

describe('parseConfig: a platform reachable from the network', () => {
  it.each(['127.0.0.1', '127.0.5.9', '::1', '[::1]', 'localhost', 'LocalHost'])(
    'treats HOST=%s as loopback: the local inbox, local development sites and the GraphQL explorer are on, as without HOST',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true)
      const config = parseConfig({ HOST: host })
      expect(config.mail.isDevInboxEnabled).toBe(true)
      expect(config.localDevelopmentSites).toBe(true)
      expect(config.graphqlExplorer).toBe(true)
      expect(startWarnings(config)).toEqual([])
    },
  )

  it.each([
    '0.0.0.0',
    '::',
    '',
    '192.168.1.20',
    '10.0.0.5',
    'fe80::1',
    'platform.example',
    'localhost.example',
  ])(
    'keeps the local inbox, local development sites and the GraphQL explorer off by default with HOST=%j, even with a loopback PUBLIC_URL',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false)
      const config = parseConfig({ HOST: host, PUBLIC_URL: 'http://localhost:4000' })
      expect(config.mail.isDevInboxEnabled).toBe(false)
      expect(config.localDevelopmentSites).toBe(false)
      expect(config.graphqlExplorer).toBe(false)
      expect(startWarnings(config)).toEqual([])
    },
  )

  it('turns both on when told outside production, and warns that the network can reach them', () => {
    const config = parseConfig({ HOST: '0.0.0.0', MAIL_DEV_INBOX: 'on', LOCAL_DEVELOPMENT_SITES: 'on' })
    expect(config.mail.isDevInboxEnabled).toBe(true)
    expect(config.localDevelopmentSites).toBe(true)
    const warnings = startWarnings(config)
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(/MAIL_DEV_INBOX is on and HOST 0\.0\.0\.0 is not loopback/)
    expect(warnings[1]).toMatch(/LOCAL_DEVELOPMENT_SITES is on and HOST 0\.0\.0\.0 is not loopback/)
    expect(startWarnings(parseConfig({ HOST: '0.0.0.0', MAIL_DEV_INBOX: 'on' }))).toHaveLength(1)
  })

  it('lets off win on any host, and refuses on in production on a host that is not loopback', () => {
    const off = parseConfig({ HOST: '127.0.0.1', MAIL_DEV_INBOX: 'off', LOCAL_DEVELOPMENT_SITES: 'off' })
    expect(off.mail.isDevInboxEnabled).toBe(false)
    expect(off.localDevelopmentSites).toBe(false)
    expect(() => parseConfig({ HOST: '0.0.0.0', NODE_ENV: 'production', MAIL_DEV_INBOX: 'on' })).toThrow(
      /MAIL_DEV_INBOX/,
    )
    expect(() =>
      parseConfig({ HOST: '0.0.0.0', NODE_ENV: 'production', LOCAL_DEVELOPMENT_SITES: 'on' }),
    ).toThrow(ConfigError)
    expect(() =>
      parseConfig({ HOST: '0.0.0.0', NODE_ENV: 'production', LOCAL_DEVELOPMENT_SITES: 'on' }),
    ).toThrow(/LOCAL_DEVELOPMENT_SITES/)
    // Behind a proxy on the same machine, as before.
    expect(parseConfig({ NODE_ENV: 'production', LOCAL_DEVELOPMENT_SITES: 'on' }).localDevelopmentSites).toBe(
      true,
    )
  })
})

describe('parseConfig: abuse resistance', () => {
  it('limits by default, reads changes and off, and names RATE_LIMITS when it cannot', () => {
    expect(parseConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS)
    expect(parseConfig({ RATE_LIMITS: 'off' }).rateLimits).toBe('off')
    const changed = parseConfig({ RATE_LIMITS: 'login.ip=50/300, anonymousToken.ip=off' }).rateLimits
    expect(changed).toMatchObject({
      login: { ip: { limit: 50, windowSeconds: 300 }, account: DEFAULT_RATE_LIMITS.login.account },
    })
    expect(changed !== 'off' && changed.anonymousToken.ip).toBeUndefined()
    for (const bad of ['login.ip=0/60', 'logon.ip=5/60', 'login.email=5/60', 'login.ip=5'])
      expect(() => parseConfig({ RATE_LIMITS: bad })).toThrow(/RATE_LIMITS/)
  })

  it('trusts no proxy by default, and reads addresses, ranges and loopback', () => {
    expect(parseConfig({}).trustedProxies.check('127.0.0.1', 'ipv4')).toBe(false)
    const trusted = parseConfig({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8, 2001:db8::1' }).trustedProxies
    expect(trusted.check('127.0.0.1', 'ipv4')).toBe(true)
    expect(trusted.check('10.200.0.1', 'ipv4')).toBe(true)
    expect(trusted.check('2001:db8::1', 'ipv6')).toBe(true)
    expect(trusted.check('192.168.0.1', 'ipv4')).toBe(false)
    expect(() => parseConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/)
    expect(() => parseConfig({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES/)
  })

  it('uses the test captcha only locally, and needs the secrets and site keys of a real provider', () => {
    expect(parseConfig({}).captcha).toEqual({ provider: 'test' })
    expect(parseConfig({ PUBLIC_URL: 'https://shop.example' }).captcha).toEqual({ provider: 'none' })
    expect(parseConfig({ NODE_ENV: 'production' }).captcha).toEqual({ provider: 'none' })
    const env = {
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SECRET: 's',
      CAPTCHA_SITE_KEY_INVISIBLE: 'i',
      CAPTCHA_SITE_KEY_VISIBLE: 'v',
      CAPTCHA_HOSTNAMES: 'shop.example, www.shop.example',
    }
    expect(parseConfig(env).captcha).toEqual({
      provider: 'turnstile',
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      secrets: { invisible: 's', visible: 's' },
      siteKeys: { invisible: 'i', visible: 'v' },
      hostnames: ['shop.example', 'www.shop.example'],
    })
    expect(() => parseConfig({ ...env, CAPTCHA_SECRET: undefined })).toThrow(/CAPTCHA_SECRET/)
    expect(() => parseConfig({ ...env, CAPTCHA_PROVIDER: 'http' })).toThrow(/CAPTCHA_VERIFY_URL/)
    expect(() => parseConfig({ CAPTCHA_PROVIDER: 'magic' })).toThrow(/CAPTCHA_PROVIDER/)
  })
})

describe('parseConfig: GraphQL introspection', () => {
  it('takes LOG_FORMAT json or pretty, leaves it to the terminal when unset, and refuses anything else', () => {
    expect(parseConfig({}).logFormat).toBeUndefined()
    expect(parseConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json')
    expect(parseConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty')
    expect(() => parseConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be one of json, pretty/)
  })

  it('answers introspection outside production, not in production, unless told', () => {
    expect(parseConfig({}).graphqlIntrospection).toBe(true)
    expect(parseConfig({ NODE_ENV: 'production' }).graphqlIntrospection).toBe(false)
    expect(parseConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'on' }).graphqlIntrospection).toBe(
      true,
    )
    expect(parseConfig({ GRAPHQL_INTROSPECTION: 'off' }).graphqlIntrospection).toBe(false)
    expect(() => parseConfig({ GRAPHQL_INTROSPECTION: 'yes' })).toThrow(/GRAPHQL_INTROSPECTION/)
  })
})

describe('parseConfig: the GraphQL explorer', () => {
  it('serves it by the local inbox’s rule: outside production, with a loopback HOST and PUBLIC_URL', () => {
    expect(parseConfig({}).graphqlExplorer).toBe(true)
    expect(parseConfig({ HOST: '0.0.0.0' }).graphqlExplorer).toBe(false)
    expect(parseConfig({ PUBLIC_URL: 'https://shop-platform.example' }).graphqlExplorer).toBe(false)
    expect(parseConfig({ NODE_ENV: 'production' }).graphqlExplorer).toBe(false)
  })
})

describe('parseConfig: payment providers and the demo seed in production (decision 054)', () => {
  it('offers the test card provider outside production, and in production only when told, announced', () => {
    expect(parseConfig({}).paymentsTestProvider).toBe('on')
    expect(parseConfig({ PAYMENTS_TEST_PROVIDER: 'off' }).paymentsTestProvider).toBe('off')
    expect(parseConfig({ NODE_ENV: 'production' }).paymentsTestProvider).toBe('off')
    expect(startWarnings(parseConfig({ NODE_ENV: 'production' }))).toEqual([])
    const staging = parseConfig({ NODE_ENV: 'production', PAYMENTS_TEST_PROVIDER: 'on' })
    expect(staging.paymentsTestProvider).toBe('on-in-production')
    expect(startWarnings(staging)).toEqual([
      expect.stringMatching(/^PAYMENTS_TEST_PROVIDER is on in production/),
    ])
    expect(() => parseConfig({ PAYMENTS_TEST_PROVIDER: 'true' })).toThrow(/PAYMENTS_TEST_PROVIDER/)
  })

  it('takes Stripe’s two keys together, its mode from the key, and a local Stripe outside production only (decision 061)', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_live_51Key0123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }
    expect(parseConfig({}).stripe).toBeUndefined()
    expect(parseConfig(keys).stripe).toEqual({
      secretKey: 'sk_live_51Key0123',
      webhookSecret: 'whsec_abc123',
    })
    const local = parseConfig({ ...keys, STRIPE_API_BASE: 'http://127.0.0.1:12111' })
    expect(local.stripe?.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' })
    expect(startWarnings(local)).toContainEqual(
      expect.stringMatching(/^STRIPE_API_BASE sends Stripe requests/),
    )
    const refusals: [Record<string, string>, RegExp][] = [
      [{ STRIPE_SECRET_KEY: 'sk_live_51Key0123' }, /STRIPE_WEBHOOK_SECRET/],
      [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }, /STRIPE_SECRET_KEY/],
      [{ ...keys, STRIPE_SECRET_KEY: 'pk_live_51Key0123' }, /STRIPE_SECRET_KEY/],
      [{ ...keys, NODE_ENV: 'production', STRIPE_API_BASE: 'http://127.0.0.1:12111' }, /in production/],
      [{ ...keys, STRIPE_API_BASE: 'ftp://x' }, /STRIPE_API_BASE/],
    ]
    for (const [env, message] of refusals) {
      const error = (() => {
        try {
          parseConfig(env)
        } catch (caught) {
          return caught as Error
        }
      })()
      expect(error?.message).toMatch(message)
      // A refused setting is named, never repeated.
      expect(error?.message).not.toMatch(/51Key0123|abc123/)
    }
  })

  it('seeds nothing in production unless told, and never with the published demo owner password', () => {
    expect(parseConfig({}).seed).toBe('demo')
    expect(parseConfig({}).demoOwnerPassword).toBe(DEFAULT_DEMO_OWNER_PASSWORD)
    const production = parseConfig({ NODE_ENV: 'production' })
    expect(production.seed).toBe('none')
    expect(production.demoOwnerPassword).toBeUndefined()
    // A demo store in production on request: without DEMO_OWNER_PASSWORD, no owner (prepareDatabase).
    const demo = parseConfig({ NODE_ENV: 'production', SEED: 'demo' })
    expect(demo.seed).toBe('demo')
    expect(demo.demoOwnerPassword).toBeUndefined()
    expect(
      parseConfig({ NODE_ENV: 'production', SEED: 'demo', DEMO_OWNER_PASSWORD: 'a secret of my own' })
        .demoOwnerPassword,
    ).toBe('a secret of my own')
    expect(() =>
      parseConfig({ NODE_ENV: 'production', SEED: 'demo', DEMO_OWNER_PASSWORD: DEFAULT_DEMO_OWNER_PASSWORD }),
    ).toThrow(/DEMO_OWNER_PASSWORD cannot be the published demo password in production/)
  })
})

describe('parseConfig: local development sites', () => {
  it('lets owners use local development mode only on a local platform outside production, unless told', () => {
    expect(parseConfig({}).localDevelopmentSites).toBe(true)
    expect(parseConfig({ NODE_ENV: 'production' }).localDevelopmentSites).toBe(false)
    expect(parseConfig({ PUBLIC_URL: 'https://shop-platform.example' }).localDevelopmentSites).toBe(false)
    expect(
      parseConfig({ PUBLIC_URL: 'https://shop-platform.example', LOCAL_DEVELOPMENT_SITES: 'on' })
        .localDevelopmentSites,
    ).toBe(true)
    expect(parseConfig({ LOCAL_DEVELOPMENT_SITES: 'off' }).localDevelopmentSites).toBe(false)
    expect(() => parseConfig({ LOCAL_DEVELOPMENT_SITES: 'yes' })).toThrow(/LOCAL_DEVELOPMENT_SITES/)
  })

  it('reads the download links’ lifetimes, 15 minutes on pages and a day in mails by default', () => {
    const base = { DATABASE_URL: undefined }
    expect(parseConfig(base).downloadLinkLifetimes).toEqual({ pageSeconds: 900, mailSeconds: 86_400 })
    expect(
      parseConfig({ ...base, DOWNLOAD_PAGE_LINK_SECONDS: '20', DOWNLOAD_MAIL_LINK_SECONDS: '3600' })
        .downloadLinkLifetimes,
    ).toEqual({ pageSeconds: 20, mailSeconds: 3600 })
    for (const bad of ['0', '-1', '1.5', 'soon', '2592001'])
      expect(() => parseConfig({ ...base, DOWNLOAD_PAGE_LINK_SECONDS: bad })).toThrow(
        /DOWNLOAD_PAGE_LINK_SECONDS/,
      )
  })
})
