import type { Api } from '../http/api.ts'
import { requireCaptcha } from './captcha/captcha-gate.ts'
import { registerLogoutRoutes } from './hosted/logout-routes.tsx'
import type { IdentityDeps } from './identity-deps.ts'
import { AuthenticationResponse, LoginV2Body, RegisterV2Body } from './identity-wire.ts'
import { loginMember, registerMember } from './members/member-authentication.ts'

const tag = 'Identity'
const NO_STORE = 'no-store'

/** The identity calls under `/identity`: v2 register and login, and the hosted logout. */
export function registerIdentityRoutes(api: Api, deps: IdentityDeps) {
  const { db, clock } = deps
  const authentication = { db, hasher: deps.hasher }

  api.route(
    {
      method: 'post',
      path: '/identity/v2/register',
      operationId: 'registerV2',
      summary:
        'Register a member with e-mail and password; SUCCESS carries a single-use session token (5 minutes). A taken e-mail answers -19995, a bad one a field violation with ruleName EMAIL',
      tag,
      auth: 'shopper',
      body: RegisterV2Body,
      response: AuthenticationResponse,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }, c) => {
      await requireCaptcha(deps, caller.siteId, body.captchaTokens, c.get('clientAddress'))
      return registerMember(
        authentication,
        { siteId: caller.siteId, clientId: caller.clientId },
        { email: body.loginId.email, password: body.password, profile: body.profile },
        clock(),
      )
    },
  )

  api.route(
    {
      method: 'post',
      path: '/identity/v2/login',
      operationId: 'loginV2',
      summary:
        'Log a member in with e-mail and password; SUCCESS carries a single-use session token (5 minutes). An unknown e-mail and a wrong password get the same -19976; a member without a password yet (signed on, SSO) gets -19973 (resetPassword)',
      tag,
      auth: 'shopper',
      body: LoginV2Body,
      response: AuthenticationResponse,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }, c) => {
      await requireCaptcha(deps, caller.siteId, body.captchaTokens, c.get('clientAddress'))
      return loginMember(
        authentication,
        { siteId: caller.siteId, clientId: caller.clientId },
        { email: body.loginId.email, password: body.password },
        clock(),
      )
    },
  )

  registerLogoutRoutes(api, deps)
}
