import { z } from 'zod'
import { bookingWhenText, cancelDeadlineOf, mayShopperCancel } from '../bookings/booking-policy.ts'
import { shopperIdentityOf } from '../bookings/cancel-booking.ts'
import { rescheduleBooking } from '../bookings/reschedule-booking.ts'
import { listServiceSlots } from '../bookings/service-slots.ts'
import { addDays, instantOfLocalDateTime, toLocalDate } from '../bookings/zoned-time.ts'
import type { Api } from '../http/api.ts'
import { ApplicationError } from '../http/errors.ts'
import { findOrder } from '../orders/order-store.ts'
import { isCrossSiteRequest } from '../pages/csrf.ts'
import { readForm } from '../pages/form-fields.ts'
import {
  HOSTED_PAGE_ROUTE,
  RedirectMessagePage,
  renderFormRefused,
  renderRedirectPage,
} from '../redirects/hosted/hosted-redirect-pages.tsx'
import { getSite } from '../sites/site-store.ts'
import {
  type BookingCancelDeps,
  BookingLinkParams,
  findSignedBooking,
  SignedQuery,
} from './booking-cancel-routes.tsx'
import { BookingFacts, pictureOrigins } from './booking-pages.tsx'

export interface BookingRescheduleDeps
  extends Omit<BookingCancelDeps, 'refunds' | 'linesRefunded' | 'orderCanceled'> {
  /** The signed link of a booking, for the new time's mail (its move and cancel links). */
  bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined
}

const RescheduleQuery = SignedQuery.extend({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
})

/** The days the page offers: two weeks from today in the calendar's zone, as the slot picker does. */
const DAYS = 14

/**
 * The customer's own reschedule page (decision 084): `GET /_bookings/reschedule/:bookingId` through the
 * signed link of their mails and the members account shows the booking, a fortnight of days and the chosen
 * day's free times, each a button; the post moves it through the one `rescheduleBooking` the merchant's
 * booking page uses (the calendar's lock, so it can never double-book; the new `.ics` mailed;
 * `booking.rescheduled`), by the service's policy: no later than a cancel would be allowed.
 */
export function registerBookingRescheduleRoutes(api: Api, deps: BookingRescheduleDeps) {
  const { db, clock } = deps

  async function reschedulePage(
    bookingId: string,
    query: z.infer<typeof RescheduleQuery>,
    options: { problem?: string; status?: number } = {},
  ) {
    const now = clock()
    const found = await findSignedBooking(deps, bookingId, query, now)
    if (found instanceof Response) return found
    const { booking, service, calendar } = found
    const site = await getSite(db, booking.site_id)
    const zone = calendar.timeZone
    const when = bookingWhenText({ ...booking, time_zone: zone }, site.locale)
    const policy = { ...booking, cancel_notice_minutes: service.cancel_notice_minutes }
    const deadline = bookingWhenText(
      { start_date: cancelDeadlineOf(policy), end_date: cancelDeadlineOf(policy), time_zone: zone },
      site.locale,
    ).replace(/–.*? \(/, ' (')
    const signed = `expires=${encodeURIComponent(query.expires ?? '')}&signature=${encodeURIComponent(query.signature ?? '')}`
    const base = `/_bookings/reschedule/${booking.id}?${signed}`
    const today = toLocalDate(now, zone)
    const chosen = query.date ?? toLocalDate(new Date(booking.start_date), zone)
    const dayLabel = (day: string) =>
      new Intl.DateTimeFormat(site.locale, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }).format(new Date(`${day}T12:00:00Z`))
    const canMove = mayShopperCancel(policy, now)
    const { slots } = canMove
      ? await listServiceSlots(db, site.id, service.id, {
          from: instantOfLocalDateTime(`${chosen}T00:00`, zone),
          to: instantOfLocalDateTime(`${addDays(chosen, 1)}T00:00`, zone),
          now,
        })
      : { slots: [] }
    const time = new Intl.DateTimeFormat(site.locale, { timeZone: zone, timeStyle: 'short' })
    return renderRedirectPage(
      <RedirectMessagePage
        title={booking.status === 'CANCELLED' ? 'This booking is cancelled' : `Move ${service.name}`}
      >
        <p className="muted">{site.name}</p>
        {options.problem && (
          <p className="problem" role="alert">
            {options.problem}
          </p>
        )}
        <BookingFacts service={service} whenLabel="Now booked for" when={when} />
        {booking.status === 'CANCELLED' ? (
          <p>A cancelled booking cannot be moved: book a new time from the shop.</p>
        ) : !canMove ? (
          <p data-reschedule-too-late>
            {site.name} takes changes online until {deadline}, which has passed: contact the shop.
          </p>
        ) : (
          <>
            <p>
              Choose a new time. You may move it online until {deadline}; the price and how you paid stay as
              they are.
            </p>
            <h2>Choose a day</h2>
            <nav aria-label="Days">
              <ul className="choices inline">
                {Array.from({ length: DAYS }, (_, n) => addDays(today, n)).map((day) => (
                  <li key={day}>
                    <a href={`${base}&date=${day}`} aria-current={day === chosen ? 'date' : undefined}>
                      {dayLabel(day)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <h2>Free times on {dayLabel(chosen)}</h2>
            <p className="muted">Times are in {zone}.</p>
            {slots.length === 0 ? (
              <p>No free times on this day: choose another.</p>
            ) : (
              <form method="post" action={`/_bookings/reschedule/${booking.id}`}>
                <input type="hidden" name="expires" value={query.expires} />
                <input type="hidden" name="signature" value={query.signature} />
                <ul className="choices inline" aria-label="Free times">
                  {slots.map((slot) => (
                    <li key={slot.start.toISOString()}>
                      <button type="submit" name="start" value={slot.start.toISOString()}>
                        {time.format(slot.start)}
                      </button>
                    </li>
                  ))}
                </ul>
              </form>
            )}
          </>
        )}
      </RedirectMessagePage>,
      { status: options.status ?? 200, imageOrigins: pictureOrigins([service]) },
    )
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: '/_bookings/reschedule/:bookingId',
      operationId: 'hostedBookingReschedule',
      summary: "A booking's reschedule page, through the signed link of its mails or the members account",
      params: BookingLinkParams,
      query: RescheduleQuery,
    },
    async ({ params, query }) => reschedulePage(params.bookingId, query),
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'post',
      path: '/_bookings/reschedule/:bookingId',
      operationId: 'hostedBookingReschedulePost',
      summary:
        'Move the booking the signed link names to another free time, within its service’s policy, and mail the new calendar file',
      params: BookingLinkParams,
    },
    async ({ params }, c) => {
      if (isCrossSiteRequest(c.req.raw.headers, [new URL(c.req.url).origin, new URL(deps.publicUrl).origin]))
        return renderFormRefused()
      const form = await readForm(c)
      const signed = { expires: form.text('expires'), signature: form.text('signature') }
      const now = clock()
      const found = await findSignedBooking(deps, params.bookingId, signed, now)
      if (found instanceof Response) return found
      const start = new Date(form.text('start'))
      if (Number.isNaN(start.getTime()))
        return reschedulePage(params.bookingId, signed, {
          problem: 'Choose one of the free times.',
          status: 400,
        })
      const site = await getSite(db, found.booking.site_id)
      const order = await findOrder(db, { siteId: site.id }, found.booking.order_id as string)
      if (!order) return reschedulePage(params.bookingId, signed, { status: 404 })
      try {
        const moved = await rescheduleBooking(
          { db, bookingCancelLink: deps.bookingCancelLink },
          {
            siteId: site.id,
            bookingId: found.booking.id,
            start,
            now,
            identity: shopperIdentityOf(order.order),
            by: 'shopper',
          },
        )
        const when = bookingWhenText({ ...moved, time_zone: found.calendar.timeZone }, site.locale)
        return renderRedirectPage(
          <RedirectMessagePage title="Your booking has moved">
            <p>
              {found.service.name} is now on <strong data-booking-when>{when}</strong>. {site.name} has mailed
              you the new time with its calendar file, which replaces the old one.
            </p>
          </RedirectMessagePage>,
        )
      } catch (error) {
        if (
          error instanceof ApplicationError &&
          ['SLOT_NOT_AVAILABLE', 'BOOKING_RESCHEDULE_TOO_LATE', 'BOOKING_NOT_CONFIRMED'].includes(error.code)
        )
          return reschedulePage(
            params.bookingId,
            { ...signed, date: toLocalDate(start, found.calendar.timeZone) },
            {
              problem:
                error.code === 'SLOT_NOT_AVAILABLE'
                  ? 'That time was just taken or is no longer offered: choose another.'
                  : error.description,
              status: 409,
            },
          )
        throw error
      }
    },
  )
}
