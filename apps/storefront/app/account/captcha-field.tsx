import { useEffect, useRef, useState } from 'react'
import { useNonce } from '../security/nonce'
import type { CaptchaInput, CaptchaWidget } from './captcha-input'

/** The render call the providers' scripts define on `window` (`grecaptcha`, `hcaptcha`, `turnstile`). */
interface CaptchaRenderer {
  render(container: HTMLElement, options: { sitekey: string }): unknown
}

/**
 * The captcha of a sign-in or sign-up form, when the site asks for one: the platform's test provider's
 * text input (a person types `test-pass.` and some letters), a real provider's widget (its container with
 * the site's visible key, and its script from the provider's origin; the widget adds its answer field to
 * the form), or nothing where this page cannot show it (the form's message then points to the account site).
 */
export function CaptchaField({
  captcha,
  isInvalid,
  answer,
}: {
  captcha: CaptchaInput | undefined
  isInvalid?: boolean
  /** The form's latest answer from its action: each new one shows a fresh captcha (an answer is good once). */
  answer: unknown
}) {
  const generation = useGeneration(answer)
  if (!captcha || captcha.kind === 'unavailable') return null
  if (captcha.kind === 'widget')
    return <CaptchaWidgetField key={generation} widget={captcha} siteKey={captcha.siteKey} />
  return <TestCaptchaField key={generation} field={captcha.field} isInvalid={isInvalid} />
}

/** Counts the changes of `value` across renders (React's "information from previous renders" pattern). */
function useGeneration(value: unknown): number {
  const [seen, setSeen] = useState({ value, generation: 0 })
  if (seen.value === value) return seen.generation
  setSeen({ value, generation: seen.generation + 1 })
  return seen.generation + 1
}

function TestCaptchaField({ field, isInvalid }: { field: string; isInvalid: boolean | undefined }) {
  return (
    <div className="field">
      <label htmlFor="captcha-answer">Captcha answer</label>
      <input
        id="captcha-answer"
        type="text"
        name={field}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        required
        maxLength={120}
        aria-describedby="captcha-answer-hint"
        aria-invalid={isInvalid ? true : undefined}
      />
      <span id="captcha-answer-hint" className="field-hint">
        This store uses the test captcha: type test-pass. and any letters, like test-pass.a1.
      </span>
    </div>
  )
}

function CaptchaWidgetField({ widget, siteKey }: { widget: CaptchaWidget; siteKey: string }) {
  const container = useRef<HTMLDivElement>(null)
  const nonce = useNonce()
  // The provider's script renders the containers present when it loads; one that appears later (after
  // the platform asked for a captcha) is rendered here once the script is there.
  useEffect(() => {
    const element = container.current
    const renderer = (window as unknown as Record<string, CaptchaRenderer | undefined>)[widget.renderGlobal]
    if (element && element.childElementCount === 0 && typeof renderer?.render === 'function')
      renderer.render(element, { sitekey: siteKey })
  }, [widget.renderGlobal, siteKey])
  return (
    <div className="field">
      <span className="field-hint">Please confirm you’re not a robot.</span>
      <div ref={container} className={widget.containerClass} data-sitekey={siteKey} />
      <script src={widget.scriptUrl} async defer nonce={nonce} />
    </div>
  )
}
