import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { markBookingAttendance } from '../../bookings/booking-attendance.ts'
import {
  findDeskBooking,
  findDeskBookings,
  findServices,
  findSiteCalendars,
  type ServiceRow,
} from '../../bookings/booking-store.ts'
import { cancelBooking } from '../../bookings/cancel-booking.ts'
import type { FreeSlot } from '../../bookings/free-slots.ts'
import { rescheduleBooking } from '../../bookings/reschedule-booking.ts'
import { saveBookableService } from '../../bookings/service-editor.ts'
import { listServiceSlots } from '../../bookings/service-slots.ts'
import { addDays, instantOfLocalDateTime, toLocalDate } from '../../bookings/zoned-time.ts'
import { identityOf } from '../../events/event-outbox.ts'
import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { IdParam } from '../../http/validation.ts'
import type { LinesRefunded, OrderCanceled } from '../../orders/order-actions.ts'
import type { OrderRefunds } from '../../orders/order-refunds.ts'
import { findOrder } from '../../orders/order-store.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { calendarRange } from './booking-calendar.ts'
import { BookingCalendarPage } from './booking-calendar-page.tsx'
import { BookingPage } from './booking-page.tsx'
import {
  newServiceForm,
  readServiceForm,
  type ServiceFormValues,
  toServiceFormValues,
} from './service-form.ts'
import { ServiceEditorPage, ServicesPage } from './service-pages.tsx'

const LocalDate = z
  .string()
  .regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, 'must be a date such as 2026-12-07')
const CalendarQuery = z.object({
  view: z.enum(['day', 'week']).optional(),
  date: LocalDate.optional(),
})
const BookingQuery = z.object({
  day: LocalDate.optional(),
  notice: z.string().max(40).optional(),
  problem: z.string().max(40).optional(),
})
const ServiceQuery = z.object({ notice: z.string().max(40).optional() })

/**
 * The merchant's side of bookings (decision 074): the services list and editor, the calendar of bookings
 * by day and week, and a booking's page with its actions, each calling the bookings domain functions
 * (`saveBookableService`, `markBookingAttendance`, `cancelBooking` with the order desk's refund,
 * `rescheduleBooking`) with the signed-in owner.
 */
export function registerBookingDeskPages(
  api: Api,
  deps: Pick<DashboardDeps, 'db' | 'clock' | 'logger' | 'publicUrl'> & {
    refunds: OrderRefunds
    linesRefunded: LinesRefunded
    orderCanceled: OrderCanceled
    bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined
  },
) {
  const { db, clock } = deps
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  async function editorPage(
    owner: Owner,
    service: ServiceRow | undefined,
    options: { values?: ServiceFormValues; violations?: FieldViolation[]; notice?: string; status?: number },
  ) {
    const siteId = owner.session.siteId
    const [calendars, services] = await Promise.all([
      findSiteCalendars(db, siteId),
      findServices(db, siteId, { includeHidden: true }),
    ])
    const calendar = service ? calendars.find((each) => each.id === service.schedule_id) : calendars[0]
    const values =
      options.values ??
      (service && calendar
        ? toServiceFormValues(service, calendar, owner.session.site.currency)
        : newServiceForm(calendar))
    const onCalendar = services.filter((each) => each.schedule_id === calendar?.id && each.id !== service?.id)
    return renderDashboardPage(
      <ServiceEditorPage
        owner={owner}
        service={service}
        values={values}
        violations={options.violations ?? []}
        sharedWith={onCalendar.length}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  async function getService(owner: Owner, id: string): Promise<ServiceRow> {
    const [service] = await findServices(db, owner.session.siteId, { ids: [id], includeHidden: true })
    if (!service) throw new HTTPException(404, { message: 'The site has no such service.' })
    return service
  }

  /** Saves the editor's form through the domain; a refused save shows its problems beside the fields. */
  async function saveForm(owner: Owner, form: Parameters<typeof readServiceForm>[0], service?: ServiceRow) {
    const { values, input, violations } = readServiceForm(form, owner.session.site.currency)
    if (!input) return editorPage(owner, service, { values, violations, status: 400 })
    try {
      const id = await saveBookableService(db, {
        siteId: owner.session.siteId,
        serviceId: service?.id,
        input,
        now: clock(),
      })
      if (!id) throw new HTTPException(404, { message: 'The site has no such service.' })
      return seeOther(withNotice(`/dashboard/bookings/services/${id}`, service ? 'saved' : 'service-created'))
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error
      return editorPage(owner, service, { values, violations: error.fieldViolations, status: 400 })
    }
  }

  page(
    {
      path: '/dashboard/bookings/services',
      operationId: 'dashboardBookingServices',
      summary: "The shop's bookable services",
      query: ServiceQuery,
    },
    async (owner, { query }) =>
      renderDashboardPage(
        <ServicesPage
          owner={owner}
          services={await findServices(db, owner.session.siteId, { includeHidden: true })}
          notice={noticeText(query.notice)}
        />,
        deps,
      ),
  )

  page(
    {
      path: '/dashboard/bookings/services/new',
      operationId: 'dashboardNewBookingService',
      summary: 'The editor of a new service',
    },
    async (owner) => editorPage(owner, undefined, {}),
  )

  postForm(
    {
      path: '/dashboard/bookings/services',
      operationId: 'dashboardCreateBookingService',
      summary:
        'Create a service on the shop calendar (form: name, description, pictureUrl, location, durationMinutes, rateType, price, priceText, paymentOptions, cancelNoticeHours, reminderHours, offered, timeZone, hours-1..7, exceptions, bufferMinutes, minNoticeHours, maxAheadDays)',
    },
    async (owner, form) => saveForm(owner, form),
  )

  page(
    {
      path: '/dashboard/bookings/services/:id',
      operationId: 'dashboardBookingService',
      summary: 'Edit a service and its calendar',
      params: IdParam,
      query: ServiceQuery,
    },
    async (owner, { params, query }) =>
      editorPage(owner, await getService(owner, params.id), { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/bookings/services/:id',
      operationId: 'dashboardSaveBookingService',
      summary: 'Save a service and its calendar; bookings made keep their times',
      params: IdParam,
    },
    async (owner, form, { params }) => saveForm(owner, form, await getService(owner, params.id)),
  )

  page(
    {
      path: '/dashboard/bookings',
      operationId: 'dashboardBookingCalendar',
      summary: "The calendar of bookings by day or week in the shop's time zone (?view=week&date=2026-12-07)",
      query: CalendarQuery,
    },
    async (owner, { query }) => {
      const siteId = owner.session.siteId
      const timeZone = owner.session.site.timeZone
      const range = calendarRange(query.view ?? 'week', query.date, timeZone, clock())
      const bookings = await findDeskBookings(db, siteId, range)
      return renderDashboardPage(
        <BookingCalendarPage owner={owner} range={range} timeZone={timeZone} bookings={bookings} />,
        deps,
      )
    },
  )

  async function bookingPage(
    owner: Owner,
    id: string,
    options: { day?: string | undefined; notice?: string | undefined; problem?: string; status?: number },
  ) {
    const siteId = owner.session.siteId
    const booking = await findDeskBooking(db, siteId, id)
    if (!booking) throw new HTTPException(404, { message: 'The site has no such booking.' })
    const now = clock()
    const zone = booking.time_zone
    const moveDay = options.day ?? toLocalDate(new Date(booking.start_date), zone)
    let moveSlots: FreeSlot[] = []
    if (booking.status === 'CONFIRMED')
      try {
        moveSlots = (
          await listServiceSlots(db, siteId, booking.service_id, {
            from: instantOfLocalDateTime(`${moveDay}T00:00`, zone),
            to: instantOfLocalDateTime(`${addDays(moveDay, 1)}T00:00`, zone),
            now,
          })
        ).slots
      } catch (error) {
        // A service no longer offered has no free times to move to.
        if (!(error instanceof ApplicationError) || error.code !== 'SERVICE_NOT_FOUND') throw error
      }
    const order = booking.order_id ? await findOrder(db, { siteId }, booking.order_id) : undefined
    return renderDashboardPage(
      <BookingPage
        owner={owner}
        booking={booking}
        order={order}
        moveDay={moveDay}
        moveSlots={moveSlots}
        now={now}
        problem={options.problem}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/bookings/:id',
      operationId: 'dashboardBooking',
      summary: 'A booking: who, what, when, its order; the free times of a day to move it to (?day=)',
      params: IdParam,
      query: BookingQuery,
    },
    async (owner, { params, query }) =>
      bookingPage(owner, params.id, { day: query.day, notice: noticeText(query.notice) }),
  )

  /** A refused action: the booking's page again with why, nothing changed. */
  async function refused(owner: Owner, id: string, error: unknown) {
    if (!(error instanceof ApplicationError)) throw error
    if (error.code === 'BOOKING_NOT_FOUND')
      throw new HTTPException(404, { message: 'The site has no such booking.' })
    return bookingPage(owner, id, { problem: error.description, status: error.status })
  }

  postForm(
    {
      path: '/dashboard/bookings/:id/attendance',
      operationId: 'dashboardMarkBookingAttendance',
      summary:
        'Mark whether the customer came (form: attendance ATTENDED or NO_SHOW), once the booking started',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const attendance = form.text('attendance')
      if (attendance !== 'ATTENDED' && attendance !== 'NO_SHOW')
        return bookingPage(owner, params.id, { problem: 'Choose attended or no-show.', status: 400 })
      try {
        await markBookingAttendance(db, {
          siteId: owner.session.siteId,
          bookingId: params.id,
          attendance,
          now: clock(),
        })
      } catch (error) {
        return refused(owner, params.id, error)
      }
      return seeOther(withNotice(`/dashboard/bookings/${params.id}`, 'attendance-marked'))
    },
  )

  postForm(
    {
      path: '/dashboard/bookings/:id/cancel',
      operationId: 'dashboardCancelBooking',
      summary:
        'Cancel a booking: its time is free again, a paid one refunded once through its provider (a second press refunds nothing)',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      try {
        const result = await cancelBooking(
          { db, refunds: deps.refunds, linesRefunded: deps.linesRefunded, orderCanceled: deps.orderCanceled },
          { siteId: owner.session.siteId, bookingId: params.id, by: 'merchant', now: clock() },
        )
        if (result.refundProblem)
          return bookingPage(owner, params.id, {
            problem: `The booking is cancelled, but the payment provider refused the refund: ${result.refundProblem}. Refund it from the order.`,
            status: 409,
          })
        return seeOther(
          withNotice(
            `/dashboard/bookings/${params.id}`,
            result.refundedMinor > 0 ? 'booking-cancelled-refunded' : 'booking-cancelled',
          ),
        )
      } catch (error) {
        return refused(owner, params.id, error)
      }
    },
  )

  postForm(
    {
      path: '/dashboard/bookings/:id/reschedule',
      operationId: 'dashboardRescheduleBooking',
      summary:
        'Move a booking to another free time of its service (form: start, an ISO instant); the customer is mailed the new calendar file',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const start = new Date(form.text('start').slice(0, 40))
      if (Number.isNaN(start.getTime()))
        return bookingPage(owner, params.id, { problem: 'Choose one of the free times.', status: 400 })
      try {
        await rescheduleBooking(
          { db, bookingCancelLink: deps.bookingCancelLink },
          {
            siteId: owner.session.siteId,
            bookingId: params.id,
            start,
            now: clock(),
            identity: identityOf(owner.caller),
          },
        )
      } catch (error) {
        return refused(owner, params.id, error)
      }
      return seeOther(withNotice(`/dashboard/bookings/${params.id}`, 'booking-moved'))
    },
  )
}
