import type { CaptchaVerifier } from './captcha-verifier.ts'

/** Answers the test provider takes: this prefix and a nonce (each answer is good once, as a real one). */
export const TEST_CAPTCHA_PASS_PREFIX = 'test-pass.'
/** The test provider's site keys, shown to the SDK like real ones. */
export const TEST_CAPTCHA_SITE_KEYS = {
  invisible: 'test-invisible-site-key',
  visible: 'test-visible-site-key',
} as const

const PASS = /^test-pass\.[A-Za-z0-9_-]{1,100}$/

/**
 * The deterministic captcha provider for local use and tests: `test-pass.<nonce>` is a good answer,
 * anything else is refused as `invalid-input-response`. No network; the platform still makes each
 * answer single use.
 */
export function createTestCaptchaVerifier(): CaptchaVerifier {
  return {
    provider: 'test',
    siteKeys: TEST_CAPTCHA_SITE_KEYS,
    verify: async (answer) =>
      PASS.test(answer.token) ? { ok: true } : { ok: false, reasons: ['invalid-input-response'] },
  }
}
