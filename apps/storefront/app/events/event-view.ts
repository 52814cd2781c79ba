import type { EventMoney, TicketDefinition, TicketedEvent } from '@aisle/sdk'
import { formatPrice } from '../store/money'
import { STORE_LOCALE } from '../store/store'

/** An event as the events list and the event page show it, in the shopper's words. */
export interface EventView {
  id: string
  slug: string
  title: string
  description: string
  /** "Sat, Sep 18, 2027, 6:00 – 9:00 PM", in the event's own zone. */
  when: string
  /** The zone those times are in: "New York time". */
  zone: string
  /** The machine-readable start, for `<time dateTime>`. */
  startDate: string
  /** The event's picture, when the shop gave one; else the date tile stands for it. */
  imageUrl: string | undefined
  /** The date tile: "Sep" and "18", in its zone. */
  month: string
  day: string
  /** "Aisle Demo Store, 120 Mercer Street, New York, NY 10012", or "Online". */
  place: string
  /** "$25.00 – $60.00", "$25.00", "Free", or "Free – $60.00". */
  price: string
  /** "Sold out", "Registration closed", or undefined while tickets may be reserved. */
  badge: string | undefined
}

/** The published event in the shopper's words. */
export function toEventView(event: TicketedEvent): EventView {
  const { startDate, endDate, timeZoneId } = event.dateAndTimeSettings
  const start = new Date(startDate)
  const { tickets } = event.registration
  return {
    id: event._id,
    slug: event.slug,
    title: event.title,
    description: event.shortDescription,
    when: formatEventTimes(start, new Date(endDate), timeZoneId),
    zone: toZoneName(timeZoneId),
    startDate,
    imageUrl: event.mainImage?.url,
    month: partOf(start, timeZoneId, { month: 'short' }),
    day: partOf(start, timeZoneId, { day: 'numeric' }),
    place:
      event.location.type === 'ONLINE'
        ? 'Online'
        : [event.location.name, event.location.address?.formatted].filter(Boolean).join(', '),
    price: toPriceRange(tickets.lowestPrice, tickets.highestPrice),
    badge: tickets.soldOut
      ? 'Sold out'
      : event.registration.status !== 'OPEN_TICKETS'
        ? 'Registration closed'
        : undefined,
  }
}

/** A ticket type on the event page: its price and how many one order may take now. */
export interface TicketChoiceView {
  id: string
  name: string
  description: string
  /** "$25.00" or "Free". */
  price: string
  /** The most the quantity picker offers: the per-order limit within what is left; 0 when none can be had. */
  max: number
  /** Why none can be had: "Sold out", "On sale soon", "No longer on sale"; undefined when on sale. */
  unavailable: string | undefined
}

/** The event's ticket type in the shopper's words. */
export function toTicketChoiceView(definition: TicketDefinition): TicketChoiceView {
  const unavailable =
    definition.saleStatus === 'SALE_SCHEDULED'
      ? 'On sale soon'
      : definition.saleStatus === 'SALE_ENDED'
        ? 'No longer on sale'
        : definition.soldOut || definition.remaining <= 0
          ? 'Sold out'
          : undefined
  return {
    id: definition._id,
    name: definition.name,
    description: definition.description,
    price: definition.free ? 'Free' : formatPrice(definition.price.amount, definition.price.currency),
    max: unavailable ? 0 : Math.max(0, Math.min(definition.limitPerCheckout, definition.remaining)),
    unavailable,
  }
}

/** "$25.00 – $60.00", one price when all tickets cost the same, "Free" when none costs anything. */
function toPriceRange(lowest: EventMoney | undefined, highest: EventMoney | undefined): string {
  if (!lowest || !highest) return 'No tickets yet'
  const words = (money: EventMoney) =>
    Number(money.value) === 0 ? 'Free' : formatPrice(money.value, money.currency)
  return lowest.value === highest.value ? words(lowest) : `${words(lowest)} – ${words(highest)}`
}

/** The event's start and end in its own zone, one date when it ends the day it starts. */
function formatEventTimes(start: Date, end: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(STORE_LOCALE, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).formatRange(start, end)
}

function partOf(date: Date, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(STORE_LOCALE, { ...options, timeZone }).format(date)
}

/** The zone said as people say it: `America/New_York` is "New York time", `UTC` is "UTC". */
export function toZoneName(timeZoneId: string): string {
  const city = timeZoneId.split('/').pop()?.replaceAll('_', ' ')
  return timeZoneId.includes('/') && city ? `${city} time` : timeZoneId
}
