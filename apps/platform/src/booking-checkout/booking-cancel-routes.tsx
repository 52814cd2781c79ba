import { z } from 'zod'
import { bookingWhenText, cancelDeadlineOf, mayShopperCancel } from '../bookings/booking-policy.ts'
import { cancelBooking, findBookingWithPolicy } from '../bookings/cancel-booking.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { ApplicationError } from '../http/errors.ts'
import { formatMoney } from '../money/money.ts'
import type { LinesRefunded, OrderCanceled } from '../orders/order-actions.ts'
import type { OrderRefunds } from '../orders/order-refunds.ts'
import { isCrossSiteRequest } from '../pages/csrf.ts'
import { readForm } from '../pages/form-fields.ts'
import {
  HOSTED_PAGE_ROUTE,
  RedirectMessagePage,
  renderFormRefused,
  renderRedirectPage,
} from '../redirects/hosted/hosted-redirect-pages.tsx'
import { getSite } from '../sites/site-store.ts'
import { BookingFacts } from './booking-pages.tsx'

/** How the platform signs links (decision 047's `LinkSigner`, handed in by the app). */
interface Signer {
  sign(parts: readonly string[], expiresAt: Date): { expires: number; signature: string }
  check(parts: readonly string[], expires: number, signature: string, now: Date): string
}

export interface BookingCancelDeps {
  db: Db
  clock: Clock
  publicUrl: string
  signer: Signer
  refunds: OrderRefunds
  linesRefunded: LinesRefunded
  orderCanceled: OrderCanceled
}

const cancelParts = (bookingId: string) => ['booking-cancel', bookingId]

/**
 * The signed link to a booking's cancel page, for its mail, calendar file and the members account
 * (decision 069): it names the booking and lasts until the booking starts, after which nothing can be
 * cancelled online. Whoever holds it may cancel: the mail is the shopper's key, as for downloads.
 */
export function bookingCancelUrl(
  deps: Pick<BookingCancelDeps, 'publicUrl' | 'signer'>,
  bookingId: string,
  start: Date,
): string {
  const { expires, signature } = deps.signer.sign(cancelParts(bookingId), start)
  return `${deps.publicUrl}/_bookings/cancel/${bookingId}?expires=${expires}&signature=${encodeURIComponent(signature)}`
}

export const BookingLinkParams = z.object({ bookingId: z.string().max(100) })
export const SignedQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
})

export function linkRefused(status = 403) {
  return renderRedirectPage(
    <RedirectMessagePage title="This link cannot be used">
      <p>
        The link is not whole or has run out (a booking's link lasts until the booking starts). Open the link
        in your booking's confirmation mail again, or contact the shop.
      </p>
    </RedirectMessagePage>,
    { status },
  )
}

/**
 * The booking a signed link names (its cancel link, which opens its reschedule page too: decision 084),
 * with its service and calendar; or the page that refuses the link.
 */
export async function findSignedBooking(
  deps: Pick<BookingCancelDeps, 'db' | 'signer'>,
  bookingId: string,
  query: { expires?: string | undefined; signature?: string | undefined },
  now: Date,
) {
  const verdict = deps.signer.check(
    cancelParts(bookingId),
    Number(query.expires ?? ''),
    query.signature ?? '',
    now,
  )
  if (verdict !== 'valid') return linkRefused()
  const found = await findBookingWithPolicy(deps.db, bookingId)
  return found ?? linkRefused(404)
}

/**
 * The hosted cancel page of a booking (decision 069): `GET /_bookings/cancel/:bookingId` through the
 * signed link shows the booking and the service's policy, and its form posts back to cancel it by
 * `cancelBooking`, which frees the slot, refunds a paid booking through the order desk and fires
 * `booking.canceled`.
 */
export function registerBookingCancelRoutes(api: Api, deps: BookingCancelDeps) {
  const { db, clock } = deps
  const signedBooking = (bookingId: string, query: z.infer<typeof SignedQuery>) =>
    findSignedBooking(deps, bookingId, query, clock())

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: '/_bookings/cancel/:bookingId',
      operationId: 'hostedBookingCancel',
      summary: "A booking's cancel page, through the signed link of its mail or the members account",
      params: BookingLinkParams,
      query: SignedQuery,
    },
    async ({ params, query }) => {
      const found = await signedBooking(params.bookingId, query)
      if (found instanceof Response) return found
      const { booking, service, calendar } = found
      const site = await getSite(db, booking.site_id)
      const now = clock()
      const when = bookingWhenText({ ...booking, time_zone: calendar.timeZone }, site.locale)
      const policy = { ...booking, cancel_notice_minutes: service.cancel_notice_minutes }
      const deadline = bookingWhenText(
        {
          start_date: cancelDeadlineOf(policy),
          end_date: cancelDeadlineOf(policy),
          time_zone: calendar.timeZone,
        },
        site.locale,
      ).replace(/–.*? \(/, ' (')
      return renderRedirectPage(
        <RedirectMessagePage
          title={booking.status === 'CANCELLED' ? 'This booking is cancelled' : `Cancel ${service.name}?`}
        >
          <p className="muted">{site.name}</p>
          <BookingFacts service={service} whenLabel="When" when={when} />
          {booking.status === 'CANCELLED' ? (
            <p>Nothing more to do: the time is free for others.</p>
          ) : mayShopperCancel(policy, now) ? (
            <form method="post" className="stack">
              <input type="hidden" name="expires" value={query.expires} />
              <input type="hidden" name="signature" value={query.signature} />
              <p>
                You may cancel online until {deadline}. A booking you paid for online is refunded the way you
                paid.
              </p>
              <button type="submit" className="danger">
                Cancel this booking
              </button>
            </form>
          ) : (
            <p data-cancel-too-late>
              {site.name} takes cancellations online until {deadline}, which has passed: contact the shop.
            </p>
          )}
        </RedirectMessagePage>,
      )
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'post',
      path: '/_bookings/cancel/:bookingId',
      operationId: 'hostedBookingCancelPost',
      summary:
        'Cancel the booking the signed link names, within its service’s policy, refunding it when paid',
      params: BookingLinkParams,
    },
    async ({ params }, c) => {
      if (isCrossSiteRequest(c.req.raw.headers, [new URL(c.req.url).origin, new URL(deps.publicUrl).origin]))
        return renderFormRefused()
      const form = await readForm(c)
      const found = await signedBooking(params.bookingId, {
        expires: form.text('expires'),
        signature: form.text('signature'),
      })
      if (found instanceof Response) return found
      const site = await getSite(db, found.booking.site_id)
      try {
        const done = await cancelBooking(
          { db, refunds: deps.refunds, linesRefunded: deps.linesRefunded, orderCanceled: deps.orderCanceled },
          { siteId: site.id, bookingId: found.booking.id, by: 'shopper', now: clock() },
        )
        return renderRedirectPage(
          <RedirectMessagePage title="Your booking is cancelled">
            <p>
              {found.service.name} is cancelled and its time is free for others. {site.name} has mailed you.
            </p>
            {done.refundedMinor > 0 && (
              <p data-refunded={done.refundedMinor}>
                {formatMoney(done.refundedMinor, site.currency, site.locale)} is on its way back to you; your
                bank may take a few days to show it.
              </p>
            )}
            {done.refundProblem && (
              <p className="warning">The refund could not be made right now: {site.name} will refund you.</p>
            )}
          </RedirectMessagePage>,
        )
      } catch (error) {
        if (error instanceof ApplicationError && error.code === 'BOOKING_CANCEL_TOO_LATE')
          return renderRedirectPage(
            <RedirectMessagePage title="Too late to cancel online">
              <p>{error.description}</p>
            </RedirectMessagePage>,
            { status: 409 },
          )
        throw error
      }
    },
  )
}
