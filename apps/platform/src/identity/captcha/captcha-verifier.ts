/** Which captcha an answer comes from: the invisible one (tried first) or the visible one (after a failure). */
export type CaptchaKind = 'invisible' | 'visible'

/** One captcha answer to verify. */
export interface CaptchaAnswer {
  kind: CaptchaKind
  /** The token the captcha widget gave the browser. */
  token: string
  /** The client's address, passed on to the provider (`remoteip`). */
  remoteAddress?: string | undefined
}

/** Whether an answer is good; a refusal says why, in the providers' own words (`error-codes`). */
export type CaptchaVerdict = { ok: true } | { ok: false; reasons: readonly string[] }

/** The site keys a browser renders the captchas with (spec section 9: one invisible, one visible). */
export interface CaptchaSiteKeys {
  invisible: string
  visible: string
}

/**
 * Verifies captcha answers on the server (SECURITY.md L5). Implementations: the HTTP verifier of
 * reCAPTCHA-, hCaptcha- and Turnstile-compatible providers, the deterministic test provider, and the
 * refusing one of a platform with no captcha configured.
 */
export interface CaptchaVerifier {
  /** A name for the provider, told to the SDK with the site keys (`test` lets a local storefront fake answers). */
  readonly provider: string
  readonly siteKeys: CaptchaSiteKeys
  verify(answer: CaptchaAnswer): Promise<CaptchaVerdict>
}

/** A verifier for a platform with no captcha provider: it refuses every answer (fail closed). */
export function createRefusingCaptchaVerifier(): CaptchaVerifier {
  return {
    provider: 'none',
    siteKeys: { invisible: '', visible: '' },
    verify: async () => ({ ok: false, reasons: ['captcha-not-configured'] }),
  }
}
