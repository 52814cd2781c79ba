import type { RateLimit } from './rate-limit-store.ts'

/** The kinds of request that are limited, each with its own counters (SECURITY.md Q1). */
export const rateLimitBuckets = [
  'anonymousToken',
  'token',
  'login',
  'register',
  'verify',
  'resend',
  'recovery',
  'coupon',
] as const
export type RateLimitBucket = (typeof rateLimitBuckets)[number]

/** What a bucket counts by: the client's IP address, or the account the request names (its e-mail, its flow). */
export type RateLimitScope = 'ip' | 'account'

/** The limits of every bucket, by scope; a scope left out is not limited. */
export type RateLimitSettings = Readonly<
  Record<RateLimitBucket, Readonly<Partial<Record<RateLimitScope, RateLimit>>>>
>

const perMinute = (limit: number): RateLimit => ({ limit, windowSeconds: 60 })
const perMinutes = (limit: number, minutes: number): RateLimit => ({ limit, windowSeconds: minutes * 60 })

/**
 * The defaults, from the references of SECURITY.md Q3 (better-auth, Supabase, Copenhagen) loosened
 * where one address stands for many people: an SSR storefront asks for every new visitor's tokens from
 * its own address (give it `TRUSTED_PROXIES` and `X-Forwarded-For` to count each visitor apart).
 * Per-account limits are kept low and short, so an attacker cannot lock a member out for long.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  // Unauthenticated resource creation (T9): a visitor row per grant.
  anonymousToken: { ip: perMinute(60) },
  // Refresh, code exchange and external login: cheap, but each mints tokens.
  token: { ip: perMinute(300) },
  // Password guessing: by address, and by account wherever the guesses come from (Q2).
  login: { ip: perMinutes(30, 5), account: perMinutes(10, 10) },
  register: { ip: perMinutes(20, 10), account: perMinutes(5, 60) },
  verify: { ip: perMinutes(30, 10), account: perMinutes(10, 10) },
  // Each sends an e-mail: mail bombing (V7, P5).
  resend: { ip: perMinutes(10, 10), account: perMinutes(3, 10) },
  recovery: { ip: perMinutes(10, 10), account: perMinutes(3, 10) },
  // Coupon codes are guessable secrets: every code a cart is given counts, by address and by cart owner.
  coupon: { ip: perMinutes(20, 10), account: perMinutes(10, 10) },
}

/** Thrown for a `RATE_LIMITS` value that cannot be read; says what was expected. */
export class RateLimitSettingsError extends Error {
  override name = 'RateLimitSettingsError'
}

const ENTRY = /^([A-Za-z]+)\.(ip|account)=(?:(off)|(\d{1,7})\/(\d{1,7}))$/

/**
 * Reads `RATE_LIMITS`: empty for the defaults, `off` for none, or changes to the defaults as a comma
 * list of `bucket.scope=limit/seconds` (or `bucket.scope=off`), e.g. `login.ip=50/300,anonymousToken.ip=off`.
 *
 * @throws RateLimitSettingsError naming the entry it cannot read.
 */
export function parseRateLimitSettings(text: string | undefined): RateLimitSettings | 'off' {
  const value = (text ?? '').trim()
  if (value === 'off') return 'off'
  const settings: Record<string, Partial<Record<RateLimitScope, RateLimit>>> = {}
  for (const bucket of rateLimitBuckets) settings[bucket] = { ...DEFAULT_RATE_LIMITS[bucket] }
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue
    const match = ENTRY.exec(entry)
    const bucket = match?.[1] as RateLimitBucket | undefined
    if (!match || !bucket || !rateLimitBuckets.includes(bucket))
      throw new RateLimitSettingsError(
        `"${entry.slice(0, 60)}" must be bucket.scope=limit/seconds or bucket.scope=off, with bucket one of ${rateLimitBuckets.join(', ')} and scope ip or account`,
      )
    const scope = match[2] as RateLimitScope
    const [limit, seconds] = [Number(match[4]), Number(match[5])]
    if (match[3] === 'off') delete settings[bucket]![scope]
    else if (limit < 1 || seconds < 1)
      throw new RateLimitSettingsError(`"${entry}" needs a limit and a window of at least 1`)
    else settings[bucket]![scope] = { limit, windowSeconds: seconds }
  }
  return settings as RateLimitSettings
}
