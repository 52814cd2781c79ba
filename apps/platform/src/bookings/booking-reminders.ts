import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Logger } from '../log.ts'
import { enqueueMail } from '../mail/mail-outbox.ts'
import { mailOrder } from '../orders/order-actions.ts'
import { lockOrder } from '../orders/order-desk-store.ts'
import { bookingReminderMail } from '../orders/order-mails.ts'
import { findMembershipSessions } from '../plans/membership-store.ts'
import { createPollingWorker, type PollingWorker } from '../workers/polling-worker.ts'
import { bookedSlotForMail } from './booked-slot-mail.ts'
import { bookingPaymentOf } from './booking-payment-words.ts'
import { claimDueReminders, findScheduleCalendar, findServices } from './booking-store.ts'

export interface BookingReminderDeps {
  db: Db
  /** The signed link to a booking's cancel page (its reschedule page's too); none leaves both out. */
  bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined
}

/**
 * One round of reminders (decision 084): claims the confirmed bookings whose reminder is due and queues
 * each customer's reminder (when in the calendar's zone, where, the move and cancel links) in the same
 * transaction that marks it sent, so a reminder goes exactly once whichever process claims it, and never for
 * a cancelled booking. Answers how many were reminded.
 */
export async function sendDueBookingReminders(
  deps: BookingReminderDeps,
  now: Date,
  options: { limit?: number } = {},
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const due = await claimDueReminders(tx, now, options.limit ?? 20)
    for (const booking of due) {
      const [service] = await findServices(tx, booking.site_id, {
        ids: [booking.service_id],
        includeHidden: true,
      })
      const calendar = await findScheduleCalendar(tx, booking.schedule_id)
      const order = booking.order_id && (await lockOrder(tx, booking.site_id, booking.order_id))
      if (!service || !calendar || !order) continue
      const start = new Date(booking.start_date)
      // The line that sold it, as cancelling finds it (decision 085), and its plan's sessions now.
      const line = order.lines.find((candidate) => candidate.catalog_item_id === booking.service_id)
      const sessions = line?.membership
        ? await findMembershipSessions(tx, booking.site_id, line.membership.id)
        : undefined
      const payment = bookingPaymentOf({
        order: order.order,
        line,
        service: { rateType: service.rate_type, kind: service.type },
        isCancelled: false,
        sessions,
      })
      const { slot } = bookedSlotForMail(
        {
          id: booking.id,
          serviceName: service.name,
          location: service.location,
          start,
          end: new Date(booking.end_date),
          timeZone: calendar.timeZone,
          cancelUrl: deps.bookingCancelLink?.(booking.id, start),
          payment,
        },
        order.shop,
        now,
      )
      await enqueueMail(tx, bookingReminderMail(order.shop, mailOrder(order), slot), now)
    }
    return due.length
  })
}

/**
 * The background worker that sends the due reminders every `pollIntervalMs` (a minute by default);
 * `main.ts` runs it beside the app, as the mail and webhook workers.
 */
export function createBookingReminderWorker(
  deps: BookingReminderDeps & { clock: Clock; logger: Logger },
  options: { pollIntervalMs?: number } = {},
): PollingWorker {
  return createPollingWorker({
    runOnce: () => sendDueBookingReminders(deps, deps.clock()),
    logger: deps.logger,
    failureMessage: 'booking reminder round failed',
    pollIntervalMs: options.pollIntervalMs ?? 60_000,
  })
}
