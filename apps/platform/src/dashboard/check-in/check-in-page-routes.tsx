import type { Api } from '../../http/api.ts'
import { ApplicationError } from '../../http/errors.ts'
import { checkInTicket } from '../../ticketed-events/check-in-ticket.ts'
import { renderDashboardPage } from '../dashboard-layout.tsx'
import { createDashboardRoutes } from '../owner-routes.ts'
import type { DashboardDeps } from '../session/owner-session.ts'
import { CheckInPage } from './check-in-page.tsx'

/** The door's check-in (decision 070): `/dashboard/events/check-in`, a code checks its ticket in once. */
export function registerCheckInPages(api: Api, deps: DashboardDeps) {
  const { db, clock } = deps
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  page(
    {
      path: '/dashboard/events/check-in',
      operationId: 'dashboardCheckIn',
      summary: 'Check tickets in at the door',
    },
    async (owner) => renderDashboardPage(<CheckInPage owner={owner} />, deps),
  )

  postForm(
    {
      path: '/dashboard/events/check-in',
      operationId: 'dashboardCheckInTicket',
      summary: 'Check a ticket in by its code (form: code); a second try says when it was used',
    },
    async (owner, form) => {
      const code = form.text('code').slice(0, 100)
      try {
        const result = await checkInTicket(db, { siteId: owner.session.siteId, code, now: clock() })
        return renderDashboardPage(
          <CheckInPage owner={owner} result={result} />,
          deps,
          result.kind === 'checked-in' ? 200 : 409,
        )
      } catch (error) {
        if (!(error instanceof ApplicationError)) throw error
        if (error.code === 'TICKET_CANCELLED')
          return renderDashboardPage(
            <CheckInPage owner={owner} problem={`${error.description}.`} />,
            deps,
            409,
          )
        if (error.code !== 'TICKET_NOT_FOUND') throw error
        return renderDashboardPage(
          <CheckInPage owner={owner} problem={`${error.description}: check it and try again.`} code={code} />,
          deps,
          404,
        )
      }
    },
  )
}
