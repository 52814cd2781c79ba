import { calendarFile } from '../bookings/booking-ics.ts'
import { slotWhenText } from '../carts/cart-wire.ts'
import type { Db } from '../db/db.ts'
import { enqueueMail, type MailAttachment, type OutgoingMail } from '../mail/mail-outbox.ts'
import { type MailShop, safeColour } from '../orders/order-mails.ts'
import { ticketQrPng } from './ticket-qr.ts'
import { findTicketsOfOrder, type SoldTicket, type TicketedEventRow } from './ticketed-event-store.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** When an event is, in its own zone: "Sat 18 Sept 2027, 18:00 – 21:00 EDT" (`slotWhenText`). */
export function eventWhen(
  ticket: Pick<SoldTicket, 'event_start_date' | 'event_end_date' | 'event_time_zone'>,
  locale: string,
): string {
  return slotWhenText(
    {
      scheduledDate: new Date(ticket.event_start_date).toISOString(),
      endDate: new Date(ticket.event_end_date).toISOString(),
      timeZone: ticket.event_time_zone,
    },
    locale,
  )
}

/** A buyer's mail about events in the shop's frame: its name in the brand colour, a heading, the body. */
function mailFrame(shop: MailShop, heading: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2328;background:#f6f8fa;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #d1d9e0;border-radius:8px">
<tr><td style="padding:16px 24px;background:${safeColour(shop.brandColour, '#1f2328')};color:#fff;font-weight:600">${escapeHtml(shop.name)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d1d9e0;color:#59636e;font-size:13px">${escapeHtml(shop.name)} · An automatic message: replies are not read.</td></tr>
</table></body></html>`
}

/** The id a ticket's QR picture has in its mail (`cid:`). */
const qrContentId = (ticket: SoldTicket) => `ticket-${ticket.code}@aisle`

/** An event's calendar file (decision 075), written by the one `.ics` writer bookings use too. */
function eventCalendarFile(shop: MailShop, event: SoldTicket, now: Date): MailAttachment {
  const isOnline = event.event_location_kind === 'ONLINE'
  return {
    filename: `${event.event_slug}.ics`,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: calendarFile({
      app: 'Events',
      uid: `${event.event_id}@events.aisle`,
      stamp: now,
      start: new Date(event.event_start_date),
      end: new Date(event.event_end_date),
      summary: `${event.event_title} · ${shop.name}`,
      description: `Your tickets from ${shop.name}: show each code at the door.`,
      location: isOnline ? (event.event_online_url ?? undefined) : event.event_venue || undefined,
      url: isOnline ? (event.event_online_url ?? undefined) : undefined,
    }),
  }
}

/**
 * The buyer's tickets (decisions 070 and 075): for each event, when and where (an online event's link,
 * which only ticket holders get) and its `.ics` calendar file, then each ticket with its type, attendee,
 * code and the code as a QR picture (a PNG shown inline), which the door types or scans.
 */
export function ticketsMail(
  shop: MailShop,
  order: { number: string; email: string },
  tickets: readonly SoldTicket[],
  now: Date,
): OutgoingMail {
  const events = [...new Map(tickets.map((ticket) => [ticket.event_id, ticket])).values()]
  const placeOf = (ticket: SoldTicket) =>
    ticket.event_location_kind === 'ONLINE' ? `Online: ${ticket.event_online_url ?? ''}` : ticket.event_venue
  const text = [
    `Your tickets for order #${order.number} at ${shop.name}.`,
    '',
    ...events.flatMap((event) => [
      event.event_title,
      eventWhen(event, shop.locale),
      placeOf(event),
      '',
      ...tickets
        .filter((ticket) => ticket.event_id === event.event_id)
        .map(
          (ticket) =>
            `${ticket.ticket_type_name}${ticket.attendee_name ? ` for ${ticket.attendee_name}` : ''}: code ${ticket.code}`,
        ),
      '',
    ]),
    "Show the code at the door (on paper or on your phone). Each ticket's QR code and a calendar file are attached.",
  ].join('\n')
  const body = `<p>Order #${escapeHtml(order.number)}. Show each code at the door, on paper or on your phone.</p>
${events
  .map(
    (event) => `<h2 style="font-size:17px;margin:20px 0 4px">${escapeHtml(event.event_title)}</h2>
<p style="margin:0 0 12px;color:#59636e">${escapeHtml(eventWhen(event, shop.locale))}<br>${
      event.event_location_kind === 'ONLINE' && event.event_online_url
        ? `Online: <a href="${escapeHtml(event.event_online_url)}" style="color:${safeColour(shop.accentColour, '#0969da')}">${escapeHtml(event.event_online_url)}</a>`
        : escapeHtml(event.event_venue)
    }</p>
${tickets
  .filter((ticket) => ticket.event_id === event.event_id)
  .map(
    (ticket) => `<div style="border:1px dashed #8c959f;border-radius:6px;padding:12px 16px;margin:0 0 8px">
<img src="cid:${qrContentId(ticket)}" width="150" height="150" alt="QR code of ticket ${escapeHtml(ticket.code)}" style="float:right;margin:0 0 0 12px">
<div>${escapeHtml(ticket.ticket_type_name)}${ticket.attendee_name ? ` · ${escapeHtml(ticket.attendee_name)}` : ''}</div>
<div style="font:600 22px/1.4 ui-monospace,monospace;letter-spacing:2px" data-ticket-code>${escapeHtml(ticket.code)}</div>
<div style="clear:both"></div></div>`,
  )
  .join('\n')}`,
  )
  .join('\n')}`
  return {
    siteId: shop.id,
    topic: 'event-tickets',
    to: order.email,
    subject: `Your tickets: ${events.map((event) => event.event_title).join(', ')}`,
    text,
    html: mailFrame(shop, 'Your tickets', body),
    attachments: [
      ...events.map((event) => eventCalendarFile(shop, event, now)),
      ...tickets.map((ticket) => ({
        filename: `ticket-${ticket.code}.png`,
        contentType: 'image/png',
        content: ticketQrPng(ticket.code).toString('base64'),
        encoding: 'base64' as const,
        contentId: qrContentId(ticket),
      })),
    ],
  }
}

/** The mail that tells a ticket holder the event is cancelled, its tickets void and paid ones refunded. */
export function eventCancelledMail(
  shop: MailShop,
  to: string,
  event: TicketedEventRow,
  tickets: readonly SoldTicket[],
): OutgoingMail {
  const when = eventWhen(
    { event_start_date: event.start_date, event_end_date: event.end_date, event_time_zone: event.time_zone },
    shop.locale,
  )
  const codes = tickets.map((ticket) => ticket.code)
  const paragraphs = [
    `${event.title} (${when}) is cancelled. We are sorry.`,
    `Your tickets (${codes.join(', ')}) are void.`,
    'Paid tickets are refunded to the way you paid; a separate mail confirms each refund.',
  ]
  return {
    siteId: shop.id,
    topic: 'event-cancelled',
    to,
    subject: `Cancelled: ${event.title}`,
    text: [...paragraphs, '', `${shop.name}`].join('\n\n'),
    html: mailFrame(
      shop,
      'Event cancelled',
      paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n'),
    ),
  }
}

/** Queues the buyer's tickets mail for an order, in its transaction (the order's reservations confirmed). */
export async function enqueueTicketsMail(
  tx: Db,
  shop: MailShop,
  order: { id: string; number: string; email: string },
  now: Date,
): Promise<void> {
  const tickets = await findTicketsOfOrder(tx, order.id)
  if (tickets.length > 0) await enqueueMail(tx, ticketsMail(shop, order, tickets, now), now)
}
