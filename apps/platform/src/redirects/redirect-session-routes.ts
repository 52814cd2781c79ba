import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import { identityOf, recordEvent } from '../events/event-outbox.ts'
import type { Api } from '../http/api.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { invalidField } from '../http/errors.ts'
import { hashToken } from '../oauth/opaque-token.ts'
import {
  createRedirectSession,
  type RedirectKind,
  type RedirectSession,
  type StoredAuthorizationRequest,
} from './redirect-session-store.ts'
import {
  type ClientRegistration,
  findClientRegistration,
  isRegisteredReturnUri,
  isRegisteredUri,
} from './redirect-uri.ts'

/** The hosted page of each kind this platform serves; a session's URL is the page plus its token. */
export const HOSTED_PAGE_PATHS = {
  auth: '/_auth/authorize',
  login: '/_auth/login',
  logout: '/_auth/logout',
} as const satisfies Partial<Record<RedirectKind, string>>

const url = z.string().min(1).max(2_000)
const PKCE_FORMAT = /^[A-Za-z0-9\-._~]{43,128}$/

const AuthRequestInput = z.object({
  redirectUri: url.optional(),
  clientId: z.string().min(1).max(200),
  codeChallenge: z
    .string()
    .regex(PKCE_FORMAT, 'must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~" (RFC 7636 §4.2)'),
  codeChallengeMethod: z.literal('S256', { error: 'must be S256: "plain" is refused (RFC 9700 §2.1.1)' }),
  responseMode: z
    .enum(['query', 'fragment'], { error: 'must be "query" or "fragment" ("web_message" is not served yet)' })
    .default('fragment'),
  responseType: z.literal('code', { error: 'must be "code"' }),
  scope: z.literal('offline_access').optional(),
  state: z.string().min(1).max(1_000),
  sessionToken: z.string().min(1).max(200).optional(),
})

const Unserved = z.record(z.string(), z.unknown()).optional()
const kinds = [
  'auth',
  'login',
  'logout',
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'storesProduct',
  'bookingsBook',
] as const satisfies readonly RedirectKind[]

const RedirectSessionBody = z
  .object({
    auth: z
      .object({
        authRequest: AuthRequestInput,
        prompt: z.enum(['login', 'none', 'consent', 'select_account']).default('login'),
      })
      .optional(),
    login: z.object({}).optional(),
    logout: z.object({ clientId: z.string().min(1).max(200) }).optional(),
    bookingsCheckout: Unserved,
    ecomCheckout: Unserved,
    eventsCheckout: Unserved,
    paidPlansCheckout: Unserved,
    storesProduct: Unserved,
    bookingsBook: Unserved,
    callbacks: z
      .object({
        postFlowUrl: url.optional(),
        thankYouPageUrl: url.optional(),
        cartPageUrl: url.optional(),
        planListUrl: url.optional(),
        loginUrl: url.optional(),
        bookingsServiceListUrl: url.optional(),
        callbackType: z.enum(['UNDEFINED', 'OWNER_BUSINESS', 'OWNER_CUSTOM', 'CUSTOM']).optional(),
      })
      .default({}),
    preferences: z
      .object({
        maintainQueryParams: z.boolean().optional(),
        additionalQueryParameters: z.record(z.string().max(100), z.string().max(1_000)).optional(),
        membersAccountSection: z
          .enum(['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS'])
          .optional(),
      })
      .default({}),
  })
  .superRefine((body, context) => {
    const given = kinds.filter((kind) => body[kind] !== undefined)
    if (given.length !== 1)
      context.addIssue({
        code: 'custom',
        path: [],
        message: `must hold exactly one of ${kinds.join(', ')} (got ${given.length})`,
        params: { violatedRule: 'ONE_OF_ALIGNMENT' },
      })
  })

type RedirectSessionInput = z.output<typeof RedirectSessionBody>

const RedirectSessionResponse = z.object({
  redirectSession: z.object({
    id: z.uuid(),
    fullUrl: z.url(),
    urlDetails: z.object({ endpoint: z.url(), searchParams: z.record(z.string(), z.string()) }),
    sessionToken: z.string().describe('the token in the URL that names the session to its hosted page'),
    locationType: z.enum(['UNKNOWN', 'LOGOUT', 'CHECKOUT', 'AUTHORIZE']),
  }),
})

/** The client `clientId` names, when it belongs to the caller's site. */
async function requireSiteClient(db: Db, caller: ShopperCaller, clientId: string, field: string) {
  const client = await findClientRegistration(db, clientId)
  if (!client || client.siteId !== caller.siteId)
    throw invalidField(field, 'is not an OAuth client of this site', 'VALIDATION')
  return client
}

function assertReturnUri(client: ClientRegistration, postFlowUrl: string | undefined) {
  if (postFlowUrl !== undefined && !isRegisteredReturnUri(client, postFlowUrl))
    throw invalidField('callbacks.postFlowUrl', 'is not a URI registered for the client', 'VALIDATION')
}

type NewSession = Pick<RedirectSession, 'clientId' | 'kind' | 'input' | 'memberSessionTokenHash'>

/**
 * The session an input asks for, validated: the client of the caller's site; for `auth` a redirect
 * URI registered for it (exact match; the first registered when none is given) and a PKCE S256
 * challenge; for `login` and `logout` a `postFlowUrl` registered for the client.
 */
async function toNewSession(db: Db, caller: ShopperCaller, body: RedirectSessionInput): Promise<NewSession> {
  if (body.auth) {
    const { authRequest, prompt } = body.auth
    const client = await requireSiteClient(db, caller, authRequest.clientId, 'auth.authRequest.clientId')
    const redirectUri = authRequest.redirectUri ?? client.redirectUris[0]
    if (redirectUri === undefined || !isRegisteredUri(client.redirectUris, redirectUri))
      throw invalidField('auth.authRequest.redirectUri', 'is not a redirect URI registered for the client')
    const input: StoredAuthorizationRequest = {
      redirectUri,
      isRedirectUriGiven: authRequest.redirectUri !== undefined,
      codeChallenge: authRequest.codeChallenge,
      codeChallengeMethod: 'S256',
      responseMode: authRequest.responseMode,
      state: authRequest.state,
      prompt: prompt === 'none' ? 'none' : 'login',
    }
    const memberSessionTokenHash = authRequest.sessionToken ? hashToken(authRequest.sessionToken) : undefined
    return { clientId: client.id, kind: 'auth', input: { ...input }, memberSessionTokenHash }
  }
  if (body.login || body.logout) {
    const kind = body.login ? 'login' : 'logout'
    const client = body.logout
      ? await requireSiteClient(db, caller, body.logout.clientId, 'logout.clientId')
      : await requireSiteClient(db, caller, caller.clientId, 'login')
    assertReturnUri(client, body.callbacks.postFlowUrl)
    return { clientId: client.id, kind, input: {}, memberSessionTokenHash: undefined }
  }
  const kind = kinds.find((name) => body[name] !== undefined) ?? 'auth'
  throw invalidField(kind, 'is not served by this platform yet', 'FIELD_NOT_ALLOWED')
}

/** `POST /redirects/v1/redirect-session`: a redirect session to a hosted page (auth, login, logout). */
export function registerRedirectSessionRoutes(api: Api, deps: { db: Db; clock: Clock; publicUrl: string }) {
  api.route(
    {
      method: 'post',
      path: '/redirects/v1/redirect-session',
      operationId: 'createRedirectSession',
      summary:
        'Create a redirect session to a hosted page: auth (PKCE S256 authorization request), login or logout; it lives 10 minutes and leads to its page once',
      tag: 'Redirects',
      auth: 'shopper',
      body: RedirectSessionBody,
      response: RedirectSessionResponse,
      cacheControl: 'no-store',
    },
    async ({ body, caller }) => {
      const now = deps.clock()
      const session = await toNewSession(deps.db, caller, body)
      const creator = { role: caller.kind, id: caller.subjectId }
      const created = await deps.db.transaction(async (tx) => {
        const stored = await createRedirectSession(
          tx,
          {
            ...session,
            siteId: caller.siteId,
            creator,
            callbacks: body.callbacks,
            preferences: body.preferences,
          },
          now,
        )
        const payload = {
          id: stored.id,
          kind: session.kind,
          clientId: session.clientId,
          expiresAt: stored.expiresAt,
        }
        await recordEvent(
          tx,
          {
            siteId: caller.siteId,
            type: 'redirect_session.created',
            entityId: stored.id,
            payload,
            identity: identityOf(caller),
          },
          now,
        )
        return stored
      })
      const kind = session.kind as keyof typeof HOSTED_PAGE_PATHS
      const endpoint = new URL(HOSTED_PAGE_PATHS[kind], deps.publicUrl).toString()
      const searchParams = { session: created.token }
      return {
        redirectSession: {
          id: created.id,
          fullUrl: `${endpoint}?${new URLSearchParams(searchParams)}`,
          urlDetails: { endpoint, searchParams },
          sessionToken: created.token,
          locationType: kind === 'auth' ? 'AUTHORIZE' : kind === 'logout' ? 'LOGOUT' : 'UNKNOWN',
        },
      }
    },
  )
}
