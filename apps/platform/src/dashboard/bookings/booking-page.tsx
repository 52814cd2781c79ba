import { attendanceWords } from '../../bookings/booking-attendance.ts'
import type { DeskBookingRow } from '../../bookings/booking-store.ts'
import type { FreeSlot } from '../../bookings/free-slots.ts'
import { toLocalDate } from '../../bookings/zoned-time.ts'
import { formatMoney } from '../../money/money.ts'
import type { OrderWithLines } from '../../orders/order-store.ts'
import { CsrfField, DashboardPage } from '../dashboard-layout.tsx'
import { clockText, spanText, timeText, weekdayDateText, zoneText } from '../kit/dashboard-words.ts'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { Badge, Badges } from '../kit/status-badge.tsx'
import { OrderBadges } from '../orders/order-pages.tsx'
import type { Owner } from '../session/owner-session.ts'
import { customerText } from './booking-calendar-page.tsx'

/** A post of the booking page with its CSRF token and one button. */
function ActionForm(props: {
  owner: Owner
  action: string
  label: string
  fields?: Record<string, string>
  danger?: boolean
  confirm?: string
}) {
  return (
    <form method="post" action={props.action} className="inline">
      <CsrfField token={props.owner.session.csrfToken} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={props.danger ? 'danger' : undefined} data-confirm={props.confirm}>
        {props.label}
      </button>
    </form>
  )
}

/**
 * A booking's page (decision 074): who, what, when, its order and payment; marking whether the customer
 * came; cancelling with a refund (once, however often it is pressed); moving it to another free slot.
 */
export function BookingPage(props: {
  owner: Owner
  booking: DeskBookingRow
  order: OrderWithLines | undefined
  /** The day whose free slots the move form offers, and those slots. */
  moveDay: string
  moveSlots: readonly FreeSlot[]
  now: Date
  problem?: string | undefined
  notice?: string | undefined
}) {
  const { owner, booking, order } = props
  const { currency, locale } = owner.session.site
  const zone = booking.time_zone
  const base = `/dashboard/bookings/${booking.id}`
  const confirmed = booking.status === 'CONFIRMED'
  const started = new Date(booking.start_date) <= props.now
  const money = (minor: string | number) =>
    formatMoney(Number(minor), order?.order.currency ?? currency, locale)
  const when = spanText(booking.start_date, booking.end_date, zone)
  return (
    <DashboardPage
      owner={owner}
      title={`${booking.service_name} · ${customerText(booking)}`}
      place="bookings"
      notice={props.notice}
    >
      <p>
        <a href={`/dashboard/bookings?view=week&date=${toLocalDate(new Date(booking.start_date), zone)}`}>
          ← Calendar
        </a>
      </p>
      <PageHeader
        title={booking.service_name}
        description={when}
        actions={
          <Badges>
            {confirmed ? <Badge tone="ok">Confirmed</Badge> : <Badge tone="off">Cancelled</Badge>}
            {booking.attendance && (
              <Badge tone={booking.attendance === 'ATTENDED' ? 'ok' : 'waiting'}>
                {attendanceWords[booking.attendance]}
              </Badge>
            )}
          </Badges>
        }
      />
      {props.problem && (
        <p className="problem" role="alert">
          {props.problem}
        </p>
      )}
      <div className="cols">
        <div>
          <PageSection id="booking" title="The booking">
            <dl className="facts">
              <dt>Customer</dt>
              <dd>
                {customerText(booking)}
                <br />
                <a href={`mailto:${booking.email}`}>{booking.email}</a>
                {booking.contact?.phone && (
                  <>
                    <br />
                    {booking.contact.phone}
                  </>
                )}
              </dd>
              <dt>Service</dt>
              <dd>{booking.service_name}</dd>
              {booking.service_type === 'CLASS' && (
                <>
                  <dt>Places</dt>
                  <dd>
                    {booking.participants} of {booking.capacity} places
                  </dd>
                </>
              )}
              <dt>When</dt>
              <dd>{when}</dd>
              {booking.location && (
                <>
                  <dt>Where</dt>
                  <dd>{booking.location}</dd>
                </>
              )}
              <dt>Booked</dt>
              <dd>{timeText(booking.created_date, { timeZone: zone })}</dd>
              {booking.rescheduled_date && (
                <>
                  <dt>Moved</dt>
                  <dd>{timeText(booking.rescheduled_date, { timeZone: zone })}</dd>
                </>
              )}
              {booking.cancelled_date && (
                <>
                  <dt>Cancelled</dt>
                  <dd>{timeText(booking.cancelled_date, { timeZone: zone })}</dd>
                </>
              )}
            </dl>
          </PageSection>
          {confirmed && (
            <PageSection id="attendance" title="Did the customer come?">
              {started ? (
                <div className="actions">
                  <ActionForm
                    owner={owner}
                    action={`${base}/attendance`}
                    label="Mark attended"
                    fields={{ attendance: 'ATTENDED' }}
                  />
                  <ActionForm
                    owner={owner}
                    action={`${base}/attendance`}
                    label="Mark no-show"
                    fields={{ attendance: 'NO_SHOW' }}
                  />
                </div>
              ) : (
                <p className="muted">You can mark this once the booking has started.</p>
              )}
            </PageSection>
          )}
          {confirmed && (
            <PageSection id="move" title="Move to another time">
              <form method="get" action={base} className="filters">
                <div className="field">
                  <label htmlFor="move-day">Day</label>
                  <input id="move-day" type="date" name="day" defaultValue={props.moveDay} />
                </div>
                <button type="submit">Show free times</button>
              </form>
              {props.moveSlots.length === 0 ? (
                <p className="muted">
                  No free times on {weekdayDateText(props.moveDay)}: choose another day.
                </p>
              ) : (
                <form method="post" action={`${base}/reschedule`} aria-label="Move the booking">
                  <CsrfField token={owner.session.csrfToken} />
                  <fieldset>
                    <legend>
                      Free times on {weekdayDateText(props.moveDay)} (
                      {zoneText(`${props.moveDay}T12:00:00Z`, zone)})
                    </legend>
                    <div className="slot-choices">
                      {props.moveSlots.map((slot) => (
                        <label key={slot.start.toISOString()} className="check">
                          <input type="radio" name="start" value={slot.start.toISOString()} required />{' '}
                          {clockText(slot.start, zone)}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  <div className="actions">
                    <button type="submit" className="primary">
                      Move and tell the customer
                    </button>
                  </div>
                </form>
              )}
            </PageSection>
          )}
        </div>
        <div>
          <PageSection id="order" title="Order and payment">
            {order ? (
              <dl className="facts">
                <dt>Order</dt>
                <dd>
                  <a href={`/dashboard/orders/${order.order.id}`}>#{order.order.number}</a>
                </dd>
                <dt>State</dt>
                <dd>
                  <OrderBadges order={order} />
                </dd>
                <dt>Total</dt>
                <dd>{money(order.order.total_minor)}</dd>
                {Number(order.order.refunded_minor) > 0 && (
                  <>
                    <dt>Refunded</dt>
                    <dd>{money(order.order.refunded_minor)}</dd>
                  </>
                )}
              </dl>
            ) : (
              <p className="muted">The order is not found.</p>
            )}
          </PageSection>
          {confirmed && (
            <PageSection id="cancel" title="Cancel">
              <p className="hint">
                Frees the time and refunds a paid booking, once, through the provider that took the payment;
                an order of nothing else is cancelled too. The customer is mailed of each.
              </p>
              <ActionForm
                owner={owner}
                action={`${base}/cancel`}
                label="Cancel booking and refund"
                danger
                confirm="Cancel this booking and refund its payment?"
              />
            </PageSection>
          )}
        </div>
      </div>
    </DashboardPage>
  )
}
