import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CaptchaField } from './captcha-field'
import { type CaptchaInput, toCaptchaInput } from './captcha-input'

const render = (captcha: CaptchaInput | undefined, isInvalid = false) =>
  renderToStaticMarkup(createElement(CaptchaField, { captcha, isInvalid, answer: undefined }))

describe('CaptchaField', () => {
  it('shows the test provider’s labelled text input, named as the action reads it', () => {
    const html = render({ kind: 'test', field: 'captcha' }, true)
    expect(html).toContain('<label for="captcha-answer">Captcha answer</label>')
    const input = html.match(/<input id="captcha-answer"[^>]*>/)?.[0] ?? ''
    for (const attribute of ['type="text"', 'name="captcha"', 'required=""', 'autoComplete="off"'])
      expect(input).toContain(attribute)
    expect(input).toContain('aria-invalid="true"')
    expect(input).toContain('aria-describedby="captcha-answer-hint"')
  })

  it('shows a real provider’s container with the visible site key, and its script from its own origin', () => {
    const siteKeys = { invisible: 'invisible-key', visible: 'visible-key' }
    const html = render(toCaptchaInput({ captchaRequired: true, provider: 'turnstile', siteKeys }))
    expect(html).toContain('<div class="cf-turnstile" data-sitekey="visible-key"></div>')
    expect(html).toContain('src="https://challenges.cloudflare.com/turnstile/v0/api.js"')
    expect(html).not.toContain('invisible-key')
  })

  it('shows nothing without a captcha, or one this page cannot show', () => {
    expect(render(undefined)).toBe('')
    expect(render({ kind: 'unavailable' })).toBe('')
  })
})
