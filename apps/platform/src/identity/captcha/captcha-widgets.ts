import type { CaptchaVerifier } from './captcha-verifier.ts'

/** The CSP sources a provider's widget needs on the page that shows it, by directive. */
export interface CaptchaCspSources {
  'script-src': readonly string[]
  'frame-src': readonly string[]
}

/** How a page without the SDK shows a real provider's visible captcha: its script and its container. */
export interface CaptchaWidget {
  /** The provider's script, loaded from its own origin; it renders every container it finds. */
  scriptUrl: string
  /** The class of the container element the script renders the widget in (with `data-sitekey`). */
  containerClass: string
  /** The form field the widget adds to its form with the answer. */
  responseField: string
  /** What the page's CSP must allow for the widget, and nothing else. */
  csp: CaptchaCspSources
}

/**
 * The widgets of the providers the HTTP verifier speaks to, from their documentation.
 *
 * @see https://developers.google.com/recaptcha/docs/display and https://developers.google.com/recaptcha/docs/faq#im-using-content-security-policy-csp-on-my-website.-how-can-i-configure-it-to-work-with-recaptcha
 * @see https://docs.hcaptcha.com/#add-the-hcaptcha-widget-to-your-webpage and https://docs.hcaptcha.com/#content-security-policy-settings
 * @see https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/ and https://developers.cloudflare.com/turnstile/reference/content-security-policy/
 */
export const CAPTCHA_WIDGETS = {
  recaptcha: {
    scriptUrl: 'https://www.google.com/recaptcha/api.js',
    containerClass: 'g-recaptcha',
    responseField: 'g-recaptcha-response',
    csp: {
      'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    },
  },
  hcaptcha: {
    scriptUrl: 'https://js.hcaptcha.com/1/api.js',
    containerClass: 'h-captcha',
    responseField: 'h-captcha-response',
    csp: {
      'script-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      'frame-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    },
  },
  turnstile: {
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    containerClass: 'cf-turnstile',
    responseField: 'cf-turnstile-response',
    csp: {
      'script-src': ['https://challenges.cloudflare.com'],
      'frame-src': ['https://challenges.cloudflare.com'],
    },
  },
} as const satisfies Record<string, CaptchaWidget>

/** The field of the test provider's text input, where a person or a test types `test-pass.<nonce>`. */
export const TEST_CAPTCHA_FIELD = 'captcha'

/**
 * How a server-rendered form asks for a captcha answer with the configured verifier: a plain text
 * input for the test provider, the provider's widget (with its visible site key) for a known real one,
 * or `unavailable` when there is no way (no provider configured, or an `http` provider whose widget
 * the platform does not know).
 */
export type CaptchaFormInput =
  | { kind: 'test'; responseField: string }
  | ({ kind: 'widget'; siteKey: string } & CaptchaWidget)
  | { kind: 'unavailable' }

/** The form input of the verifier's provider (see {@link CaptchaFormInput}). */
export function captchaFormInputOf(verifier: CaptchaVerifier): CaptchaFormInput {
  if (verifier.provider === 'test') return { kind: 'test', responseField: TEST_CAPTCHA_FIELD }
  const widget = Object.hasOwn(CAPTCHA_WIDGETS, verifier.provider)
    ? CAPTCHA_WIDGETS[verifier.provider as keyof typeof CAPTCHA_WIDGETS]
    : undefined
  if (!widget || !verifier.siteKeys.visible) return { kind: 'unavailable' }
  return { kind: 'widget', siteKey: verifier.siteKeys.visible, ...widget }
}
