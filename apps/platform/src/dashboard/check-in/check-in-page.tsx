import type { CheckIn } from '../../ticketed-events/check-in-ticket.ts'
import { eventWhen } from '../../ticketed-events/tickets-mail.ts'
import { CsrfField, DashboardPage, Field } from '../dashboard-layout.tsx'
import type { Owner } from '../session/owner-session.ts'

/**
 * The door's check-in page (decision 070): a code typed (or read by a scanner that types) checks its
 * ticket in once; the answer says whose ticket it is, or when it was used already.
 */
export function CheckInPage(props: {
  owner: Owner
  result?: CheckIn | undefined
  problem?: string | undefined
  code?: string | undefined
}) {
  const { owner, result } = props
  const { locale } = owner.session.site
  const time = (at: Date, zone: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(at)
  return (
    <DashboardPage owner={owner} title="Check-in" place="check-in">
      <h1>Check-in</h1>
      <p>Type the code on the ticket. A ticket lets one person in, once.</p>
      {props.problem && (
        <p className="problem" role="alert" data-check-in="refused">
          {props.problem}
        </p>
      )}
      {result?.kind === 'checked-in' && (
        <div className="notice" role="status" data-check-in="admitted">
          <strong>Checked in: {result.ticket.code}</strong>
          <p>
            {result.ticket.ticket_type_name}
            {result.ticket.attendee_name ? ` for ${result.ticket.attendee_name}` : ''} ·{' '}
            {result.ticket.event_title}, {eventWhen(result.ticket, locale)}
          </p>
        </div>
      )}
      {result?.kind === 'already-used' && (
        <div className="problem" role="alert" data-check-in="used">
          <strong>
            Already used: {result.ticket.code} was checked in on{' '}
            {time(result.at, result.ticket.event_time_zone)}
          </strong>
          <p>
            {result.ticket.ticket_type_name}
            {result.ticket.attendee_name ? ` for ${result.ticket.attendee_name}` : ''} ·{' '}
            {result.ticket.event_title}
          </p>
        </div>
      )}
      <form method="post" action="/dashboard/events/check-in" aria-label="Check a ticket in">
        <CsrfField token={owner.session.csrfToken} />
        <Field label="Ticket code" name="code" required autoComplete="off" defaultValue={props.code} />
        <div className="actions">
          <button type="submit" className="primary">
            Check in
          </button>
        </div>
      </form>
    </DashboardPage>
  )
}
