import type { Db } from '../db/db.ts'
import type { BookingCalendar, BusyTime, ScheduleException, WeeklyHours } from './free-slots.ts'

/** How an appointment is priced: a price, free, or "price on request" (nothing is charged online). */
export type RateType = 'FIXED' | 'NO_FEE' | 'CUSTOM'

export interface ServiceRow {
  id: string
  site_id: string
  schedule_id: string
  name: string
  slug: string
  description: string
  type: 'APPOINTMENT'
  duration_minutes: number
  rate_type: RateType
  price_minor: string
  price_text: string
  pay_online: boolean
  pay_in_person: boolean
  hidden: boolean
  /** Where it takes place (migration 032); empty when the shop says nothing. */
  location: string
  /** How late before its start the shopper may cancel a booking of it themselves. */
  cancel_notice_minutes: number
  created_date: Date
}

/** A booking calendar with its id and how long a slot is held while the shopper pays. */
export interface ScheduleCalendar extends BookingCalendar {
  id: string
  siteId: string
  name: string
  holdMinutes: number
}

interface ScheduleRow {
  id: string
  site_id: string
  name: string
  time_zone: string
  weekly_hours: WeeklyHours[]
  buffer_minutes: number
  min_notice_minutes: number
  max_ahead_days: number
  hold_minutes: number
  exceptions: {
    local_date: string
    kind: 'CLOSED' | 'EXTRA_HOURS'
    start_time: string | null
    end_time: string | null
  }[]
}

function toCalendar(row: ScheduleRow): ScheduleCalendar {
  return {
    id: row.id,
    siteId: row.site_id,
    name: row.name,
    timeZone: row.time_zone,
    weeklyHours: row.weekly_hours,
    exceptions: row.exceptions.map(
      (exception): ScheduleException =>
        exception.kind === 'CLOSED'
          ? { localDate: exception.local_date, kind: 'CLOSED' }
          : {
              localDate: exception.local_date,
              kind: 'EXTRA_HOURS',
              start: exception.start_time ?? '00:00',
              end: exception.end_time ?? '00:00',
            },
    ),
    bufferMinutes: row.buffer_minutes,
    minNoticeMinutes: row.min_notice_minutes,
    maxAheadDays: row.max_ahead_days,
    holdMinutes: row.hold_minutes,
  }
}

/**
 * The booking calendar with its exceptions, in one statement; with `lock`, its row is locked for the
 * rest of the transaction: every hold and confirmation on one calendar takes turns there (decision 065).
 */
export async function findScheduleCalendar(
  db: Db,
  scheduleId: string,
  options: { lock?: boolean } = {},
): Promise<ScheduleCalendar | undefined> {
  const [row] = await db.query<ScheduleRow>(
    `select s.id, s.site_id, s.name, s.time_zone, s.weekly_hours, s.buffer_minutes, s.min_notice_minutes,
       s.max_ahead_days, s.hold_minutes,
       coalesce((select json_agg(json_build_object('local_date', e.local_date::text, 'kind', e.kind,
         'start_time', e.start_time, 'end_time', e.end_time) order by e.local_date)
         from booking_schedule_exceptions e where e.schedule_id = s.id), '[]'::json) as exceptions
     from booking_schedules s where s.id = $1${options.lock ? ' for update of s' : ''}`,
    [scheduleId],
  )
  return row && toCalendar(row)
}

/** The site's services, oldest first; hidden ones only when asked; only `ids` when given. */
export async function findServices(
  db: Db,
  siteId: string,
  options: { ids?: readonly string[]; includeHidden?: boolean } = {},
): Promise<ServiceRow[]> {
  const ids = options.ids?.filter((id) => /^[0-9a-f-]{36}$/i.test(id))
  if (ids && ids.length === 0) return []
  return db.query<ServiceRow>(
    `select * from booking_services where site_id = $1
       ${options.includeHidden ? '' : 'and not hidden'}
       ${ids ? 'and id = any($2::uuid[])' : ''}
     order by created_date, id`,
    ids ? [siteId, ids] : [siteId],
  )
}

/**
 * The times a calendar is taken between two instants: confirmed bookings and holds that last past `now`
 * (a lapsed hold frees its slot), each to its end plus the buffer.
 */
export async function findBusyTimes(
  db: Db,
  scheduleId: string,
  range: { from: Date; to: Date; now: Date },
  options: { exceptBookingId?: string } = {},
): Promise<BusyTime[]> {
  const rows = await db.query<{ start_date: Date; blocked_until: Date }>(
    `select start_date, blocked_until from bookings
     where schedule_id = $1 and status <> 'CANCELLED' and start_date < $3 and blocked_until > $2
       and (status = 'CONFIRMED' or held_until > $4) and id is distinct from $5::uuid
     order by start_date`,
    [scheduleId, range.from, range.to, range.now, options.exceptBookingId ?? null],
  )
  return rows.map((row) => ({ start: new Date(row.start_date), blockedUntil: new Date(row.blocked_until) }))
}

export interface NewHold {
  id: string
  siteId: string
  scheduleId: string
  serviceId: string
  start: Date
  end: Date
  blockedUntil: Date
  heldUntil: Date
  now: Date
}

/** Stores a hold on a slot (the caller holds the calendar's lock and checked the slot is free). */
export async function insertHold(tx: Db, hold: NewHold): Promise<void> {
  await tx.query(
    `insert into bookings (id, site_id, schedule_id, service_id, start_date, end_date, blocked_until, status,
       held_until, created_date)
     values ($1, $2, $3, $4, $5, $6, $7, 'HELD', $8, $9)`,
    [
      hold.id,
      hold.siteId,
      hold.scheduleId,
      hold.serviceId,
      hold.start,
      hold.end,
      hold.blockedUntil,
      hold.heldUntil,
      hold.now,
    ],
  )
}

export interface BookingRow {
  id: string
  site_id: string
  schedule_id: string
  service_id: string
  start_date: Date
  end_date: Date
  blocked_until: Date
  status: 'HELD' | 'CONFIRMED' | 'CANCELLED'
  held_until: Date | null
  checkout_id: string | null
  order_id: string | null
  created_date: Date
}

/** The bookings with these ids in the site. */
export async function findBookings(db: Db, siteId: string, ids: readonly string[]): Promise<BookingRow[]> {
  if (ids.length === 0) return []
  return db.query<BookingRow>(
    'select * from bookings where site_id = $1 and id = any($2::uuid[]) order by id',
    [siteId, ids],
  )
}

/** A held slot as a current cart's line sells it: the booking, its service, times and calendar's zone. */
export interface HeldBookingRow {
  id: string
  service_id: string
  start_date: Date
  end_date: Date
  time_zone: string
}

/**
 * The site's bookings with these ids that are held now and not being paid for in a bookings checkout of
 * their own: what a current cart may add (decision 082).
 */
export async function findLiveHolds(
  db: Db,
  siteId: string,
  ids: readonly string[],
  now: Date,
): Promise<HeldBookingRow[]> {
  if (ids.length === 0) return []
  return db.query<HeldBookingRow>(
    `select b.id, b.service_id, b.start_date, b.end_date, c.time_zone
     from bookings b join booking_schedules c on c.id = b.schedule_id
     where b.site_id = $1 and b.id = any($2::uuid[]) and b.status = 'HELD' and b.checkout_id is null
       and b.held_until > $3`,
    [siteId, ids, now],
  )
}

/**
 * Locks the calendars of these bookings (in one order, so two orders never wait on each other), then
 * reads the bookings under those locks.
 */
export async function lockBookingsWithCalendars(
  tx: Db,
  siteId: string,
  ids: readonly string[],
): Promise<BookingRow[]> {
  await tx.query(
    `select id from booking_schedules
     where id in (select schedule_id from bookings where site_id = $1 and id = any($2::uuid[]))
     order by id for update`,
    [siteId, ids],
  )
  return tx.query<BookingRow>('select * from bookings where site_id = $1 and id = any($2::uuid[])', [
    siteId,
    ids,
  ])
}

/** Marks held bookings confirmed for an order (the caller checked each under its calendar's lock). */
export async function confirmHeldBookings(tx: Db, ids: readonly string[], orderId: string): Promise<void> {
  await tx.query(
    `update bookings set status = 'CONFIRMED', held_until = null, order_id = $2
     where id = any($1::uuid[]) and status = 'HELD'`,
    [ids, orderId],
  )
}

/** Notes the checkout that pays for a hold. */
export async function setBookingCheckout(tx: Db, bookingId: string, checkoutId: string): Promise<void> {
  await tx.query('update bookings set checkout_id = $2 where id = $1', [bookingId, checkoutId])
}

/** The confirmed bookings of orders, by order id (the order desk and thank-you pages show their times). */
export async function findBookingsOfOrders(db: Db, orderIds: readonly string[]): Promise<BookingRow[]> {
  if (orderIds.length === 0) return []
  return db.query<BookingRow>('select * from bookings where order_id = any($1::uuid[]) order by start_date', [
    orderIds,
  ])
}

/** A member's booking as their account lists it: its slot, service, calendar's zone and order. */
export interface MemberBookingRow {
  id: string
  service_id: string
  service_name: string
  location: string
  cancel_notice_minutes: number
  time_zone: string
  start_date: Date
  end_date: Date
  status: 'CONFIRMED' | 'CANCELLED'
  cancelled_date: Date | null
  order_id: string
  order_number: string
}

/**
 * The bookings a member's orders made (confirmed or cancelled; a hold is not yet theirs), soonest first,
 * at most `limit` (the account shows the latest).
 */
export async function findBookingsOfMember(
  db: Db,
  siteId: string,
  memberId: string,
  limit: number,
): Promise<MemberBookingRow[]> {
  return db.query<MemberBookingRow>(
    `select b.id, b.service_id, s.name as service_name, s.location, s.cancel_notice_minutes,
       c.time_zone, b.start_date, b.end_date, b.status, b.cancelled_date, b.order_id, o.number::text as order_number
     from bookings b
       join orders o on o.id = b.order_id
       join booking_services s on s.id = b.service_id
       join booking_schedules c on c.id = b.schedule_id
     where b.site_id = $1 and o.site_id = $1 and o.owner_kind = 'member' and o.owner_id = $2
       and b.status in ('CONFIRMED', 'CANCELLED')
     order by b.start_date desc, b.id limit $3`,
    [siteId, memberId, limit],
  )
}

/** Marks a confirmed booking cancelled (the caller holds its calendar's lock): its slot is free again. */
export async function markBookingCancelled(tx: Db, bookingId: string, now: Date): Promise<void> {
  await tx.query(
    `update bookings set status = 'CANCELLED', cancelled_date = $2 where id = $1 and status = 'CONFIRMED'`,
    [bookingId, now],
  )
}

/** One booking by its id alone (a signed link names only the booking). */
export async function findBookingById(db: Db, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.query<BookingRow>('select * from bookings where id = $1', [id])
  return row
}
