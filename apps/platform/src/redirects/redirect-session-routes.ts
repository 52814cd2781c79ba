import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import {
  LOCATION_TYPES,
  MEMBERS_ACCOUNT_SECTIONS,
  membersAccountSections,
  REDIRECT_KINDS,
  redirectKinds,
} from './redirect-kinds.ts'
import { type CreatedRedirectSession, createRedirectSessionFor } from './redirect-session-creation.ts'
import { type PreferencesInput, RedirectSessionBody } from './redirect-session-input.ts'

/** The hosted login pages of the identity flows (served in `identity/`). */
export const HOSTED_PAGE_PATHS = {
  auth: redirectKinds.auth.path,
  login: redirectKinds.login.path,
  logout: redirectKinds.logout.path,
} as const

const LocationType = z.enum(LOCATION_TYPES)

export const RedirectSessionResponse = z.object({
  redirectSession: z.object({
    id: z.uuid(),
    fullUrl: z.url(),
    urlDetails: z.object({
      endpoint: z.url(),
      searchParams: z.record(z.string(), z.string()),
      locationType: LocationType.describe('what the URL leads to (spec LocationType)'),
    }),
    sessionToken: z.string().describe('the token in the URL that names the session to its hosted page'),
    locationType: LocationType.describe('the same as urlDetails.locationType'),
  }),
})

const KindsResponse = z.object({
  kinds: z.array(
    z.object({
      kind: z.enum(REDIRECT_KINDS),
      isSupported: z
        .boolean()
        .describe('false: the site does not sell this; the session leads to a page that says so'),
      locationType: LocationType,
      endpoint: z.url().describe('the hosted page a session of this kind leads to'),
    }),
  ),
  membersAccountSections: z.array(
    z.object({
      section: z.enum(MEMBERS_ACCOUNT_SECTIONS),
      isSupported: z.boolean().describe('false: the members account says the site does not offer it'),
    }),
  ),
})

/** The wire form of a new session: its hosted page's URL with the token (and any additional parameters). */
function toWireRedirectSession(
  created: CreatedRedirectSession,
  preferences: PreferencesInput,
  publicUrl: string,
) {
  const { path, locationType } = redirectKinds[created.kind]
  const endpoint = new URL(path, publicUrl).toString()
  const searchParams = { session: created.token, ...preferences.additionalQueryParameters }
  return {
    id: created.id,
    fullUrl: `${endpoint}?${new URLSearchParams(searchParams)}`,
    urlDetails: { endpoint, searchParams, locationType },
    sessionToken: created.token,
    locationType,
  }
}

/**
 * `POST /redirects/v1/redirect-session`, a session to a hosted page of any kind, and
 * `GET /redirects/v1/redirect-session/kinds`, which kinds the caller's site supports.
 */
export function registerRedirectSessionRoutes(api: Api, deps: { db: Db; clock: Clock; publicUrl: string }) {
  api.route(
    {
      method: 'post',
      path: '/redirects/v1/redirect-session',
      operationId: 'createRedirectSession',
      summary:
        'Create a redirect session to a hosted page: exactly one of auth (PKCE S256), login, logout, ecomCheckout, storesProduct, membersAccount, bookingsCheckout, bookingsBook, eventsCheckout, paidPlansCheckout; callback URLs on origins registered for the client; it lives 10 minutes and leads to its page once',
      tag: 'Redirects',
      auth: 'shopper',
      body: RedirectSessionBody,
      response: RedirectSessionResponse,
      cacheControl: 'no-store',
    },
    async ({ body, caller }) => {
      const created = await createRedirectSessionFor(deps.db, caller, body, deps.clock())
      return { redirectSession: toWireRedirectSession(created, body.preferences, deps.publicUrl) }
    },
  )

  api.route(
    {
      method: 'get',
      path: '/redirects/v1/redirect-session/kinds',
      operationId: 'listRedirectSessionKinds',
      summary:
        "Which redirect session kinds and members account sections the caller's site supports; the others lead to a hosted page that says the site does not offer them",
      tag: 'Redirects',
      auth: 'caller',
      response: KindsResponse,
      cacheControl: 'private, max-age=300',
    },
    async () => ({
      kinds: REDIRECT_KINDS.map((kind) => ({
        kind,
        isSupported: redirectKinds[kind].isSold,
        locationType: redirectKinds[kind].locationType,
        endpoint: new URL(redirectKinds[kind].path, deps.publicUrl).toString(),
      })),
      membersAccountSections: MEMBERS_ACCOUNT_SECTIONS.map((section) => ({
        section,
        isSupported: membersAccountSections[section].isSold,
      })),
    }),
  )
}
