import { z } from 'zod'
import { findBookingsOfMember } from '../bookings/booking-store.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import type { FindOrderDownloads } from '../orders/order-routes.ts'
import { listOrders } from '../orders/order-store.ts'
import { findMembershipsOfMember } from '../plans/membership-store.ts'
import {
  HOSTED_PAGE_ROUTE,
  RedirectMessagePage,
  renderRedirectPage,
  renderVisitEnded,
  returnLink,
  SessionQuery,
  VisitParams,
} from '../redirects/hosted/hosted-redirect-pages.tsx'
import { sessionBrandOf } from '../redirects/hosted/redirect-session-brand.ts'
import { findHostedVisit, findLandingSession, landMembersOnlySession } from '../redirects/hosted-visit.ts'
import {
  MEMBERS_ACCOUNT_PATH,
  MEMBERS_ACCOUNT_SECTIONS,
  type MembersAccountSection,
} from '../redirects/redirect-kinds.ts'
import type { RedirectSession } from '../redirects/redirect-session-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { findTicketsOfMember } from '../ticketed-events/ticketed-event-store.ts'
import { findActiveAccountMember } from './account-member-store.ts'
import { type AccountSectionContent, MembersAccountPage } from './members-account-page.tsx'

export interface MembersAccountDeps {
  db: Db
  clock: Clock
  publicUrl: string
  /** The download links of a member's paid digital orders (decision 047); none when left out. */
  findDownloads?: FindOrderDownloads
  /** The signed link to a booking's cancel page (decision 069); no cancel links when left out. */
  bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined
}

/** The latest bookings the account shows, upcoming and past together. */
const BOOKING_PAGE_SIZE = 50
/** The member's latest tickets the EVENTS section lists. */
const TICKET_PAGE_SIZE = 100

/** The latest orders the account shows. */
const ORDER_PAGE_SIZE = 20

function pagePath(sessionId: string): string {
  return `${MEMBERS_ACCOUNT_PATH}/${sessionId}`
}

function isSection(value: unknown): value is MembersAccountSection {
  return MEMBERS_ACCOUNT_SECTIONS.includes(value as MembersAccountSection)
}

function backLink(session: RedirectSession) {
  return returnLink('Back to the shop', session.callbacks.postFlowUrl)
}

/** What a visitor who is not signed in sees: no account to show, and where to sign in. */
function signInFirst(session: RedirectSession, site: Site): Response {
  const login = returnLink('Sign in', session.callbacks.loginUrl)
  return renderRedirectPage(
    <RedirectMessagePage title="Sign in to see your account" links={[login, backLink(session)]}>
      <p>Your account at {site.name} is for members. Sign in on the shop, then open your account again.</p>
    </RedirectMessagePage>,
    { status: 403 },
  )
}

/**
 * The hosted members account of `membersAccount` sessions: `GET /_account?session=` spends the session;
 * a member's opens the account for this browser (`/_account/:sessionId?section=`), a visitor's says to
 * sign in first. The account shows the sections of MembersAccountSection: the member's details and
 * orders, their plans and bookings, and for events that the site does not offer them.
 */
export function registerMembersAccountRoutes(api: Api, deps: MembersAccountDeps) {
  const { db, clock, publicUrl } = deps

  /** The section's content for the session's member; `undefined` when the member is no longer active. */
  async function contentOf(
    session: RedirectSession,
    section: MembersAccountSection,
  ): Promise<AccountSectionContent | undefined> {
    const memberId = session.creator.id
    const member = await findActiveAccountMember(db, session.siteId, memberId)
    if (!member) return undefined
    if (section === 'ACCOUNT_INFO') return { section, member }
    if (section === 'SUBSCRIPTIONS')
      return {
        section,
        memberships: await findMembershipsOfMember(db, session.siteId, memberId),
        now: clock(),
      }
    if (section === 'BOOKINGS')
      return {
        section,
        bookings: await findBookingsOfMember(db, session.siteId, memberId, BOOKING_PAGE_SIZE),
        now: clock(),
        cancelLink: deps.bookingCancelLink
          ? (booking) => deps.bookingCancelLink!(booking.id, new Date(booking.start_date))
          : undefined,
      }
    if (section === 'EVENTS')
      return {
        section,
        tickets: await findTicketsOfMember(db, session.siteId, memberId, TICKET_PAGE_SIZE),
        now: clock(),
      }
    const audience = { siteId: session.siteId, ownerKind: 'member' as const, ownerId: memberId }
    const { orders, total } = await listOrders(db, audience, { limit: ORDER_PAGE_SIZE, offset: 0 })
    const downloads = deps.findDownloads
      ? await deps.findDownloads(orders.map(({ order }) => order))
      : undefined
    return { section, orders, total, downloads }
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: MEMBERS_ACCOUNT_PATH,
      operationId: 'hostedMembersAccountLanding',
      summary:
        "The landing of a membersAccount redirect session: spends it and opens the member's account for this browser; a visitor is asked to sign in first",
      query: SessionQuery,
    },
    async ({ query }, c) => {
      const now = clock()
      const session = await findLandingSession(db, query.session, ['membersAccount'], now)
      const landing = { session, token: query.session }
      return landMembersOnlySession(c, { db, publicUrl, now }, landing, pagePath, async (visitor) =>
        signInFirst(visitor, await getSite(db, visitor.siteId)),
      )
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: `${MEMBERS_ACCOUNT_PATH}/:sessionId`,
      operationId: 'hostedMembersAccount',
      summary:
        "The hosted members account: the member's details, their orders, and the sections the site does not offer",
      params: VisitParams,
      query: z.object({ section: z.string().optional() }),
    },
    async ({ params, query }, c) => {
      const visit = await findHostedVisit(c, db, params.sessionId, clock())
      if (!visit) return renderVisitEnded()
      const { session } = visit
      const chosen = isSection(query.section) ? query.section : session.input.section
      const section = isSection(chosen) ? chosen : 'ACCOUNT_INFO'
      const site = await getSite(db, session.siteId)
      const content = await contentOf(session, section)
      if (!content)
        return renderRedirectPage(
          <RedirectMessagePage title="Your account cannot be shown" links={[backLink(session)]}>
            <p>This account is not active at {site.name} any more.</p>
          </RedirectMessagePage>,
          { status: 403 },
        )
      return renderRedirectPage(
        <MembersAccountPage
          site={site}
          pagePath={pagePath(session.id)}
          content={content}
          links={[backLink(session)]}
        />,
        { brand: await sessionBrandOf(db, session, publicUrl) },
      )
    },
  )
}
