import type { Db } from '../db/db.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ApiError, ApplicationError } from '../http/errors.ts'
import { enqueueMail } from '../mail/mail-outbox.ts'
import { type OrderDeskDeps, refundOrder } from '../orders/order-actions.ts'
import type { MailShop } from '../orders/order-mails.ts'
import { findOrder } from '../orders/order-store.ts'
import { getShopDetails, getSite } from '../sites/site-store.ts'
import {
  cancelTicketsOfEvent,
  findTicketedEvent,
  findTicketOrdersOfEvent,
  findTicketsOfOrder,
  findTicketTypes,
  type SoldTicket,
  setTicketedEventStatus,
  type TicketedEventRow,
} from './ticketed-event-store.ts'
import { eventCancelledMail } from './tickets-mail.ts'

/** What cancelling an event did. */
export interface CancelledEvent {
  event: TicketedEventRow
  /** It was cancelled before: no mail went out again; only refunds still due were made. */
  wasCancelled: boolean
  /** The ticket holders told (each address once). */
  notified: number
  /** The paid ticket orders refunded now, and what each got back. */
  refunds: { orderNumber: string; amountMinor: number }[]
  /** Orders whose refund the provider refused or could not make: the shop refunds them by hand. */
  refundProblems: { orderNumber: string; problem: string }[]
}

/**
 * Cancels an event (decision 075): under its row lock it becomes `CANCELLED`, every ticket is void (the
 * door refuses it, the public reads and reservations no longer offer the event) and each ticket holder
 * (each buyer and each attendee's own address, once) is mailed, in one transaction. Then every paid
 * ticket order's lines of the event are refunded through the order desk's `refundOrder`, under a key of
 * the event and the order, so pressing "Cancel" again (or the retry after a refused refund) refunds
 * nothing twice and only makes the refunds still due.
 *
 * @throws ApplicationError EVENT_NOT_FOUND.
 */
export async function cancelTicketedEvent(
  deps: OrderDeskDeps,
  request: { siteId: string; eventId: string; now: Date },
): Promise<CancelledEvent> {
  const { siteId, eventId, now } = request
  const site = await getSite(deps.db, siteId)
  const details = await getShopDetails(deps.db, siteId)
  const shop: MailShop = {
    id: siteId,
    name: details.name,
    locale: site.locale,
    brandColour: details.brandColour,
    accentColour: details.accentColour,
  }
  const cancelled = await deps.db.transaction(async (tx: Db) => {
    const event = await findTicketedEvent(tx, siteId, { id: eventId }, { lock: true })
    if (!event) throw new ApplicationError('EVENT_NOT_FOUND', 'There is no such event', { eventId })
    if (event.status === 'CANCELLED') return { event, wasCancelled: true, notified: 0 }
    await setTicketedEventStatus(tx, event.id, 'CANCELLED', now)
    const orders = await findTicketOrdersOfEvent(tx, event.id)
    const byAddress = new Map<string, SoldTicket[]>()
    for (const order of orders) {
      const tickets = (await findTicketsOfOrder(tx, order.order_id)).filter(
        (ticket) => ticket.event_id === event.id && ticket.cancelled_date === null,
      )
      const addresses = new Set([order.email, ...tickets.map((ticket) => ticket.attendee_email)])
      for (const address of addresses) {
        const key = address.trim().toLowerCase()
        if (!key) continue
        const own =
          address === order.email ? tickets : tickets.filter((ticket) => ticket.attendee_email === address)
        byAddress.set(key, [...(byAddress.get(key) ?? []), ...own])
      }
    }
    await cancelTicketsOfEvent(tx, event.id, now)
    for (const [address, tickets] of byAddress)
      if (tickets.length > 0) await enqueueMail(tx, eventCancelledMail(shop, address, event, tickets), now)
    return {
      event: { ...event, status: 'CANCELLED' as const, cancelled_date: now },
      wasCancelled: false,
      notified: byAddress.size,
    }
  })

  // The order desk acts as the site's events app: the timeline and the webhooks name it.
  const caller: MerchantCaller = {
    kind: 'merchant',
    siteId,
    site,
    apiKeyId: 'events',
    permissions: ['orders'],
  }
  const typeIds = new Set(
    (await findTicketTypes(deps.db, siteId, { eventIds: [eventId] })).map((type) => type.id),
  )
  const result: CancelledEvent = { ...cancelled, refunds: [], refundProblems: [] }
  for (const { order_id: orderId, number } of await findTicketOrdersOfEvent(deps.db, eventId)) {
    const found = await findOrder(deps.db, { siteId }, orderId)
    if (!found || !['PAID', 'PARTIALLY_REFUNDED'].includes(found.order.payment_status)) continue
    const lines = found.lines
      .filter(
        (line) =>
          line.catalog_item_id !== null &&
          typeIds.has(line.catalog_item_id) &&
          line.refunded_quantity < line.quantity &&
          Number(line.total_minor) > 0,
      )
      .map((line) => ({ lineId: line.id, quantity: line.quantity - line.refunded_quantity, restock: false }))
    if (lines.length === 0) continue
    try {
      const refunded = await refundOrder(
        deps,
        caller,
        {
          orderId,
          idempotencyKey: `event-cancel:${eventId}:${orderId}`,
          lines,
          reason: `${cancelled.event.title} was cancelled`,
        },
        now,
      )
      if (!refunded.isReplay)
        result.refunds.push({ orderNumber: number, amountMinor: Number(refunded.refund.amount_minor) })
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      result.refundProblems.push({ orderNumber: number, problem: error.message })
    }
  }
  return result
}
