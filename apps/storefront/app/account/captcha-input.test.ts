import { describe, expect, it } from 'vitest'
import {
  CAPTCHA_ANSWER_MAX_LENGTH,
  type CaptchaSettings,
  parseCaptchaSettings,
  readCaptchaTokens,
  toCaptchaInput,
} from './captcha-input'

const settings = (provider: string, visible = 'visible-key'): CaptchaSettings => ({
  captchaRequired: true,
  provider,
  siteKeys: { invisible: 'invisible-key', visible },
})

describe('parseCaptchaSettings', () => {
  it('reads the platform’s answer', () => {
    const answer = { captchaRequired: true, provider: 'test', siteKeys: { invisible: 'i', visible: 'v' } }
    expect(parseCaptchaSettings(answer)).toEqual(answer)
  })

  it.each([
    null,
    'test',
    {},
    { captchaRequired: 'yes', provider: 'test', siteKeys: { invisible: 'i', visible: 'v' } },
    { captchaRequired: true, provider: 42, siteKeys: { invisible: 'i', visible: 'v' } },
    { captchaRequired: true, provider: 'test' },
    { captchaRequired: true, provider: 'test', siteKeys: { invisible: 'i' } },
  ])('reads %j as nothing', (value) => {
    expect(parseCaptchaSettings(value)).toBeUndefined()
  })
})

describe('toCaptchaInput', () => {
  it('asks for the test provider’s answer in a text input', () => {
    expect(toCaptchaInput(settings('test'))).toEqual({ kind: 'test', field: 'captcha' })
  })

  it.each([
    ['recaptcha', 'https://www.google.com/recaptcha/api.js', 'g-recaptcha', 'grecaptcha'],
    ['hcaptcha', 'https://js.hcaptcha.com/1/api.js', 'h-captcha', 'hcaptcha'],
    ['turnstile', 'https://challenges.cloudflare.com/turnstile/v0/api.js', 'cf-turnstile', 'turnstile'],
  ])(
    'shows the %s widget with the visible site key and its script',
    (provider, scriptUrl, containerClass, renderGlobal) => {
      expect(toCaptchaInput(settings(provider))).toEqual({
        kind: 'widget',
        provider,
        siteKey: 'visible-key',
        scriptUrl,
        containerClass,
        renderGlobal,
      })
    },
  )

  it.each([
    ['no settings', undefined],
    ['provider none', settings('none')],
    ['a provider this page does not know', settings('http')],
    ['a provider named like an object property', settings('constructor')],
    ['a known provider without a visible key', settings('recaptcha', '')],
  ])('has no way to ask with %s', (_, given) => {
    expect(toCaptchaInput(given)).toEqual({ kind: 'unavailable' })
  })
})

describe('readCaptchaTokens', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(fields)) data.append(name, value)
    return data
  }

  it('passes the typed test answer on as the visible captcha’s token, trimmed', () => {
    expect(readCaptchaTokens(form({ captcha: '  test-pass.a1 ' }))).toEqual({
      recaptchaToken: 'test-pass.a1',
    })
  })

  it.each(['g-recaptcha-response', 'h-captcha-response', 'cf-turnstile-response'])(
    'reads the answer a widget put in %s',
    (field) => {
      expect(readCaptchaTokens(form({ email: 'a@example.com', [field]: 'widget-token' }))).toEqual({
        recaptchaToken: 'widget-token',
      })
    },
  )

  it('has no answer for an empty form, blank fields or a file', () => {
    expect(readCaptchaTokens(form({}))).toBeUndefined()
    expect(readCaptchaTokens(form({ captcha: '   ', 'g-recaptcha-response': '' }))).toBeUndefined()
    const withFile = new FormData()
    withFile.append('captcha', new Blob(['test-pass.a1']), 'answer.txt')
    expect(readCaptchaTokens(withFile)).toBeUndefined()
  })

  it('drops an answer too long to be a provider’s token', () => {
    expect(readCaptchaTokens(form({ captcha: 'x'.repeat(CAPTCHA_ANSWER_MAX_LENGTH) }))).toBeDefined()
    expect(readCaptchaTokens(form({ captcha: 'x'.repeat(CAPTCHA_ANSWER_MAX_LENGTH + 1) }))).toBeUndefined()
  })
})
