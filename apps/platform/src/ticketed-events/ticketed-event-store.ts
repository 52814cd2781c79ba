import type { Db } from '../db/db.ts'
import type { LinesRefunded } from '../orders/order-actions.ts'

/** The app id of the tickets catalogue in a line's catalogue reference (the Wix Events app's). */
export const EVENTS_APP_ID = '140603ad-af8d-84a5-2c80-a0f60cb47351'

export type EventStatus = 'DRAFT' | 'PUBLISHED' | 'CANCELLED'

export interface TicketedEventRow {
  id: string
  site_id: string
  slug: string
  title: string
  description: string
  start_date: Date
  end_date: Date
  time_zone: string
  location_kind: 'VENUE' | 'ONLINE'
  venue_name: string
  venue_address: string
  /** Shown to ticket holders only. */
  online_url: string | null
  registration_opens: Date | null
  registration_closes: Date | null
  capacity: number | null
  status: EventStatus
  hold_minutes: number
  /** A picture of the event: a URL of the shop's media or an https image. */
  image_url: string | null
  cancelled_date: Date | null
  created_date: Date
}

export interface TicketTypeRow {
  id: string
  site_id: string
  event_id: string
  name: string
  description: string
  /** 0 for a free ticket. */
  price_minor: string
  quantity: number
  limit_per_order: number
  sale_starts: Date | null
  sale_ends: Date | null
  sort_index: number
  created_date: Date
}

export interface ReservationRow {
  id: string
  site_id: string
  event_id: string
  status: 'HELD' | 'CONFIRMED' | 'CANCELLED'
  held_until: Date | null
  checkout_id: string | null
  order_id: string | null
  created_date: Date
}

export interface TicketRow {
  id: string
  site_id: string
  event_id: string
  reservation_id: string
  ticket_type_id: string
  code: string
  attendee_name: string
  attendee_email: string
  checked_in_date: Date | null
  /** Refunded, or its event cancelled: it passes the door no more and its seat is free. */
  cancelled_date: Date | null
  created_date: Date
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `id` is a UUID: anything else names no row, and is not sent to a uuid column. */
export function isUuid(id: string): boolean {
  return UUID.test(id)
}

/** The site's published events, soonest first; with `upcomingAfter`, only those that end after it. */
export async function findPublishedEvents(
  db: Db,
  siteId: string,
  options: { upcomingAfter?: Date; ids?: readonly string[] } = {},
): Promise<TicketedEventRow[]> {
  const ids = options.ids?.filter(isUuid)
  if (ids && ids.length === 0) return []
  return db.query<TicketedEventRow>(
    `select * from ticketed_events
     where site_id = $1 and status = 'PUBLISHED' and ($2::timestamptz is null or end_date > $2)
       and ($3::uuid[] is null or id = any($3::uuid[]))
     order by start_date, id`,
    [siteId, options.upcomingAfter ?? null, ids ?? null],
  )
}

/** The site's event with this id or slug, whatever its status; with `lock`, its row is locked. */
export async function findTicketedEvent(
  db: Db,
  siteId: string,
  key: { id: string } | { slug: string },
  options: { lock?: boolean } = {},
): Promise<TicketedEventRow | undefined> {
  if ('id' in key && !isUuid(key.id)) return undefined
  const [row] = await db.query<TicketedEventRow>(
    `select * from ticketed_events where site_id = $1 and ${'id' in key ? 'id = $2::uuid' : 'slug = $2'}
     ${options.lock ? 'for update' : ''}`,
    [siteId, 'id' in key ? key.id : key.slug],
  )
  return row
}

/** The ticket types of events (or only `ids`), in the order the event lists them. */
export async function findTicketTypes(
  db: Db,
  siteId: string,
  filter: { eventIds?: readonly string[]; ids?: readonly string[] },
): Promise<TicketTypeRow[]> {
  const eventIds = filter.eventIds?.filter(isUuid)
  const ids = filter.ids?.filter(isUuid)
  if ((eventIds && eventIds.length === 0) || (ids && ids.length === 0)) return []
  return db.query<TicketTypeRow>(
    `select * from event_ticket_types
     where site_id = $1 and ($2::uuid[] is null or event_id = any($2::uuid[]))
       and ($3::uuid[] is null or id = any($3::uuid[]))
     order by sort_index, created_date, id`,
    [siteId, eventIds ?? null, ids ?? null],
  )
}

/**
 * The tickets each ticket type of an event has given out at `now`, by ticket type id: tickets of
 * confirmed reservations and of holds that last past `now` (a lapsed reservation gives its tickets back).
 */
export async function countTakenTickets(db: Db, eventId: string, now: Date): Promise<Map<string, number>> {
  const rows = await db.query<{ ticket_type_id: string; taken: number }>(
    `select t.ticket_type_id, count(*)::int as taken
     from event_tickets t join event_reservations r on r.id = t.reservation_id
     where t.event_id = $1 and t.cancelled_date is null
       and (r.status = 'CONFIRMED' or (r.status = 'HELD' and r.held_until > $2))
     group by t.ticket_type_id`,
    [eventId, now],
  )
  return new Map(rows.map((row) => [row.ticket_type_id, row.taken]))
}

/** The tickets each ticket type of these events has given out at `now` (the public reads' remaining counts). */
export async function countTakenTicketsOfEvents(
  db: Db,
  eventIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map()
  const rows = await db.query<{ ticket_type_id: string; taken: number }>(
    `select t.ticket_type_id, count(*)::int as taken
     from event_tickets t join event_reservations r on r.id = t.reservation_id
     where t.event_id = any($1::uuid[]) and t.cancelled_date is null
       and (r.status = 'CONFIRMED' or (r.status = 'HELD' and r.held_until > $2))
     group by t.ticket_type_id`,
    [eventIds, now],
  )
  return new Map(rows.map((row) => [row.ticket_type_id, row.taken]))
}

export interface NewReservation {
  id: string
  siteId: string
  eventId: string
  heldUntil: Date
  tickets: { id: string; ticketTypeId: string; code: string }[]
  now: Date
}

/** Stores a reservation and its tickets (the caller holds the event's lock and checked they are free). */
export async function insertReservation(tx: Db, reservation: NewReservation): Promise<void> {
  await tx.query(
    `with reservation as (
       insert into event_reservations (id, site_id, event_id, status, held_until, created_date)
       values ($1, $2, $3, 'HELD', $4, $5) returning id)
     insert into event_tickets (id, site_id, event_id, reservation_id, ticket_type_id, code, created_date)
     select x.id, $2, $3, reservation.id, x.ticket_type_id, x.code, $5
     from reservation, jsonb_to_recordset($6::jsonb) as x(id uuid, ticket_type_id uuid, code text)`,
    [
      reservation.id,
      reservation.siteId,
      reservation.eventId,
      reservation.heldUntil,
      reservation.now,
      JSON.stringify(
        reservation.tickets.map((ticket) => ({
          id: ticket.id,
          ticket_type_id: ticket.ticketTypeId,
          code: ticket.code,
        })),
      ),
    ],
  )
}

/** The site's reservation with this id; with `lock`, its row is locked. */
export async function findReservation(
  db: Db,
  siteId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ReservationRow | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await db.query<ReservationRow>(
    `select * from event_reservations where site_id = $1 and id = $2 ${options.lock ? 'for update' : ''}`,
    [siteId, id],
  )
  return row
}

/** The tickets of reservations, in the order they were reserved. */
export async function findTicketsOfReservations(
  db: Db,
  reservationIds: readonly string[],
): Promise<TicketRow[]> {
  if (reservationIds.length === 0) return []
  return db.query<TicketRow>(
    `select t.* from event_tickets t join event_ticket_types tt on tt.id = t.ticket_type_id
     where t.reservation_id = any($1::uuid[]) order by t.reservation_id, tt.sort_index, t.code`,
    [reservationIds],
  )
}

/** Notes the checkout that pays for a reservation. */
export async function setReservationCheckout(
  tx: Db,
  reservationId: string,
  checkoutId: string,
): Promise<void> {
  await tx.query('update event_reservations set checkout_id = $2 where id = $1', [reservationId, checkoutId])
}

/** Names the attendee of each ticket of a reservation (tickets of other reservations are left alone). */
export async function setAttendees(
  tx: Db,
  reservationId: string,
  attendees: readonly { ticketId: string; name: string; email: string }[],
): Promise<void> {
  if (attendees.length === 0) return
  await tx.query(
    `update event_tickets t set attendee_name = x.name, attendee_email = x.email
     from jsonb_to_recordset($2::jsonb) as x(id uuid, name text, email text)
     where t.id = x.id and t.reservation_id = $1`,
    [
      reservationId,
      JSON.stringify(
        attendees.map((attendee) => ({ id: attendee.ticketId, name: attendee.name, email: attendee.email })),
      ),
    ],
  )
}

/**
 * Locks the events of these reservations (in one order, so two orders never wait on each other), then
 * reads the reservations under those locks.
 */
export async function lockReservationsWithEvents(
  tx: Db,
  siteId: string,
  ids: readonly string[],
): Promise<ReservationRow[]> {
  await tx.query(
    `select id from ticketed_events
     where id in (select event_id from event_reservations where site_id = $1 and id = any($2::uuid[]))
     order by id for update`,
    [siteId, ids],
  )
  return tx.query<ReservationRow>(
    'select * from event_reservations where site_id = $1 and id = any($2::uuid[])',
    [siteId, ids],
  )
}

/** Marks held reservations confirmed for an order (the caller checked each under its event's lock). */
export async function confirmHeldReservations(
  tx: Db,
  ids: readonly string[],
  orderId: string,
): Promise<void> {
  await tx.query(
    `update event_reservations set status = 'CONFIRMED', held_until = null, order_id = $2
     where id = any($1::uuid[]) and status = 'HELD'`,
    [ids, orderId],
  )
}

/** A sold ticket with its event and type, as a mail, the account and the door show it. */
export interface SoldTicket extends TicketRow {
  ticket_type_name: string
  event_title: string
  event_slug: string
  event_start_date: Date
  event_end_date: Date
  event_time_zone: string
  event_location_kind: 'VENUE' | 'ONLINE'
  event_venue: string
  /** The online event's link: the ticket holder's to know. */
  event_online_url: string | null
  order_id: string
}

const SOLD_TICKET_COLUMNS = `t.*, tt.name as ticket_type_name, e.title as event_title, e.slug as event_slug,
  e.start_date as event_start_date, e.end_date as event_end_date, e.time_zone as event_time_zone,
  e.location_kind as event_location_kind, concat_ws(', ', nullif(e.venue_name, ''), nullif(e.venue_address, '')) as event_venue,
  e.online_url as event_online_url, r.order_id`

/** The tickets an order sold, in the order they were reserved (cancelled ones too: they say so). */
export async function findTicketsOfOrder(db: Db, orderId: string): Promise<SoldTicket[]> {
  return db.query<SoldTicket>(
    `select ${SOLD_TICKET_COLUMNS}
     from event_tickets t join event_reservations r on r.id = t.reservation_id
       join event_ticket_types tt on tt.id = t.ticket_type_id join ticketed_events e on e.id = t.event_id
     where r.order_id = $1 and r.status = 'CONFIRMED' order by tt.sort_index, t.code`,
    [orderId],
  )
}

/** A ticket a member bought, with its order's number (the members account's EVENTS section). */
export interface MemberTicket extends SoldTicket {
  order_number: string
  event_status: 'DRAFT' | 'PUBLISHED' | 'CANCELLED'
}

/**
 * The tickets of the member's orders (decision 070), the latest events first, at most `limit`: the
 * members account's EVENTS section.
 */
export async function findTicketsOfMember(
  db: Db,
  siteId: string,
  memberId: string,
  limit: number,
): Promise<MemberTicket[]> {
  return db.query<MemberTicket>(
    `select ${SOLD_TICKET_COLUMNS}, o.number::text as order_number, e.status as event_status
     from event_tickets t join event_reservations r on r.id = t.reservation_id
       join orders o on o.id = r.order_id
       join event_ticket_types tt on tt.id = t.ticket_type_id join ticketed_events e on e.id = t.event_id
     where t.site_id = $1 and o.site_id = $1 and o.owner_kind = 'member' and o.owner_id = $2
       and r.status = 'CONFIRMED'
     order by e.start_date desc, tt.sort_index, t.code limit $3`,
    [siteId, memberId, limit],
  )
}

/** The sold ticket with this code in the site; with `lock`, its row is locked (the door's check-in). */
export async function findSoldTicketByCode(
  db: Db,
  siteId: string,
  code: string,
  options: { lock?: boolean } = {},
): Promise<SoldTicket | undefined> {
  const [row] = await db.query<SoldTicket>(
    `select ${SOLD_TICKET_COLUMNS}
     from event_tickets t join event_reservations r on r.id = t.reservation_id
       join event_ticket_types tt on tt.id = t.ticket_type_id join ticketed_events e on e.id = t.event_id
     where t.site_id = $1 and t.code = $2 and r.status = 'CONFIRMED'
     ${options.lock ? 'for update of t' : ''}`,
    [siteId, code],
  )
  return row
}

/** Marks a ticket checked in at `now`, unless it was already (answers whether this call did). */
export async function markCheckedIn(tx: Db, ticketId: string, now: Date): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    'update event_tickets set checked_in_date = $2 where id = $1 and checked_in_date is null returning id',
    [ticketId, now],
  )
  return rows.length === 1
}

/** An event as the merchant sets it (decision 075): checked by `readEventFields` before it is stored. */
export interface EventFields {
  title: string
  description: string
  imageUrl: string | null
  start: Date
  end: Date
  timeZone: string
  location: { kind: 'VENUE'; name: string; address: string } | { kind: 'ONLINE'; url: string }
  registrationOpens: Date | null
  registrationCloses: Date | null
  capacity: number | null
}

const eventParams = (fields: EventFields) => [
  fields.title,
  fields.description,
  fields.imageUrl,
  fields.start,
  fields.end,
  fields.timeZone,
  fields.location.kind,
  fields.location.kind === 'VENUE' ? fields.location.name : '',
  fields.location.kind === 'VENUE' ? fields.location.address : '',
  fields.location.kind === 'ONLINE' ? fields.location.url : null,
  fields.registrationOpens,
  fields.registrationCloses,
  fields.capacity,
]

/** Stores a new event, a draft. */
export async function insertTicketedEvent(
  tx: Db,
  event: { id: string; siteId: string; slug: string; fields: EventFields; now: Date },
): Promise<void> {
  await tx.query(
    `insert into ticketed_events (title, description, image_url, start_date, end_date, time_zone, location_kind,
       venue_name, venue_address, online_url, registration_opens, registration_closes, capacity,
       id, site_id, slug, status, created_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'DRAFT', $17)`,
    [...eventParams(event.fields), event.id, event.siteId, event.slug, event.now],
  )
}

/** Saves an event's fields (its status and slug stay). */
export async function updateTicketedEvent(
  tx: Db,
  siteId: string,
  id: string,
  fields: EventFields,
): Promise<void> {
  await tx.query(
    `update ticketed_events set title = $1, description = $2, image_url = $3, start_date = $4, end_date = $5,
       time_zone = $6, location_kind = $7, venue_name = $8, venue_address = $9, online_url = $10,
       registration_opens = $11, registration_closes = $12, capacity = $13
     where site_id = $14 and id = $15`,
    [...eventParams(fields), siteId, id],
  )
}

/** Sets an event's status; a cancelled one keeps when it was cancelled. */
export async function setTicketedEventStatus(
  tx: Db,
  id: string,
  status: EventStatus,
  now: Date,
): Promise<void> {
  await tx.query(
    `update ticketed_events set status = $2,
       cancelled_date = case when $2 = 'CANCELLED' then $3::timestamptz else null end
     where id = $1`,
    [id, status, now],
  )
}

/** An event as the merchant's list shows it: its tickets sold (paid and not cancelled) and on offer. */
export interface DeskEventRow extends TicketedEventRow {
  tickets_sold: number
  tickets_offered: number
}

/** The site's events of every status, the latest start first, with their tickets sold and offered. */
export async function listEventsForDesk(db: Db, siteId: string): Promise<DeskEventRow[]> {
  return db.query<DeskEventRow>(
    `select e.*,
       (select count(*)::int from event_tickets t join event_reservations r on r.id = t.reservation_id
        where t.event_id = e.id and r.status = 'CONFIRMED' and t.cancelled_date is null) as tickets_sold,
       (select coalesce(sum(quantity), 0)::int from event_ticket_types tt where tt.event_id = e.id) as tickets_offered
     from ticketed_events e where e.site_id = $1 order by e.start_date desc, e.id`,
    [siteId],
  )
}

/** A ticket type as the merchant sets it (decision 075). */
export interface TicketTypeFields {
  name: string
  description: string
  priceMinor: number
  quantity: number
  limitPerOrder: number
  saleStarts: Date | null
  saleEnds: Date | null
}

const ticketTypeParams = (fields: TicketTypeFields) => [
  fields.name,
  fields.description,
  fields.priceMinor,
  fields.quantity,
  fields.limitPerOrder,
  fields.saleStarts,
  fields.saleEnds,
]

/** Stores a new ticket type after the event's others. */
export async function insertTicketType(
  tx: Db,
  type: { id: string; siteId: string; eventId: string; fields: TicketTypeFields; now: Date },
): Promise<void> {
  await tx.query(
    `insert into event_ticket_types (name, description, price_minor, quantity, limit_per_order, sale_starts,
       sale_ends, id, site_id, event_id, sort_index, created_date)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
       coalesce((select max(sort_index) + 1 from event_ticket_types where event_id = $10), 1), $11`,
    [...ticketTypeParams(type.fields), type.id, type.siteId, type.eventId, type.now],
  )
}

/** Saves a ticket type's fields. */
export async function updateTicketType(tx: Db, id: string, fields: TicketTypeFields): Promise<void> {
  await tx.query(
    `update event_ticket_types set name = $1, description = $2, price_minor = $3, quantity = $4,
       limit_per_order = $5, sale_starts = $6, sale_ends = $7
     where id = $8`,
    [...ticketTypeParams(fields), id],
  )
}

/** Removes a ticket type no ticket was ever reserved of (answers whether it did). */
export async function deleteUnusedTicketType(tx: Db, id: string): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `delete from event_ticket_types tt where id = $1
       and not exists (select 1 from event_tickets t where t.ticket_type_id = tt.id) returning id`,
    [id],
  )
  return rows.length === 1
}

/** How many tickets of each type of an event were ever reserved (a type with any cannot be removed). */
export async function countReservedTicketsByType(db: Db, eventId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ ticket_type_id: string; reserved: number }>(
    `select ticket_type_id, count(*)::int as reserved from event_tickets where event_id = $1
     group by ticket_type_id`,
    [eventId],
  )
  return new Map(rows.map((row) => [row.ticket_type_id, row.reserved]))
}

/** A sold ticket on the attendee list: its order's number and buyer. */
export interface AttendeeRow extends SoldTicket {
  order_number: string
  buyer_email: string
}

/** The tickets sold for an event (cancelled ones too), by ticket type, then attendee and code. */
export async function findAttendees(db: Db, siteId: string, eventId: string): Promise<AttendeeRow[]> {
  if (!isUuid(eventId)) return []
  return db.query<AttendeeRow>(
    `select ${SOLD_TICKET_COLUMNS}, o.number::text as order_number, o.email as buyer_email
     from event_tickets t join event_reservations r on r.id = t.reservation_id
       join orders o on o.id = r.order_id
       join event_ticket_types tt on tt.id = t.ticket_type_id join ticketed_events e on e.id = t.event_id
     where t.site_id = $1 and t.event_id = $2 and r.status = 'CONFIRMED'
     order by tt.sort_index, lower(t.attendee_name), t.code`,
    [siteId, eventId],
  )
}

/** The orders that bought tickets of an event, each with its buyer's e-mail (whom its cancellation tells). */
export async function findTicketOrdersOfEvent(
  db: Db,
  eventId: string,
): Promise<{ order_id: string; email: string; number: string }[]> {
  return db.query(
    `select o.id as order_id, o.email, o.number::text as number from orders o
     where o.id in (select order_id from event_reservations where event_id = $1 and status = 'CONFIRMED')
     order by o.number`,
    [eventId],
  )
}

/** Cancels every ticket of an event not cancelled yet (the event is). */
export async function cancelTicketsOfEvent(tx: Db, eventId: string, now: Date): Promise<void> {
  await tx.query(
    'update event_tickets set cancelled_date = $2 where event_id = $1 and cancelled_date is null',
    [eventId, now],
  )
}

/**
 * Cancels tickets of an order as it is refunded: of each ticket type, as many as were refunded (those
 * not used at the door first), or, with `all`, every ticket of the order. Lines of other catalogues
 * name no ticket type and cancel nothing. Answers how many it cancelled.
 */
export async function cancelTicketsOfOrder(
  tx: Db,
  orderId: string,
  refunded: { all: boolean; lines: readonly { ticketTypeId: string; quantity: number }[] },
  now: Date,
): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `with live as (
       select t.id, t.ticket_type_id,
         row_number() over (partition by t.ticket_type_id order by t.checked_in_date nulls first, t.code) as n
       from event_tickets t join event_reservations r on r.id = t.reservation_id
       where r.order_id = $1 and r.status = 'CONFIRMED' and t.cancelled_date is null)
     update event_tickets t set cancelled_date = $4
     from live left join jsonb_to_recordset($2::jsonb) as x(ticket_type_id uuid, quantity int)
       on x.ticket_type_id = live.ticket_type_id
     where t.id = live.id and ($3::boolean or live.n <= coalesce(x.quantity, 0))
     returning t.id`,
    [
      orderId,
      JSON.stringify(
        refunded.lines.map((line) => ({ ticket_type_id: line.ticketTypeId, quantity: line.quantity })),
      ),
      refunded.all,
      now,
    ],
  )
  return rows.length
}

/**
 * The order desk's refunded-lines hook for ticket lines (decision 075): a refunded ticket passes the door no
 * more, as many of a ticket type's tickets as its line had refunded (unused first), or all the order's when
 * nothing is left paid. Lines of other catalogues name no ticket type, so they void nothing.
 */
export const voidRefundedTickets: LinesRefunded = async (tx, refunded, now) => {
  await cancelTicketsOfOrder(
    tx,
    refunded.orderId,
    {
      all: refunded.all,
      lines: refunded.lines.map((line) => ({ ticketTypeId: line.catalogItemId, quantity: line.quantity })),
    },
    now,
  )
}
