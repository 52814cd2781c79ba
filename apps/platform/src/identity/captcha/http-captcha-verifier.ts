import type { Clock } from '../../clock.ts'
import type { CaptchaKind, CaptchaSiteKeys, CaptchaVerdict, CaptchaVerifier } from './captcha-verifier.ts'

/** The siteverify endpoints of the providers this verifier speaks to (their wire is the same). */
export const CAPTCHA_VERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const

export interface HttpCaptchaVerifierOptions {
  /** A name for the provider (`recaptcha`, `hcaptcha`, `turnstile` or another compatible one). */
  provider: string
  verifyUrl: string
  /** The secret of each site key (reCAPTCHA's invisible and visible keys have one each). */
  secrets: Readonly<Record<CaptchaKind, string>>
  siteKeys: CaptchaSiteKeys
  /** Host names the answers must have been solved on; empty accepts any (the provider's own check). */
  hostnames?: readonly string[]
  /** An answer older than this is refused (reCAPTCHA: "valid for two minutes"). */
  maxAgeSeconds?: number
  /** How long to wait for the provider. */
  timeoutMs?: number
  fetch?: typeof globalThis.fetch
  clock: Clock
}

/** What a siteverify endpoint answers (reCAPTCHA, hCaptcha and Turnstile alike). */
interface SiteverifyAnswer {
  success?: unknown
  challenge_ts?: unknown
  hostname?: unknown
  'error-codes'?: unknown
}

function refused(...reasons: string[]): CaptchaVerdict {
  return { ok: false, reasons }
}

/** Reads a siteverify answer: success, solved on an allowed host, no older than `maxAgeSeconds`. */
function toVerdict(
  answer: SiteverifyAnswer,
  options: { hostnames: readonly string[]; maxAgeSeconds: number; now: Date },
): CaptchaVerdict {
  if (answer.success !== true) {
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : []
    const reasons = codes
      .filter((code): code is string => typeof code === 'string')
      .map((c) => c.slice(0, 60))
    return refused(...(reasons.length > 0 ? reasons : ['unsuccessful']))
  }
  if (options.hostnames.length > 0 && !options.hostnames.includes(String(answer.hostname)))
    return refused('hostname-mismatch')
  if (typeof answer.challenge_ts === 'string') {
    const solved = Date.parse(answer.challenge_ts)
    if (Number.isNaN(solved)) return refused('bad-challenge-timestamp')
    if (options.now.getTime() - solved > options.maxAgeSeconds * 1000) return refused('timeout-or-duplicate')
  }
  return { ok: true }
}

/**
 * A captcha verifier that asks a reCAPTCHA-, hCaptcha- or Turnstile-compatible siteverify endpoint:
 * a form post of `secret`, `response`, `remoteip` and `sitekey`, answered with `success`,
 * `challenge_ts`, `hostname` and `error-codes`. An answer must succeed, be solved on an allowed host
 * and be at most `maxAgeSeconds` (120) old. A provider that does not answer within `timeoutMs` (5 s),
 * fails or answers nonsense refuses the answer (fail closed, reason `verifier-unavailable`).
 *
 * @see https://developers.google.com/recaptcha/docs/verify
 * @see https://docs.hcaptcha.com/#verify-the-user-response-server-side
 * @see https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 */
export function createHttpCaptchaVerifier(options: HttpCaptchaVerifierOptions): CaptchaVerifier {
  const fetch = options.fetch ?? globalThis.fetch
  const limits = { hostnames: options.hostnames ?? [], maxAgeSeconds: options.maxAgeSeconds ?? 120 }
  return {
    provider: options.provider,
    siteKeys: options.siteKeys,
    async verify(answer) {
      const form = new URLSearchParams({
        secret: options.secrets[answer.kind],
        response: answer.token,
        sitekey: options.siteKeys[answer.kind],
      })
      if (answer.remoteAddress) form.set('remoteip', answer.remoteAddress)
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        })
        if (!response.ok) {
          await response.body?.cancel()
          return refused('verifier-unavailable', `status-${response.status}`)
        }
        const body: unknown = await response.json()
        if (typeof body !== 'object' || body === null) return refused('verifier-unavailable')
        return toVerdict(body as SiteverifyAnswer, { ...limits, now: options.clock() })
      } catch {
        return refused('verifier-unavailable')
      }
    },
  }
}
