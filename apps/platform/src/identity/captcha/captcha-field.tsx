import { useNonce } from '../../pages/document.tsx'
import type { CaptchaCspSources, CaptchaFormInput } from './captcha-widgets.ts'
import type { CaptchaProblem } from './hosted-captcha.ts'

/** What a hosted form says when its captcha answer is refused: fixed texts. */
export const captchaProblems: Record<CaptchaProblem, string> = {
  'captcha-missing': 'Please complete the captcha to continue.',
  'captcha-wrong': 'The captcha was not accepted (it may have expired). Please complete it again.',
}

/**
 * The captcha of a hosted form: the test provider's text input (`test-pass.<nonce>` passes), a real
 * provider's widget (its container with the visible site key, and its script from the provider's
 * origin, allowed by the page's nonce and CSP), or a notice where none can be shown.
 */
export function CaptchaField(props: { captcha: CaptchaFormInput | undefined; isInvalid?: boolean }) {
  const nonce = useNonce()
  const { captcha } = props
  if (!captcha) return null
  if (captcha.kind === 'test')
    return (
      <div className="field">
        <label htmlFor="captcha">Captcha answer (test provider)</label>
        <input
          className="wide"
          id="captcha"
          name={captcha.responseField}
          type="text"
          autoComplete="off"
          required
          maxLength={120}
          aria-describedby="captcha-hint"
          aria-invalid={props.isInvalid ? true : undefined}
        />
        <div className="hint" id="captcha-hint">
          This site uses the test captcha provider: type test-pass. and any letters, like test-pass.a1.
        </div>
      </div>
    )
  if (captcha.kind === 'unavailable')
    return (
      <p className="problem" role="alert">
        This site asks for a captcha that this page cannot show. Please use the shop’s own form instead.
      </p>
    )
  return (
    <div className="field">
      <div className={captcha.containerClass} data-sitekey={captcha.siteKey} />
      <script src={captcha.scriptUrl} nonce={nonce} async defer />
    </div>
  )
}

/** The CSP sources the form's captcha needs on its page: a real provider's only, none otherwise. */
export function captchaCspOf(captcha: CaptchaFormInput | undefined): CaptchaCspSources | undefined {
  return captcha?.kind === 'widget' ? captcha.csp : undefined
}
