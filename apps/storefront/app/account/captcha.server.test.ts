import { describe, expect, it } from 'vitest'
import { applicationError, createScriptedClient } from '../platform/testing/scripted-platform'
import { findAskedCaptchaInput, findCaptchaSettings, findRequiredCaptchaInput } from './captcha.server'

const siteKeys = { invisible: 'test-invisible-site-key', visible: 'test-visible-site-key' }

describe('the site’s captcha settings', () => {
  it('are asked for with the storefront’s client id', async () => {
    const { client, calls } = createScriptedClient({
      'GET /identity/v1/captcha-settings': ({ searchParams }) =>
        searchParams.get('clientId') === 'client-1'
          ? { body: { captchaRequired: true, provider: 'test', siteKeys } }
          : applicationError(400, 'INVALID_ARGUMENT'),
    })
    expect(await findCaptchaSettings(client)).toEqual({ captchaRequired: true, provider: 'test', siteKeys })
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /identity/v1/captcha-settings'])
  })

  it('show the captcha from the start only where the site requires one', async () => {
    const required = createScriptedClient({
      'GET /identity/v1/captcha-settings': { body: { captchaRequired: true, provider: 'test', siteKeys } },
    })
    expect(await findRequiredCaptchaInput(required.client)).toEqual({ kind: 'test', field: 'captcha' })
    const optional = createScriptedClient({
      'GET /identity/v1/captcha-settings': { body: { captchaRequired: false, provider: 'test', siteKeys } },
    })
    expect(await findRequiredCaptchaInput(optional.client)).toBeUndefined()
    // Once the platform asked, the provider's input is shown whatever the policy said before.
    expect(await findAskedCaptchaInput(optional.client)).toEqual({ kind: 'test', field: 'captcha' })
  })

  it.each([
    ['a refusal', applicationError(404, 'ROUTE_NOT_FOUND')],
    ['an answer of another shape', { body: { captchaRequired: 'yes' } }],
    ['no answer', 'network-error' as const],
  ])('are nothing after %s, and the form goes without a captcha', async (_, answer) => {
    const { client } = createScriptedClient({ 'GET /identity/v1/captcha-settings': answer })
    expect(await findCaptchaSettings(client)).toBeUndefined()
    expect(await findRequiredCaptchaInput(client)).toBeUndefined()
    expect(await findAskedCaptchaInput(client)).toEqual({ kind: 'unavailable' })
  })
})
