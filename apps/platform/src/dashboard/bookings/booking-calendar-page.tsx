import { attendanceWords } from '../../bookings/booking-attendance.ts'
import type { DeskBookingRow } from '../../bookings/booking-store.ts'
import { DashboardPage } from '../dashboard-layout.tsx'
import { clockText, timeZoneText, weekdayDateText } from '../kit/dashboard-words.ts'
import { EmptyState } from '../kit/empty-state.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { Badge } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'
import {
  byLocalDay,
  type CalendarRange,
  type CalendarView,
  placesTakenBySession,
  sessionKey,
} from './booking-calendar.ts'

/** Who booked, in words: the contact's name, else the order's e-mail. */
export function customerText(booking: Pick<DeskBookingRow, 'contact' | 'email'>): string {
  const name = [booking.contact?.firstName, booking.contact?.lastName].filter(Boolean).join(' ')
  return name || booking.email
}

const calendarHref = (view: CalendarView, date: string) => `/dashboard/bookings?view=${view}&date=${date}`

const placesText = (count: number) => (count === 1 ? '1 place' : `${count} places`)

/** A booking as a calendar row: its times, service and customer, linking to its page. */
function CalendarEntry(props: { booking: DeskBookingRow; timeZone: string; sessionTaken: number }) {
  const { booking } = props
  const cancelled = booking.status === 'CANCELLED'
  return (
    <li className={cancelled ? 'calendar-entry cancelled' : 'calendar-entry'} data-booking-id={booking.id}>
      <a href={`/dashboard/bookings/${booking.id}`}>
        <span className="calendar-time">
          {clockText(booking.start_date, props.timeZone)}–{clockText(booking.end_date, props.timeZone)}
        </span>{' '}
        <strong>{booking.service_name}</strong>
        <span className="calendar-who">
          {customerText(booking)}
          {booking.service_type === 'CLASS' && ` · ${placesText(booking.participants)}`}
        </span>
        {booking.service_type === 'CLASS' && (
          <span className="calendar-places">
            Session: {props.sessionTaken} of {booking.capacity} places taken
          </span>
        )}
      </a>
      {cancelled && <Badge tone="off">Cancelled</Badge>}
      {booking.attendance && (
        <Badge tone={booking.attendance === 'ATTENDED' ? 'ok' : 'waiting'}>
          {attendanceWords[booking.attendance]}
        </Badge>
      )}
    </li>
  )
}

/**
 * The calendar of bookings (decision 074): a day or a week in the shop's time zone, navigable by its
 * address (`?view=week&date=2026-12-07`), each booking linking to its page. A week is seven days in a
 * row on a wide screen and one under another on a phone.
 */
export function BookingCalendarPage(props: {
  owner: Owner
  range: CalendarRange
  timeZone: string
  bookings: DeskBookingRow[]
}) {
  const { range, timeZone } = props
  const days = byLocalDay(props.bookings, timeZone)
  const taken = placesTakenBySession(props.bookings)
  const other: CalendarView = range.view === 'week' ? 'day' : 'week'
  const span =
    range.view === 'week'
      ? `${weekdayDateText(range.days[0]!)} to ${weekdayDateText(range.days[6]!)}`
      : weekdayDateText(range.date)
  return (
    <DashboardPage owner={props.owner} title={`Bookings · ${span}`} place="bookings">
      <PageHeader
        title="Bookings"
        description={`${span}, in ${timeZoneText(timeZone)}.`}
        actions={
          <a className="button" href="/dashboard/bookings/services">
            Services
          </a>
        }
      />
      <nav className="calendar-nav" aria-label="Calendar">
        <a className="button" href={calendarHref(range.view, range.previous)} rel="prev">
          ← {range.view === 'week' ? 'Previous week' : 'Previous day'}
        </a>
        <a
          className="button"
          href={calendarHref(range.view, range.today)}
          aria-current={range.days.includes(range.today) ? 'date' : undefined}
        >
          Today
        </a>
        <a className="button" href={calendarHref(range.view, range.next)} rel="next">
          {range.view === 'week' ? 'Next week' : 'Next day'} →
        </a>
        <a className="button" href={calendarHref(other, range.date)}>
          {other === 'week' ? 'Week view' : 'Day view'}
        </a>
        <form method="get" action="/dashboard/bookings" className="calendar-jump">
          <input type="hidden" name="view" value={range.view} />
          <label htmlFor="calendar-date">Go to</label>
          <input id="calendar-date" type="date" name="date" defaultValue={range.date} />
          <button type="submit">Show</button>
        </form>
      </nav>
      <div className={range.view === 'week' ? 'calendar-week' : 'calendar-day'}>
        {range.days.map((day) => {
          const entries = days.get(day) ?? []
          return (
            <section key={day} className="calendar-column" aria-labelledby={`day-${day}`} data-day={day}>
              <h2 id={`day-${day}`} aria-current={day === range.today ? 'date' : undefined}>
                {range.view === 'week' ? (
                  <a href={calendarHref('day', day)}>{weekdayDateText(day)}</a>
                ) : (
                  weekdayDateText(day)
                )}
              </h2>
              {entries.length === 0 ? (
                range.view === 'day' ? (
                  <EmptyState>
                    <p>No bookings this day.</p>
                  </EmptyState>
                ) : (
                  <p className="muted calendar-none">No bookings</p>
                )
              ) : (
                <ol className="calendar-entries">
                  {entries.map((booking) => (
                    <CalendarEntry
                      key={booking.id}
                      booking={booking}
                      timeZone={timeZone}
                      sessionTaken={taken.get(sessionKey(booking)) ?? 0}
                    />
                  ))}
                </ol>
              )}
            </section>
          )
        })}
      </div>
    </DashboardPage>
  )
}
