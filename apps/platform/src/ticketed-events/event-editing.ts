import { randomUUID } from 'node:crypto'
import { instantOfLocalDateTime, isTimeZone } from '../bookings/zoned-time.ts'
import { chooseFreeSlug } from '../catalogue/free-slug.ts'
import type { Db } from '../db/db.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../http/errors.ts'
import { parseScaledDecimal } from '../money/decimal-text.ts'
import { fractionDigits } from '../money/money.ts'
import {
  countReservedTicketsByType,
  countTakenTickets,
  deleteUnusedTicketType,
  type EventFields,
  findTicketedEvent,
  findTicketTypes,
  insertTicketedEvent,
  insertTicketType,
  setTicketedEventStatus,
  type TicketedEventRow,
  type TicketTypeFields,
  type TicketTypeRow,
  updateTicketedEvent,
  updateTicketType,
} from './ticketed-event-store.ts'

/**
 * The merchant's side of events (decision 075): an event and its ticket types as the merchant writes
 * them, checked here, whatever page or call sends them. Times are wall-clock times in the event's own
 * zone (`2027-09-18T18:00`), as the merchant reads them on the poster.
 */
export interface EventInput {
  title: string
  description: string
  /** Empty for none; an https URL or a path of the platform's media (`/media/...`). */
  imageUrl: string
  timeZone: string
  start: string
  end: string
  locationKind: string
  venueName: string
  venueAddress: string
  onlineUrl: string
  /** Empty: open as soon as the event is published. */
  registrationOpens: string
  /** Empty: open until the event ends. */
  registrationCloses: string
  /** Empty: only the ticket types' quantities bound the sale. */
  capacity: string
}

/** A ticket type as the merchant writes it; the price in the shop's currency (`25.00`, `0` for free). */
export interface TicketTypeInput {
  name: string
  description: string
  price: string
  quantity: string
  limitPerOrder: string
  saleStarts: string
  saleEnds: string
}

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2})?$/

const violation = (
  field: string,
  description: string,
  violatedRule: FieldViolation['violatedRule'] = 'VALIDATION',
): FieldViolation => ({ field, description, violatedRule })

/** A wall-clock time in a zone as an instant; `null` when empty and allowed; a violation otherwise. */
function readLocalTime(
  text: string,
  field: string,
  timeZone: string | undefined,
  violations: FieldViolation[],
  options: { required: boolean },
): Date | null | undefined {
  const trimmed = text.trim()
  if (trimmed === '') {
    if (options.required) violations.push(violation(field, 'is required', 'REQUIRED_FIELD'))
    return options.required ? undefined : null
  }
  const match = LOCAL_TIME.exec(trimmed)
  const local = match ? `${match[1]}T${match[2]}` : ''
  const asUtc = new Date(`${local}:00Z`)
  const isReal = match !== null && !Number.isNaN(asUtc.getTime()) && asUtc.toISOString().startsWith(local)
  const instant = isReal && timeZone ? instantOfLocalDateTime(local, timeZone) : undefined
  if (!isReal) {
    violations.push(violation(field, 'must be a date and time such as 2027-09-18 18:00', 'FORMAT'))
    return undefined
  }
  return instant
}

/** A whole number in a range; `null` when empty and allowed. */
function readWhole(
  text: string,
  field: string,
  range: { min: number; max: number },
  violations: FieldViolation[],
  options: { required: boolean },
): number | null | undefined {
  const trimmed = text.trim()
  if (trimmed === '' && !options.required) return null
  if (!/^\d{1,8}$/.test(trimmed) || Number(trimmed) < range.min || Number(trimmed) > range.max) {
    violations.push(
      violation(
        field,
        `must be a whole number from ${range.min} to ${range.max}`,
        trimmed ? 'MAX' : 'REQUIRED_FIELD',
      ),
    )
    return undefined
  }
  return Number(trimmed)
}

function readLink(text: string, field: string, violations: FieldViolation[], allowMediaPath: boolean) {
  const trimmed = text.trim()
  if (allowMediaPath && /^\/media\/[\w./-]+$/.test(trimmed) && !trimmed.includes('..')) return trimmed
  try {
    const url = new URL(trimmed)
    if (url.protocol === 'https:' && trimmed.length <= 2000) return url.href
  } catch {}
  violations.push(
    violation(
      field,
      allowMediaPath
        ? 'must be an https address or a path of the shop’s media (/media/...)'
        : 'must be an https address',
      'FORMAT',
    ),
  )
  return undefined
}

function length(
  text: string,
  field: string,
  range: { min: number; max: number },
  violations: FieldViolation[],
) {
  if (text.length < range.min)
    violations.push(
      violation(
        field,
        range.min === 1 ? 'is required' : `must be at least ${range.min} characters`,
        'REQUIRED_FIELD',
      ),
    )
  else if (text.length > range.max)
    violations.push(violation(field, `must be at most ${range.max} characters`, 'MAX_LENGTH'))
}

/**
 * The event an input describes, or every rule it breaks, each on its field: a title (1 to 200
 * characters), a description (at most 5000), a picture (an https address or a media path), a known IANA
 * time zone, a start and a later end, a venue's address or an online event's https link, registration
 * closing after it opens, and a capacity from 1 to 1000000 (or none).
 */
export function readEventInput(input: EventInput): { fields?: EventFields; violations: FieldViolation[] } {
  const violations: FieldViolation[] = []
  const title = input.title.trim()
  const description = input.description.trim()
  length(title, 'title', { min: 1, max: 200 }, violations)
  length(description, 'description', { min: 0, max: 5000 }, violations)
  const imageUrl =
    input.imageUrl.trim() === '' ? null : readLink(input.imageUrl, 'imageUrl', violations, true)
  const timeZone = input.timeZone.trim()
  const knownZone = isTimeZone(timeZone) && timeZone !== '' ? timeZone : undefined
  if (!knownZone)
    violations.push(violation('timeZone', 'must be a time zone such as Europe/London', 'INVALID_ENUM_VALUE'))
  const start = readLocalTime(input.start, 'start', knownZone, violations, { required: true })
  const end = readLocalTime(input.end, 'end', knownZone, violations, { required: true })
  if (start && end && end <= start) violations.push(violation('end', 'must be after the start', 'DECIMAL_GT'))
  const opens = readLocalTime(input.registrationOpens, 'registrationOpens', knownZone, violations, {
    required: false,
  })
  const closes = readLocalTime(input.registrationCloses, 'registrationCloses', knownZone, violations, {
    required: false,
  })
  if (opens && closes && closes <= opens)
    violations.push(violation('registrationCloses', 'must be after registration opens', 'DECIMAL_GT'))
  let location: EventFields['location'] | undefined
  if (input.locationKind === 'ONLINE') {
    const url = readLink(input.onlineUrl, 'onlineUrl', violations, false)
    if (url) location = { kind: 'ONLINE', url }
  } else if (input.locationKind === 'VENUE') {
    const name = input.venueName.trim()
    const address = input.venueAddress.trim()
    length(name, 'venueName', { min: 0, max: 200 }, violations)
    length(address, 'venueAddress', { min: 1, max: 500 }, violations)
    location = { kind: 'VENUE', name, address }
  } else violations.push(violation('locationKind', 'must be a venue or online', 'INVALID_ENUM_VALUE'))
  const capacity = readWhole(input.capacity, 'capacity', { min: 1, max: 1_000_000 }, violations, {
    required: false,
  })
  if (
    violations.length > 0 ||
    !knownZone ||
    !start ||
    !end ||
    opens === undefined ||
    closes === undefined ||
    !location ||
    capacity === undefined ||
    imageUrl === undefined
  )
    return { violations }
  return {
    violations,
    fields: {
      title,
      description,
      imageUrl,
      start,
      end,
      timeZone: knownZone,
      location,
      registrationOpens: opens,
      registrationCloses: closes,
      capacity,
    },
  }
}

/**
 * The ticket type an input describes, or every rule it breaks: a name (1 to 200 characters), a
 * description (at most 1000), a price of 0 or more in the shop's currency, a quantity from 1 to 1000000,
 * 1 to 50 per order, and a sales window in the event's zone whose end follows its start.
 */
export function readTicketTypeInput(
  input: TicketTypeInput,
  context: { currency: string; timeZone: string },
): { fields?: TicketTypeFields; violations: FieldViolation[] } {
  const violations: FieldViolation[] = []
  const name = input.name.trim()
  const description = input.description.trim()
  length(name, 'name', { min: 1, max: 200 }, violations)
  length(description, 'description', { min: 0, max: 1000 }, violations)
  const price = parseScaledDecimal(input.price, fractionDigits(context.currency))
  let priceMinor: number | undefined
  if ('problem' in price) violations.push(violation('price', price.problem, 'FORMAT'))
  else if (price.value === undefined)
    violations.push(violation('price', 'is required (0 for a free ticket)', 'REQUIRED_FIELD'))
  else if (price.value < 0 || price.value > 10_000_000_00)
    violations.push(violation('price', 'must be 0 or more', 'DECIMAL_GTE'))
  else priceMinor = price.value
  const quantity = readWhole(input.quantity, 'quantity', { min: 1, max: 1_000_000 }, violations, {
    required: true,
  })
  const limitPerOrder = readWhole(input.limitPerOrder, 'limitPerOrder', { min: 1, max: 50 }, violations, {
    required: true,
  })
  const saleStarts = readLocalTime(input.saleStarts, 'saleStarts', context.timeZone, violations, {
    required: false,
  })
  const saleEnds = readLocalTime(input.saleEnds, 'saleEnds', context.timeZone, violations, {
    required: false,
  })
  if (saleStarts && saleEnds && saleEnds <= saleStarts)
    violations.push(violation('saleEnds', 'must be after the sale starts', 'DECIMAL_GT'))
  if (
    violations.length > 0 ||
    priceMinor === undefined ||
    quantity == null ||
    limitPerOrder == null ||
    saleStarts === undefined ||
    saleEnds === undefined
  )
    return { violations }
  return {
    violations,
    fields: { name, description, priceMinor, quantity, limitPerOrder, saleStarts, saleEnds },
  }
}

const notFound = (eventId: string) =>
  new ApplicationError('EVENT_NOT_FOUND', 'There is no such event', { eventId })

/** The site's event under its row lock (every change of an event takes its turn there, as reservations do). */
async function lockedEvent(tx: Db, siteId: string, eventId: string): Promise<TicketedEventRow> {
  const event = await findTicketedEvent(tx, siteId, { id: eventId }, { lock: true })
  if (!event) throw notFound(eventId)
  return event
}

function refuseCancelled(event: TicketedEventRow) {
  if (event.status === 'CANCELLED')
    throw new ApplicationError(
      'EVENT_NOT_EDITABLE',
      'This event was cancelled: it can no longer be changed',
      {
        eventId: event.id,
      },
    )
}

/** Tickets sold or held now, of every type: what a capacity or a quantity may not go below. */
async function takenNow(tx: Db, eventId: string, now: Date) {
  const taken = await countTakenTickets(tx, eventId, now)
  return { taken, total: [...taken.values()].reduce((sum, count) => sum + count, 0) }
}

/**
 * Creates a draft event with a slug of its title free in the shop.
 *
 * @throws ValidationError for any field that breaks its rule (nothing is stored).
 */
export async function createTicketedEvent(
  db: Db,
  request: { siteId: string; input: EventInput; now: Date },
): Promise<TicketedEventRow> {
  const { fields, violations } = readEventInput(request.input)
  if (!fields) throw new ValidationError(violations)
  return db.transaction(async (tx) => {
    const id = randomUUID()
    const slug = await chooseFreeSlug(tx, {
      table: 'ticketed_events',
      siteId: request.siteId,
      name: fields.title,
    })
    await insertTicketedEvent(tx, { id, siteId: request.siteId, slug, fields, now: request.now })
    return (await findTicketedEvent(tx, request.siteId, { id })) as TicketedEventRow
  })
}

/**
 * Saves an event's fields under its lock. A capacity may not go below the tickets sold and held.
 *
 * @throws ValidationError; ApplicationError EVENT_NOT_FOUND, EVENT_NOT_EDITABLE (cancelled).
 */
export async function updateTicketedEventFields(
  db: Db,
  request: { siteId: string; eventId: string; input: EventInput; now: Date },
): Promise<void> {
  const { fields, violations } = readEventInput(request.input)
  await db.transaction(async (tx) => {
    const event = await lockedEvent(tx, request.siteId, request.eventId)
    refuseCancelled(event)
    if (!fields) throw new ValidationError(violations)
    const { total } = await takenNow(tx, event.id, request.now)
    if (fields.capacity !== null && fields.capacity < total)
      throw new ValidationError([
        violation('capacity', `must be at least the ${total} tickets already sold or held`, 'MIN'),
      ])
    await updateTicketedEvent(tx, request.siteId, event.id, fields)
  })
}

/**
 * Publishes a draft (it goes on sale within its registration window); only an event with a ticket type.
 *
 * @throws ApplicationError EVENT_NOT_FOUND, EVENT_NOT_EDITABLE.
 */
export async function publishTicketedEvent(
  db: Db,
  request: { siteId: string; eventId: string; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await lockedEvent(tx, request.siteId, request.eventId)
    refuseCancelled(event)
    if (event.status === 'PUBLISHED') return
    const types = await findTicketTypes(tx, request.siteId, { eventIds: [event.id] })
    if (types.length === 0)
      throw new ApplicationError('EVENT_NOT_EDITABLE', 'Add a ticket type before publishing the event', {
        eventId: event.id,
      })
    await setTicketedEventStatus(tx, event.id, 'PUBLISHED', request.now)
  })
}

/**
 * Adds a ticket type to an event, or saves one (`ticketTypeId`). A quantity may not go below the
 * tickets of the type sold and held.
 *
 * @throws ValidationError; ApplicationError EVENT_NOT_FOUND, TICKET_TYPE_NOT_FOUND, EVENT_NOT_EDITABLE.
 */
export async function saveTicketType(
  db: Db,
  request: {
    siteId: string
    eventId: string
    ticketTypeId?: string | undefined
    input: TicketTypeInput
    currency: string
    now: Date
  },
): Promise<TicketTypeRow> {
  return db.transaction(async (tx) => {
    const event = await lockedEvent(tx, request.siteId, request.eventId)
    refuseCancelled(event)
    const { fields, violations } = readTicketTypeInput(request.input, {
      currency: request.currency,
      timeZone: event.time_zone,
    })
    const existing = request.ticketTypeId
      ? (await findTicketTypes(tx, request.siteId, { eventIds: [event.id], ids: [request.ticketTypeId] }))[0]
      : undefined
    if (request.ticketTypeId && !existing)
      throw new ApplicationError('TICKET_TYPE_NOT_FOUND', 'The event has no such ticket type', {
        ticketTypeId: request.ticketTypeId,
      })
    if (!fields) throw new ValidationError(violations)
    const id = existing?.id ?? randomUUID()
    if (existing) {
      const taken = (await takenNow(tx, event.id, request.now)).taken.get(existing.id) ?? 0
      if (fields.quantity < taken)
        throw new ValidationError([
          violation('quantity', `must be at least the ${taken} tickets already sold or held`, 'MIN'),
        ])
      await updateTicketType(tx, id, fields)
    } else
      await insertTicketType(tx, { id, siteId: request.siteId, eventId: event.id, fields, now: request.now })
    return (await findTicketTypes(tx, request.siteId, { ids: [id] }))[0] as TicketTypeRow
  })
}

/**
 * Removes a ticket type no ticket was ever reserved of.
 *
 * @throws ApplicationError EVENT_NOT_FOUND, TICKET_TYPE_NOT_FOUND, EVENT_NOT_EDITABLE, TICKET_TYPE_IN_USE.
 */
export async function removeTicketType(
  db: Db,
  request: { siteId: string; eventId: string; ticketTypeId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const event = await lockedEvent(tx, request.siteId, request.eventId)
    refuseCancelled(event)
    const [type] = await findTicketTypes(tx, request.siteId, {
      eventIds: [event.id],
      ids: [request.ticketTypeId],
    })
    if (!type)
      throw new ApplicationError('TICKET_TYPE_NOT_FOUND', 'The event has no such ticket type', {
        ticketTypeId: request.ticketTypeId,
      })
    const reserved = (await countReservedTicketsByType(tx, event.id)).get(type.id) ?? 0
    if (reserved > 0 || !(await deleteUnusedTicketType(tx, type.id)))
      throw new ApplicationError(
        'TICKET_TYPE_IN_USE',
        `"${type.name}" has tickets reserved: set its quantity to what was sold to stop selling it`,
        { ticketTypeId: type.id },
      )
  })
}
