import { HOSTED_CHECKOUT_PATH } from '../../checkout/hosted/hosted-checkout-routes.tsx'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/db.ts'
import type { Api } from '../../http/api.ts'
import { getSite } from '../../sites/site-store.ts'
import { findLandingSession } from '../hosted-visit.ts'
import { firstCallback } from '../redirect-callbacks.ts'
import { CHECKOUT_LANDING_PATH, NOT_OFFERED_PATH, type NotOfferedKind } from '../redirect-kinds.ts'
import type { CallbackUrlField } from '../redirect-session-input.ts'
import { spendRedirectSession } from '../redirect-session-store.ts'
import {
  HOSTED_PAGE_ROUTE,
  RedirectMessagePage,
  redirectFromHostedPage,
  renderRedirectPage,
  renderUnusableLink,
  returnLink,
  SessionQuery,
} from './hosted-redirect-pages.tsx'
import { brandOfSessionToken } from './redirect-session-brand.ts'

const page = { ...HOSTED_PAGE_ROUTE, query: SessionQuery } as const

interface NotOfferedWording {
  title: string
  says: (siteName: string) => string
  /** The callbacks that lead back, best first. */
  back: readonly CallbackUrlField[]
}

/** What the page says for each kind this platform does not sell, in shopper words, and the way back. */
const notOffered: Record<NotOfferedKind, NotOfferedWording> = {}

/**
 * The landing pages of redirect sessions that need no page of their own: `ecomCheckout` goes on to
 * the hosted checkout of its checkout; the kinds this platform does not sell get a page that says so
 * and offers the way back. Each spends its session: a second visit or a late one gets the error page.
 */
export function registerRedirectLandingRoutes(api: Api, deps: { db: Db; clock: Clock; publicUrl: string }) {
  const { db, clock, publicUrl } = deps
  /** The unusable-link page in the brand of the shop the link's session token names (decision 100). */
  const unusable = async (token: string | undefined) =>
    renderUnusableLink((await brandOfSessionToken(db, token, publicUrl))?.brand)

  api.route(
    {
      ...page,
      method: 'get',
      path: CHECKOUT_LANDING_PATH,
      operationId: 'hostedCheckoutLanding',
      summary: 'The landing of an ecomCheckout redirect session: on to the hosted checkout of its checkout',
    },
    async ({ query }) => {
      const now = clock()
      const session = await findLandingSession(db, query.session, ['ecomCheckout'], now)
      if (!session || !(await spendRedirectSession(db, session.id, now))) return unusable(query.session)
      return redirectFromHostedPage(`${HOSTED_CHECKOUT_PATH}/${String(session.input.checkoutId)}`, 303)
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: NOT_OFFERED_PATH,
      operationId: 'hostedNotOffered',
      summary:
        'The landing of a bookings, events or paid plans redirect session: says the site does not offer it and links back to the callback',
    },
    async ({ query }) => {
      const now = clock()
      const kinds = Object.keys(notOffered) as NotOfferedKind[]
      const session = await findLandingSession(db, query.session, kinds, now)
      if (!session || !(await spendRedirectSession(db, session.id, now))) return unusable(query.session)
      const site = await getSite(db, session.siteId)
      const wording = (notOffered as Partial<Record<string, NotOfferedWording>>)[session.kind]
      if (!wording) return unusable(query.session)
      const back = firstCallback(session.callbacks, wording.back)
      return renderRedirectPage(
        <RedirectMessagePage title={wording.title} links={[returnLink(`Back to ${site.name}`, back)]}>
          <p>{wording.says(site.name)}</p>
          {!back && <p>You can close this page.</p>}
        </RedirectMessagePage>,
      )
    },
  )
}
