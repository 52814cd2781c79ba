import { z } from 'zod'
import type { Api } from '../http/api.ts'
import { findClientRegistration, isRegisteredReturnUri } from '../redirects/redirect-uri.ts'
import { requireCaptcha } from './captcha-gate.ts'
import { isHttps, readHostedSessionCookies } from './hosted-cookies.ts'
import type { IdentityDeps } from './identity-deps.ts'
import { AuthenticationResponse, LoginV2Body, RegisterV2Body } from './identity-wire.ts'
import { loginMember, registerMember } from './member-authentication.ts'
import { hostedRedirect, MessagePage, renderHostedError, renderHostedPage } from './pages/hosted-pages.tsx'
import { signOutBrowser } from './sign-out-browser.ts'

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
        'Log a member in with e-mail and password; SUCCESS carries a single-use session token (5 minutes). An unknown e-mail and a wrong password get the same -19976',
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

  api.route(
    {
      method: 'get',
      path: '/identity/v1/logout',
      operationId: 'logout',
      summary:
        'Sign the browser out of the hosted pages and go to postLogoutRedirectUri, which must be registered for clientId (exact match); otherwise a 400 page, never a redirect',
      tag,
      auth: 'none',
      query: z.object({
        // Checked by the handler, which answers an HTML page rather than a JSON error.
        postLogoutRedirectUri: z.string().optional(),
        clientId: z.string().optional(),
      }),
      response: z.string().describe('a redirect to postLogoutRedirectUri, or an HTML page'),
    },
    async ({ query }, c) => {
      const target = query.postLogoutRedirectUri
      const { clientId } = query
      const client =
        clientId && clientId.length <= 200 ? await findClientRegistration(db, clientId) : undefined
      if (target !== undefined && (!client || !isRegisteredReturnUri(client, target)))
        return renderHostedError(400, 'The address to return to after signing out is not registered.')
      if (query.clientId !== undefined && !client)
        return renderHostedError(400, 'The application that asked to sign out is unknown.')
      // The client's site only: signing out of one shop keeps the browser signed in to the others.
      const cookies = [...readHostedSessionCookies(c)].filter(
        ([siteId]) => !client || siteId === client.siteId,
      )
      const setCookies = await signOutBrowser(deps, new Map(cookies), isHttps(c, deps.publicUrl))
      if (target !== undefined) return hostedRedirect(target, 302, setCookies)
      return renderHostedPage(<MessagePage title="Signed out" message="You have signed out." />, {
        setCookies,
      })
    },
  )
}
