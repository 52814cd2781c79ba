import type { Context } from 'hono'
import { z } from 'zod'
import type { Api, AppEnv } from '../../http/api.ts'
import { createCsrfToken } from '../../pages/csrf.ts'
import { type MessageShop, messageShopOf } from '../../redirects/hosted/redirect-session-brand.ts'
import { findClientRegistration, isRegisteredReturnUri } from '../../redirects/redirect-uri.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { formCookie, isHttps, readHostedSessionCookies } from './hosted-cookies.ts'
import { readHostedForm } from './hosted-form.ts'
import {
  hostedRedirect,
  MessagePage,
  renderHostedError,
  renderHostedPage,
  SignOutPage,
} from './hosted-pages.tsx'
import { findHostedSession } from './hosted-session-store.ts'
import { signOutBrowser } from './sign-out-browser.ts'

/** Where the sign-out confirmation posts: under `/_auth`, where its form cookie is sent. */
export const SIGN_OUT_CONFIRM_PATH = '/_auth/sign-out'

const tag = 'Identity'
const Html = z.string().describe('a redirect to postLogoutRedirectUri, or an HTML page')

/** What a logout asks for, from the query (the SDK's `logoutUrl`) or the confirmation form. */
interface LogoutRequest {
  postLogoutRedirectUri?: string | undefined
  clientId?: string | undefined
}

/** A checked logout: the browser's hosted-login cookies it ends (site id to cookie) and where it goes. */
interface CheckedLogout {
  cookies: Map<string, string>
  target?: string | undefined
  /** The shop of the client that asked, whose brand the pages wear (Aisle's own without a client). */
  shop?: MessageShop | undefined
}

/**
 * The hosted logout: `GET /identity/v1/logout` (the SDK's `logoutUrl`) and its confirmation post.
 * A GET is forgeable (a link on any page, SECURITY.md O3), so it signs nothing out by itself while
 * the browser holds a live hosted-login session: it shows a confirmation page whose form, posted from
 * the platform's own page with its CSRF token, signs out. The SDK's logout redirect session
 * (`/_auth/logout?session=`) needs no confirmation: only the member's own client can create it.
 */
export function registerLogoutRoutes(api: Api, deps: IdentityDeps) {
  const { db, clock, publicUrl } = deps

  /** Checks the client and the return URI (exact match); an error page when either is wrong. */
  async function checkLogout(c: Context<AppEnv>, request: LogoutRequest): Promise<CheckedLogout | Response> {
    const { postLogoutRedirectUri: target, clientId } = request
    const client = clientId && clientId.length <= 200 ? await findClientRegistration(db, clientId) : undefined
    if (clientId !== undefined && !client)
      return renderHostedError(400, 'The application that asked to sign out is unknown.')
    if (target !== undefined && (!client || !isRegisteredReturnUri(client, target)))
      return renderHostedError(
        400,
        'The address to return to after signing out is not registered.',
        client && (await messageShopOf(db, client.siteId, undefined, publicUrl)),
      )
    // The client's site only: signing out of one shop keeps the browser signed in to the others.
    const cookies = [...readHostedSessionCookies(c)].filter(([siteId]) => !client || siteId === client.siteId)
    const shop = client && (await messageShopOf(db, client.siteId, target, publicUrl))
    return { cookies: new Map(cookies), target, shop }
  }

  async function hasLiveSession(cookies: ReadonlyMap<string, string>): Promise<boolean> {
    const now = clock()
    for (const [siteId, sessionId] of cookies)
      if (await findHostedSession(db, sessionId, siteId, now)) return true
    return false
  }

  async function signOut(
    c: Context<AppEnv>,
    logout: CheckedLogout,
    status: 302 | 303,
    extraCookies: string[],
  ) {
    const setCookies = [
      ...(await signOutBrowser(deps, logout.cookies, isHttps(c, publicUrl))),
      ...extraCookies,
    ]
    if (logout.target !== undefined) return hostedRedirect(logout.target, status, setCookies)
    return renderHostedPage(<MessagePage title="Signed out" message="You have signed out." />, {
      setCookies,
      siteId: logout.shop?.siteId,
      brand: logout.shop?.brand,
    })
  }

  function confirmation(
    c: Context<AppEnv>,
    request: LogoutRequest,
    shop: MessageShop | undefined,
    status = 200,
  ): Response {
    const csrfToken = createCsrfToken()
    const target = request.postLogoutRedirectUri
    return renderHostedPage(
      <SignOutPage
        action={SIGN_OUT_CONFIRM_PATH}
        csrfToken={csrfToken}
        postLogoutRedirectUri={target}
        clientId={request.clientId}
      />,
      {
        status,
        formTargets: target ? [new URL(target).origin] : [],
        setCookies: [formCookie(csrfToken, isHttps(c, publicUrl))],
        siteId: shop?.siteId,
        brand: shop?.brand,
      },
    )
  }

  api.route(
    {
      method: 'get',
      path: '/identity/v1/logout',
      operationId: 'logout',
      summary:
        'Sign the browser out of the hosted pages and go to postLogoutRedirectUri, which must be registered for clientId (exact match; otherwise a 400 page, never a redirect). While the browser is signed in, a confirmation page comes first (a GET can be forged)',
      tag,
      auth: 'none',
      query: z.object({
        // Checked by the handler, which answers an HTML page rather than a JSON error.
        postLogoutRedirectUri: z.string().optional(),
        clientId: z.string().optional(),
      }),
      response: Html,
    },
    async ({ query }, c) => {
      const logout = await checkLogout(c, query)
      if (logout instanceof Response) return logout
      // Nothing to end (no cookie, or only dead sessions): a forged link can do no harm; stale cookies go.
      if (!(await hasLiveSession(logout.cookies))) return signOut(c, logout, 302, [])
      return confirmation(c, query, logout.shop)
    },
  )

  api.route(
    {
      method: 'post',
      path: SIGN_OUT_CONFIRM_PATH,
      operationId: 'confirmLogout',
      summary:
        'The sign-out confirmation form (csrf, postLogoutRedirectUri, clientId): signs the browser out, then goes to postLogoutRedirectUri',
      tag: 'Hosted pages',
      auth: 'none',
      response: Html,
    },
    async (_request, c) => {
      const form = await readHostedForm(c, publicUrl)
      if (!form) return renderHostedError(403, 'The form was sent from another site.')
      const request = {
        postLogoutRedirectUri: form.text('postLogoutRedirectUri', 2048) || undefined,
        clientId: form.text('clientId', 200) || undefined,
      }
      const logout = await checkLogout(c, request)
      if (logout instanceof Response) return logout
      if (!form.hasValidToken) return confirmation(c, request, logout.shop, 403)
      return signOut(c, logout, 303, [formCookie('', isHttps(c, publicUrl))])
    },
  )
}
