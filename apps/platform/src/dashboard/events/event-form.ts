import { toLocalDateTime } from '../../bookings/zoned-time.ts'
import { formatScaledDecimal } from '../../money/decimal-text.ts'
import { fractionDigits } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import type { EventInput, TicketTypeInput } from '../../ticketed-events/event-editing.ts'
import type { TicketedEventRow, TicketTypeRow } from '../../ticketed-events/ticketed-event-store.ts'

/** The event form's fields as the merchant typed them (the rules are `readEventInput`'s). */
export function readEventForm(form: FormFields): EventInput {
  const text = (name: keyof EventInput) => form.text(name).slice(0, 10_000)
  return {
    title: text('title'),
    description: text('description'),
    imageUrl: text('imageUrl'),
    timeZone: text('timeZone'),
    start: text('start'),
    end: text('end'),
    locationKind: text('locationKind'),
    venueName: text('venueName'),
    venueAddress: text('venueAddress'),
    onlineUrl: text('onlineUrl'),
    registrationOpens: text('registrationOpens'),
    registrationCloses: text('registrationCloses'),
    capacity: text('capacity'),
  }
}

/** A time as the form shows it: `2027-09-18T18:00` in the event's zone; empty for none. */
const localText = (value: Date | null, timeZone: string) =>
  value ? toLocalDateTime(new Date(value), timeZone).slice(0, 16) : ''

/** The form's text of a stored event. */
export function toEventFormValues(event: TicketedEventRow): EventInput {
  return {
    title: event.title,
    description: event.description,
    imageUrl: event.image_url ?? '',
    timeZone: event.time_zone,
    start: localText(event.start_date, event.time_zone),
    end: localText(event.end_date, event.time_zone),
    locationKind: event.location_kind,
    venueName: event.venue_name,
    venueAddress: event.venue_address,
    onlineUrl: event.online_url ?? '',
    registrationOpens: localText(event.registration_opens, event.time_zone),
    registrationCloses: localText(event.registration_closes, event.time_zone),
    capacity: event.capacity === null ? '' : String(event.capacity),
  }
}

/** A new event's form: a venue; its page puts the shop's zone in `timeZone` (UTC here is no shop's). */
export const emptyEventForm: EventInput = {
  title: '',
  description: '',
  imageUrl: '',
  timeZone: 'UTC',
  start: '',
  end: '',
  locationKind: 'VENUE',
  venueName: '',
  venueAddress: '',
  onlineUrl: '',
  registrationOpens: '',
  registrationCloses: '',
  capacity: '',
}

/**
 * The ticket type form's fields as typed. Its description is `ticketDescription`, so the add form can
 * sit on the event's page beside the event's own description.
 */
export function readTicketTypeForm(form: FormFields): TicketTypeInput {
  const text = (name: string) => form.text(name).slice(0, 10_000)
  return {
    name: text('name'),
    description: text('ticketDescription'),
    price: text('price'),
    quantity: text('quantity'),
    limitPerOrder: text('limitPerOrder'),
    saleStarts: text('saleStarts'),
    saleEnds: text('saleEnds'),
  }
}

/** The form's text of a stored ticket type. */
export function toTicketTypeFormValues(
  type: TicketTypeRow,
  context: { currency: string; timeZone: string },
): TicketTypeInput {
  return {
    name: type.name,
    description: type.description,
    price: formatScaledDecimal(Number(type.price_minor), fractionDigits(context.currency)),
    quantity: String(type.quantity),
    limitPerOrder: String(type.limit_per_order),
    saleStarts: localText(type.sale_starts, context.timeZone),
    saleEnds: localText(type.sale_ends, context.timeZone),
  }
}

export const emptyTicketTypeForm: TicketTypeInput = {
  name: '',
  description: '',
  price: '',
  quantity: '',
  limitPerOrder: '10',
  saleStarts: '',
  saleEnds: '',
}
