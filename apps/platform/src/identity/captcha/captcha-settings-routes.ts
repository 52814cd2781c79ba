import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { invalidField } from '../../http/errors.ts'
import { findOAuthClient } from '../../oauth/token-store.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { readIdentityPolicy } from '../identity-policy.ts'

const CaptchaSettings = z.object({
  captchaRequired: z.boolean().describe('whether registration and login on this site need a captcha answer'),
  provider: z.string().describe('the captcha provider: recaptcha, hcaptcha, turnstile, test (local) or none'),
  siteKeys: z.object({
    invisible: z.string().describe('render this one first, before register or login'),
    visible: z.string().describe('show this one after -19970 (USER_CAPTCHA_REQUIRED)'),
  }),
})

/**
 * `GET /identity/v1/captcha-settings?clientId=`: what a storefront needs to render the captchas of its
 * site (spec section 9: an invisible and a visible site key), and whether the site requires them.
 * Site keys are public by design; the answer names no secret.
 */
export function registerCaptchaSettingsRoutes(api: Api, deps: IdentityDeps) {
  api.route(
    {
      method: 'get',
      path: '/identity/v1/captcha-settings',
      operationId: 'getCaptchaSettings',
      summary:
        'The captcha provider and its invisible and visible site keys (for OAuthStrategy captchaSiteKeys), and whether the site of clientId requires a captcha on registration and login',
      tag: 'Identity',
      auth: 'none',
      query: z.object({ clientId: z.string().min(1).max(200) }),
      response: CaptchaSettings,
      cacheControl: 'no-cache',
    },
    async ({ query }, c) => {
      const client = await findOAuthClient(deps.db, query.clientId)
      if (!client) throw invalidField('clientId', 'is not a registered OAuth client')
      c.set('corsClientId', client.id)
      const policy = await readIdentityPolicy(deps.db, client.siteId)
      return {
        captchaRequired: policy.captchaRequired,
        provider: deps.captcha.provider,
        siteKeys: { ...deps.captcha.siteKeys },
      }
    },
  )
}
