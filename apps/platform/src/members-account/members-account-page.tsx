import type { ReactNode } from 'react'
import { bookingRescheduleUrlOf } from '../bookings/booked-slot-mail.ts'
import { bookingPaymentWords } from '../bookings/booking-payment-words.ts'
import { bookingWhenText, mayShopperCancel } from '../bookings/booking-policy.ts'
import type { MemberBookingRow } from '../bookings/booking-store.ts'
import { LineSummary, lineNameWithOptions, orderLineSummary } from '../orders/line-summary.tsx'
import type { OrderWithLines } from '../orders/order-store.ts'
import type { OrderLineDownloads } from '../orders/order-wire.ts'
import { orderStateParts } from '../orders/order-words.ts'
import { breakdownOfOrder } from '../orders/totals-breakdown.ts'
import { TotalsBreakdownRows } from '../orders/totals-breakdown-rows.tsx'
import { Document } from '../pages/document.tsx'
import type { MembershipRow } from '../plans/membership-store.ts'
import { type ReturnLink, ReturnLinks } from '../redirects/hosted/hosted-redirect-pages.tsx'
import {
  MEMBERS_ACCOUNT_SECTIONS,
  type MembersAccountSection,
  membersAccountSections,
} from '../redirects/redirect-kinds.ts'
import type { Site } from '../sites/site-store.ts'
import type { MemberTicket } from '../ticketed-events/ticketed-event-store.ts'
import { eventWhen } from '../ticketed-events/tickets-mail.ts'
import type { AccountMember } from './account-member-store.ts'

const sectionTitles: Record<MembersAccountSection, string> = {
  ACCOUNT_INFO: 'Account details',
  ORDERS: 'Orders',
  BOOKINGS: 'Bookings',
  SUBSCRIPTIONS: 'Subscriptions',
  EVENTS: 'Events',
}

/** How a section this platform does not sell is named in "... does not offer ...". */

/** What a section shows: the member's details, orders, bookings, plans or tickets. */
export type AccountSectionContent =
  | { section: 'ACCOUNT_INFO'; member: AccountMember }
  | { section: 'SUBSCRIPTIONS'; memberships: readonly MembershipRow[]; now: Date }
  | { section: 'EVENTS'; tickets: readonly MemberTicket[]; now: Date }
  | {
      section: 'BOOKINGS'
      bookings: readonly MemberBookingRow[]
      now: Date
      /** The signed page where the member cancels a booking (decision 069); none when not offered. */
      cancelLink?: ((booking: MemberBookingRow) => string) | undefined
    }
  | {
      section: 'ORDERS'
      orders: readonly OrderWithLines[]
      total: number
      downloads?: OrderLineDownloads | undefined
    }
  | {
      section: Exclude<
        MembersAccountSection,
        'ACCOUNT_INFO' | 'ORDERS' | 'SUBSCRIPTIONS' | 'BOOKINGS' | 'EVENTS'
      >
    }

function formatDate(date: Date | string, site: Site): string {
  return new Intl.DateTimeFormat(site.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(date))
}

function AccountInfo(props: { member: AccountMember; site: Site }) {
  const { member } = props
  const { profile } = member
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ')
  const phones = (profile.phones ?? []).flatMap((one) => (one.phone ? [one.phone] : []))
  const addresses = (profile.addresses ?? []).flatMap((one) => {
    const address = one.address
    if (!address) return []
    const line =
      address.formattedAddress ??
      [address.addressLine, address.addressLine2, address.postalCode, address.city, address.country]
        .filter(Boolean)
        .join(', ')
    return line ? [line] : []
  })
  const rows: [string, string][] = [
    ['E-mail', `${member.email} (${member.isEmailVerified ? 'confirmed' : 'not confirmed yet'})`],
    ['Name', name || 'Not given'],
    ['Nickname', profile.nickname || 'Not given'],
    ['Phone', phones.join(', ') || 'Not given'],
    ['Addresses', addresses.join('; ') || 'Not given'],
    ['Member since', formatDate(member.createdDate, props.site)],
  ]
  return (
    <table>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The SUBSCRIPTIONS section: the member's plans (decision 046), sessions left and when each ends. A plan
 * here is bought for its term and does not renew by itself, so there is no renewal to cancel: the section
 * says so, and how to keep a plan going.
 */
function Plans(props: { memberships: readonly MembershipRow[]; now: Date; site: Site }) {
  if (props.memberships.length === 0) return <p>You hold no plans.</p>
  return (
    <>
      <table>
        <thead>
          <tr>
            <th scope="col">Plan</th>
            <th scope="col">Sessions left</th>
            <th scope="col">Expires</th>
          </tr>
        </thead>
        <tbody>
          {props.memberships.map((membership) => {
            const expired =
              membership.expiration_date !== null && props.now >= new Date(membership.expiration_date)
            return (
              <tr key={membership.id} data-membership-id={membership.id}>
                <td>{membership.name}</td>
                <td>
                  {membership.sessions_left === null
                    ? 'Unlimited'
                    : `${membership.sessions_left} of ${membership.sessions_total}`}
                </td>
                <td>
                  {membership.expiration_date
                    ? `${formatDate(membership.expiration_date, props.site)}${expired ? ' (expired)' : ''}`
                    : 'Never'}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="muted">
        Plans do not renew by themselves and are never charged again: to keep one after it ends, buy it again
        from {props.site.name}'s plans page.
      </p>
    </>
  )
}

/**
 * A table of bookings: when (in the shop's zone), what and where, its order, how it is paid (decision 093)
 * and what the member may do. On a phone each booking is a card of labelled lines (`stacked-rows`), so
 * nothing is cut.
 */
function BookingTable(props: {
  label: string
  bookings: readonly MemberBookingRow[]
  now: Date
  site: Site
  cancelLink?: ((booking: MemberBookingRow) => string) | undefined
}) {
  return (
    <div className="scroll">
      <table aria-label={props.label} className="stacked-rows">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Service</th>
            <th scope="col">Payment</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {props.bookings.map((booking) => {
            const cancellable = props.cancelLink && mayShopperCancel(booking, props.now)
            return (
              <tr key={booking.id} data-booking-id={booking.id}>
                <td data-label="When">{bookingWhenText(booking, props.site.locale)}</td>
                <td data-label="Service">
                  {booking.service_name}
                  {booking.location && (
                    <>
                      <br />
                      <span className="muted">{booking.location}</span>
                    </>
                  )}
                  <br />
                  <span className="muted">Order #{booking.order_number}</span>
                </td>
                <td data-label="Payment" data-booking-payment={booking.id}>
                  {bookingPaymentWords(booking.payment, props.site.locale)}
                </td>
                <td data-label="Status">
                  {booking.status === 'CANCELLED'
                    ? 'Cancelled'
                    : new Date(booking.end_date) <= props.now
                      ? 'Done'
                      : 'Confirmed'}
                  {cancellable && (
                    <>
                      <br />
                      <a
                        href={bookingRescheduleUrlOf(props.cancelLink!(booking))}
                        data-reschedule-booking={booking.id}
                      >
                        Move
                      </a>
                      {' · '}
                      <a href={props.cancelLink!(booking)} data-cancel-booking={booking.id}>
                        Cancel
                      </a>
                    </>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/**
 * A section of things ahead and behind (bookings, tickets): the upcoming ones soonest first, then the past
 * and cancelled ones in the order given (latest first), each list drawn by `table`, or words for none.
 */
function UpcomingAndPast<Item>(props: {
  items: readonly Item[]
  isUpcoming: (item: Item) => boolean
  startOf: (item: Item) => Date
  noneUpcoming: string
  table: (items: readonly Item[], isUpcoming: boolean) => ReactNode
}) {
  const upcoming = props.items
    .filter(props.isUpcoming)
    .sort((a, b) => props.startOf(a).getTime() - props.startOf(b).getTime())
  const past = props.items.filter((item) => !props.isUpcoming(item))
  return (
    <>
      <h3>Upcoming</h3>
      {upcoming.length === 0 ? <p>{props.noneUpcoming}</p> : props.table(upcoming, true)}
      <h3>Past and cancelled</h3>
      {past.length === 0 ? <p>Nothing yet.</p> : props.table(past, false)}
    </>
  )
}

/**
 * The BOOKINGS section (decision 069): the member's upcoming bookings, soonest first, then past and
 * cancelled ones, latest first; times in the shop's time zone, which each names.
 */
function Bookings(props: {
  bookings: readonly MemberBookingRow[]
  now: Date
  site: Site
  cancelLink?: ((booking: MemberBookingRow) => string) | undefined
}) {
  return (
    <UpcomingAndPast
      items={props.bookings}
      isUpcoming={(booking) => booking.status === 'CONFIRMED' && new Date(booking.end_date) > props.now}
      startOf={(booking) => new Date(booking.start_date)}
      noneUpcoming="You have no upcoming bookings."
      table={(bookings, isUpcoming) => (
        <BookingTable
          label={isUpcoming ? 'Upcoming bookings' : 'Past and cancelled bookings'}
          bookings={bookings}
          now={props.now}
          site={props.site}
          cancelLink={isUpcoming ? props.cancelLink : undefined}
        />
      )}
    />
  )
}

/**
 * The EVENTS section (decision 070): the member's tickets, upcoming events soonest first, then past and
 * cancelled ones; each with its code for the door, whether it was used, and an online event's link while
 * the event is ahead (ticket holders only get it).
 */
function Events(props: { tickets: readonly MemberTicket[]; now: Date; site: Site }) {
  return (
    <UpcomingAndPast
      items={props.tickets}
      isUpcoming={(ticket) =>
        ticket.event_status !== 'CANCELLED' && new Date(ticket.event_end_date) > props.now
      }
      startOf={(ticket) => new Date(ticket.event_start_date)}
      noneUpcoming="You have no tickets for upcoming events."
      table={(tickets, isUpcoming) => (
        <TicketTable
          label={isUpcoming ? 'Tickets for upcoming events' : 'Tickets for past and cancelled events'}
          tickets={tickets}
          site={props.site}
          isUpcoming={isUpcoming}
        />
      )}
    />
  )
}

function TicketTable(props: {
  label: string
  tickets: readonly MemberTicket[]
  site: Site
  isUpcoming?: boolean
}) {
  return (
    <div className="scroll">
      <table aria-label={props.label}>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Ticket</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {props.tickets.map((ticket) => (
            <tr key={ticket.id} data-ticket-code={ticket.code}>
              <td>
                {ticket.event_title}
                <br />
                <span className="muted">{eventWhen(ticket, props.site.locale)}</span>
                <br />
                {ticket.event_location_kind === 'ONLINE' ? (
                  props.isUpcoming && ticket.event_online_url ? (
                    <a href={ticket.event_online_url} rel="noreferrer">
                      Join online
                    </a>
                  ) : (
                    <span className="muted">Online</span>
                  )
                ) : (
                  <span className="muted">{ticket.event_venue}</span>
                )}
              </td>
              <td>
                {ticket.ticket_type_name}
                {ticket.attendee_name && <span className="muted"> · {ticket.attendee_name}</span>}
                <br />
                <code>{ticket.code}</code>
                <br />
                <span className="muted">Order #{ticket.order_number}</span>
              </td>
              <td>
                {ticket.event_status === 'CANCELLED'
                  ? 'Event cancelled'
                  : ticket.cancelled_date
                    ? 'Refunded: no longer valid'
                    : ticket.checked_in_date
                      ? `Used ${formatDate(ticket.checked_in_date, props.site)}`
                      : props.isUpcoming
                        ? 'Valid'
                        : 'Not used'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Orders(props: {
  orders: readonly OrderWithLines[]
  total: number
  site: Site
  downloads?: OrderLineDownloads | undefined
}) {
  if (props.orders.length === 0) return <p>You have not ordered anything yet.</p>
  return (
    <>
      <table>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Items</th>
            <th scope="col">Status</th>
            <th scope="col">Totals</th>
          </tr>
        </thead>
        <tbody>
          {props.orders.map((entry) => {
            const { order, lines, fulfillments } = entry
            return (
              <tr key={order.id} data-order-number={order.number}>
                <td>#{order.number}</td>
                <td>{formatDate(order.created_date, props.site)}</td>
                <td>
                  <ul className="line-list">
                    {lines.map((line) => (
                      <li key={line.id}>
                        <LineSummary line={orderLineSummary(line)} thumbnail size={40} />{' '}
                        <span className="muted">× {line.quantity}</span>
                      </li>
                    ))}
                  </ul>
                  {lines.flatMap((line) => {
                    const downloads = props.downloads?.get(line.id)
                    if (!downloads) return []
                    if (downloads.refunded)
                      return [
                        <span
                          key={`${line.id}-refunded`}
                          className="download muted"
                          data-refunded-line={line.id}
                        >
                          <br />
                          {lineNameWithOptions(orderLineSummary(line))}: refunded, no longer downloadable
                        </span>,
                      ]
                    return downloads.files.map((file) => (
                      <span key={`${line.id}-${file.fileId}`} className="download">
                        <br />
                        <a
                          href={file.link}
                          rel="noreferrer"
                          download={file.fileName}
                          data-file-id={file.fileId}
                        >
                          Download {file.fileName}
                        </a>
                      </span>
                    ))
                  })}
                </td>
                <td>
                  {orderStateParts(order, lines)
                    .map((part) => part.words)
                    .join(' · ')}
                  {fulfillments.map((fulfillment) => (
                    <span
                      key={fulfillment.id}
                      className="tracking"
                      data-tracking={fulfillment.tracking_number}
                    >
                      <br />
                      {fulfillment.carrier}:{' '}
                      {fulfillment.tracking_url ? (
                        <a href={fulfillment.tracking_url} rel="noreferrer">
                          {fulfillment.tracking_number}
                        </a>
                      ) : (
                        fulfillment.tracking_number
                      )}
                    </span>
                  ))}
                </td>
                <td>
                  <table className="summary-table" aria-label={`Totals of order #${order.number}`}>
                    <tbody>
                      <TotalsBreakdownRows breakdown={breakdownOfOrder(entry, props.site.locale)} />
                    </tbody>
                  </table>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {props.total > props.orders.length && (
        <p className="muted">
          Your {props.orders.length} latest orders of {props.total}.
        </p>
      )}
    </>
  )
}

function SectionContent(props: { content: AccountSectionContent; site: Site }) {
  const { content, site } = props
  if (content.section === 'ACCOUNT_INFO') return <AccountInfo member={content.member} site={site} />
  if (content.section === 'SUBSCRIPTIONS')
    return <Plans memberships={content.memberships} now={content.now} site={site} />
  if (content.section === 'BOOKINGS')
    return (
      <Bookings bookings={content.bookings} now={content.now} site={site} cancelLink={content.cancelLink} />
    )
  if (content.section === 'EVENTS') return <Events tickets={content.tickets} now={content.now} site={site} />
  return <Orders orders={content.orders} total={content.total} site={site} downloads={content.downloads} />
}

/** The hosted members account: the sections of MembersAccountSection, the chosen one shown. */
export function MembersAccountPage(props: {
  site: Site
  pagePath: string
  content: AccountSectionContent
  links: readonly (ReturnLink | undefined)[]
}) {
  const { site, content } = props
  return (
    <Document title={`${sectionTitles[content.section]} · Your account · ${site.name}`}>
      <main id="main">
        <h1>Your account</h1>
        <nav aria-label="Account sections">
          <ul className="actions">
            {MEMBERS_ACCOUNT_SECTIONS.map((section) => (
              <li key={section} className="inline">
                <a
                  href={`${props.pagePath}?section=${section}`}
                  aria-current={section === content.section ? 'page' : undefined}
                >
                  {sectionTitles[section]}
                </a>
                {!membersAccountSections[section].isSold && <span className="muted"> (not offered)</span>}
              </li>
            ))}
          </ul>
        </nav>
        <h2>{sectionTitles[content.section]}</h2>
        <SectionContent content={content} site={site} />
        <ReturnLinks links={props.links} />
      </main>
    </Document>
  )
}
