/** A real captcha provider's widget, as its documentation says to show one on a server-rendered form. */
export interface CaptchaWidget {
  /** The provider's script, from its own origin: it renders the containers it finds. */
  scriptUrl: string
  /** The class of the container the widget renders in (with `data-sitekey`). */
  containerClass: string
  /** The global the script defines, whose `render(container, { sitekey })` renders a container added later. */
  renderGlobal: string
}

/**
 * The widgets of the providers the platform's HTTP verifier speaks to (the platform's own hosted pages
 * show the same ones: apps/platform/src/identity/captcha/captcha-widgets.ts).
 *
 * @see https://developers.google.com/recaptcha/docs/display
 * @see https://docs.hcaptcha.com/#add-the-hcaptcha-widget-to-your-webpage
 * @see https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/
 */
export const CAPTCHA_WIDGETS = {
  recaptcha: {
    scriptUrl: 'https://www.google.com/recaptcha/api.js',
    containerClass: 'g-recaptcha',
    renderGlobal: 'grecaptcha',
  },
  hcaptcha: {
    scriptUrl: 'https://js.hcaptcha.com/1/api.js',
    containerClass: 'h-captcha',
    renderGlobal: 'hcaptcha',
  },
  turnstile: {
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    containerClass: 'cf-turnstile',
    renderGlobal: 'turnstile',
  },
} as const satisfies Record<string, CaptchaWidget>

/** The field of the platform's test provider's text input, where a person types `test-pass.<letters>`. */
export const TEST_CAPTCHA_FIELD = 'captcha'

/**
 * The form fields a captcha answer arrives in, in the order they are read: the test provider's input, then
 * the fields each provider's widget adds to its form (hCaptcha fills `g-recaptcha-response` too).
 */
export const CAPTCHA_ANSWER_FIELDS = [
  TEST_CAPTCHA_FIELD,
  'g-recaptcha-response',
  'h-captcha-response',
  'cf-turnstile-response',
] as const

/** The longest answer passed on (providers' tokens are a few kilobytes at most). */
export const CAPTCHA_ANSWER_MAX_LENGTH = 8_192

/**
 * How a sign-in or sign-up form asks for a captcha answer: the platform's test provider's text input, a
 * real provider's widget with the site's visible key, or `unavailable` when this page has no way (no
 * provider configured, or one it does not know).
 */
export type CaptchaInput =
  | { kind: 'test'; field: typeof TEST_CAPTCHA_FIELD }
  | ({ kind: 'widget'; provider: keyof typeof CAPTCHA_WIDGETS; siteKey: string } & CaptchaWidget)
  | { kind: 'unavailable' }

/** What the platform says about its captcha (`GET /identity/v1/captcha-settings`). */
export interface CaptchaSettings {
  captchaRequired: boolean
  provider: string
  siteKeys: { invisible: string; visible: string }
}

/**
 * Reads the platform's captcha settings from its answer; `undefined` for anything else.
 */
export function parseCaptchaSettings(value: unknown): CaptchaSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { captchaRequired, provider, siteKeys } = value as Record<string, unknown>
  if (typeof captchaRequired !== 'boolean' || typeof provider !== 'string') return undefined
  if (typeof siteKeys !== 'object' || siteKeys === null) return undefined
  const { invisible, visible } = siteKeys as Record<string, unknown>
  if (typeof invisible !== 'string' || typeof visible !== 'string') return undefined
  return { captchaRequired, provider, siteKeys: { invisible, visible } }
}

/** The captcha input of the platform's provider (see {@link CaptchaInput}). */
export function toCaptchaInput(settings: CaptchaSettings | undefined): CaptchaInput {
  if (settings?.provider === 'test') return { kind: 'test', field: TEST_CAPTCHA_FIELD }
  const provider = settings?.provider
  if (!provider || !Object.hasOwn(CAPTCHA_WIDGETS, provider) || !settings.siteKeys.visible)
    return { kind: 'unavailable' }
  const known = provider as keyof typeof CAPTCHA_WIDGETS
  return { kind: 'widget', provider: known, siteKey: settings.siteKeys.visible, ...CAPTCHA_WIDGETS[known] }
}

/**
 * The captcha answer a form carries, from the first answer field that has one, for the SDK's `login` and
 * `register` (`captchaTokens.recaptchaToken`: the visible captcha's answer); `undefined` without one, or
 * for one too long to be a provider's token (the platform then asks again).
 */
export function readCaptchaTokens(form: FormData): { recaptchaToken: string } | undefined {
  for (const field of CAPTCHA_ANSWER_FIELDS) {
    const value = form.get(field)
    const answer = typeof value === 'string' ? value.trim() : ''
    if (answer) return answer.length <= CAPTCHA_ANSWER_MAX_LENGTH ? { recaptchaToken: answer } : undefined
  }
  return undefined
}
