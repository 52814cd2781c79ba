import type { Db } from '../db/db.ts'
import type { PaymentStatus } from '../orders/order-state.ts'
import type { OrderLineRow } from '../orders/order-store.ts'
import { type BookingPayment, bookingPaymentOf } from './booking-payment-words.ts'
import type { ClassTimetable } from './class-sessions.ts'
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
  /** An appointment (one customer at a time) or a class (sessions with places; migration 036). */
  type: ServiceType
  duration_minutes: number
  rate_type: RateType
  price_minor: string
  price_text: string
  pay_online: boolean
  pay_in_person: boolean
  /** A membership of a plan that covers it may pay a booking (migration 038, decision 085). */
  pay_with_plan: boolean
  /** The deposit a booking pays online, the rest at the appointment (migration 040, decision 092); null: none. */
  deposit_minor: string | null
  hidden: boolean
  /** Where it takes place (migration 032); empty when the shop says nothing. */
  location: string
  /** How late before its start the shopper may cancel a booking of it themselves. */
  cancel_notice_minutes: number
  /** A picture of it (migration 034): an https address, or empty. */
  picture_url: string
  /** How long before its start a booking of it is reminded (migration 037); 0 sends no reminder. */
  reminder_minutes: number
  /** Places per session: 1 for an appointment (migration 036). */
  capacity: number
  /** When a class meets; empty for an appointment (migration 036). */
  timetable: ClassTimetable
  created_date: Date
}

/** What kind of service: an appointment, or a class with sessions and places (decision 083). */
export type ServiceType = 'APPOINTMENT' | 'CLASS'

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
 * The times a calendar's appointments are taken between two instants: confirmed bookings and holds that
 * last past `now` (a lapsed hold frees its slot), each to its end plus the buffer. A class's sessions keep
 * their own places (decision 083) and take no appointment's time.
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
       and service_id in (select id from booking_services where schedule_id = $1 and type = 'APPOINTMENT')
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
  /** How many places it takes: 1 for an appointment, up to the places left of a class's session. */
  participants: number
  now: Date
}

/**
 * The places taken of a class's sessions that start in `[from, to)`: the participants of its confirmed
 * bookings and of holds that last past `now`, by the session's start instant (decision 083).
 */
export async function findTakenPlaces(
  db: Db,
  serviceId: string,
  range: { from: Date; to: Date; now: Date },
  options: { exceptBookingId?: string } = {},
): Promise<Map<number, number>> {
  const rows = await db.query<{ start_date: Date; taken: string }>(
    `select start_date, sum(participants)::text as taken from bookings
     where service_id = $1 and status <> 'CANCELLED' and start_date >= $2 and start_date < $3
       and (status = 'CONFIRMED' or held_until > $4) and id is distinct from $5::uuid
     group by start_date`,
    [serviceId, range.from, range.to, range.now, options.exceptBookingId ?? null],
  )
  return new Map(rows.map((row) => [new Date(row.start_date).getTime(), Number(row.taken)]))
}

/** Stores a hold on a slot (the caller holds the calendar's lock and checked the slot is free). */
export async function insertHold(tx: Db, hold: NewHold): Promise<void> {
  await tx.query(
    `insert into bookings (id, site_id, schedule_id, service_id, start_date, end_date, blocked_until, status,
       held_until, created_date, participants)
     values ($1, $2, $3, $4, $5, $6, $7, 'HELD', $8, $9, $10)`,
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
      hold.participants,
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
  cancelled_date: Date | null
  /** Whether the customer came, as the shop marked it (migration 034). */
  attendance: 'ATTENDED' | 'NO_SHOW' | null
  attendance_date: Date | null
  rescheduled_date: Date | null
  /** How many places the booking takes (migration 036): 1 for an appointment. */
  participants: number
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
  participants: number
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
    `select b.id, b.service_id, b.start_date, b.end_date, c.time_zone, b.participants
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
  /** How it is paid, from its order line and order, with the paying plan's sessions now (decision 093). */
  payment: BookingPayment
}

/**
 * The bookings a member's orders made (confirmed or cancelled; a hold is not yet theirs), soonest first,
 * at most `limit` (the account shows the latest), each with how it is paid: the order line that sold it
 * (as cancelling finds it: the order's first line of its service) and the plan that paid it, in the same
 * statement.
 */
export async function findBookingsOfMember(
  db: Db,
  siteId: string,
  memberId: string,
  limit: number,
): Promise<MemberBookingRow[]> {
  const rows = await db.query<
    Omit<MemberBookingRow, 'payment'> & {
      rate_type: RateType
      service_type: ServiceType
      payment_status: PaymentStatus
      currency: string
      paid_minor: string
      line: Pick<
        OrderLineRow,
        'payment_option' | 'membership' | 'total_minor' | 'quantity' | 'refunded_quantity'
      > | null
      sessions_left: number | null
      sessions_total: number | null
    }
  >(
    `select b.id, b.service_id, s.name as service_name, s.location, s.cancel_notice_minutes,
       c.time_zone, b.start_date, b.end_date, b.status, b.cancelled_date, b.order_id, o.number::text as order_number,
       s.rate_type, s.type as service_type, o.payment_status, o.currency, o.paid_minor::text as paid_minor,
       to_jsonb(l) as line, m.sessions_left, m.sessions_total
     from bookings b
       join orders o on o.id = b.order_id
       join booking_services s on s.id = b.service_id
       join booking_schedules c on c.id = b.schedule_id
       left join lateral (
         select payment_option, membership, total_minor::text as total_minor, quantity, refunded_quantity
           from order_lines where order_id = b.order_id and catalog_item_id = b.service_id
           order by position limit 1
       ) l on true
       left join memberships m on m.site_id = $1 and m.id::text = l.membership->>'id'
     where b.site_id = $1 and o.site_id = $1 and o.owner_kind = 'member' and o.owner_id = $2
       and b.status in ('CONFIRMED', 'CANCELLED')
     order by b.start_date desc, b.id limit $3`,
    [siteId, memberId, limit],
  )
  return rows.map(
    ({
      rate_type,
      service_type,
      payment_status,
      currency,
      paid_minor,
      line,
      sessions_left,
      sessions_total,
      ...row
    }) => ({
      ...row,
      payment: bookingPaymentOf({
        order: { payment_status, currency, paid_minor },
        line: line ?? undefined,
        service: { rateType: rate_type, kind: service_type },
        isCancelled: row.status === 'CANCELLED',
        sessions: { left: sessions_left, total: sessions_total },
      }),
    }),
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

/** What the merchant sets of a service (decision 074); the calendar's rules are set on the calendar. */
export interface ServiceFields {
  name: string
  description: string
  pictureUrl: string
  location: string
  durationMinutes: number
  rateType: RateType
  priceMinor: number
  /** The deposit paid online (minor units, below the price; decision 092), or null for none. */
  depositMinor: number | null
  priceText: string
  payOnline: boolean
  payInPerson: boolean
  payWithPlan: boolean
  cancelNoticeMinutes: number
  /** How long before its start a booking is reminded; 0 for no reminder (migration 037). */
  reminderMinutes: number
  hidden: boolean
  /** An appointment or a class; a class's places per session and timetable (decision 083). */
  type: ServiceType
  capacity: number
  timetable: ClassTimetable
}

/** Stores a new service on a calendar; its slug is its name's, made unique in the site by the id's start. */
export async function insertService(
  tx: Db,
  service: { id: string; siteId: string; scheduleId: string; slug: string; fields: ServiceFields; now: Date },
): Promise<void> {
  const f = service.fields
  await tx.query(
    `insert into booking_services (id, site_id, schedule_id, name, slug, description, picture_url, location,
       duration_minutes, rate_type, price_minor, price_text, pay_online, pay_in_person, cancel_notice_minutes,
       hidden, created_date, type, capacity, timetable, reminder_minutes, pay_with_plan, deposit_minor)
     values ($1, $2, $3, $4,
       case when exists (select 1 from booking_services where site_id = $2 and slug = $5)
         then $18 else $5 end,
       $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $19, $20, $21::jsonb, $22, $23, $24)`,
    [
      service.id,
      service.siteId,
      service.scheduleId,
      f.name,
      service.slug,
      f.description,
      f.pictureUrl,
      f.location,
      f.durationMinutes,
      f.rateType,
      f.priceMinor,
      f.priceText,
      f.payOnline,
      f.payInPerson,
      f.cancelNoticeMinutes,
      f.hidden,
      service.now,
      `${service.slug}-${service.id.slice(0, 8)}`,
      f.type,
      f.capacity,
      JSON.stringify(f.timetable),
      f.reminderMinutes,
      f.payWithPlan,
      f.depositMinor,
    ],
  )
}

/** Changes a service of the site; answers whether there was one. Its bookings keep their times. */
export async function updateService(tx: Db, siteId: string, id: string, f: ServiceFields): Promise<boolean> {
  const rows = await tx.query(
    `update booking_services set name = $3, description = $4, picture_url = $5, location = $6,
       duration_minutes = $7, rate_type = $8, price_minor = $9, price_text = $10, pay_online = $11,
       pay_in_person = $12, cancel_notice_minutes = $13, hidden = $14, type = $15, capacity = $16,
       timetable = $17::jsonb, reminder_minutes = $18, pay_with_plan = $19, deposit_minor = $20
     where site_id = $1 and id = $2 returning id`,
    [
      siteId,
      id,
      f.name,
      f.description,
      f.pictureUrl,
      f.location,
      f.durationMinutes,
      f.rateType,
      f.priceMinor,
      f.priceText,
      f.payOnline,
      f.payInPerson,
      f.cancelNoticeMinutes,
      f.hidden,
      f.type,
      f.capacity,
      JSON.stringify(f.timetable),
      f.reminderMinutes,
      f.payWithPlan,
      f.depositMinor,
    ],
  )
  return rows.length > 0
}

/** What the merchant sets of a booking calendar: its zone, hours, exceptions and booking window. */
export type CalendarFields = Omit<ScheduleCalendar, 'id' | 'siteId'>

/** The site's calendars, oldest first (a new service goes on the first; one is made when there is none). */
export async function findSiteCalendars(db: Db, siteId: string): Promise<ScheduleCalendar[]> {
  const rows = await db.query<{ id: string }>(
    'select id from booking_schedules where site_id = $1 order by created_date, id',
    [siteId],
  )
  const calendars = await Promise.all(rows.map((row) => findScheduleCalendar(db, row.id)))
  return calendars.filter((calendar): calendar is ScheduleCalendar => calendar !== undefined)
}

/**
 * Stores a calendar's rules and replaces its exceptions (new when `isNew`). The caller holds the calendar's
 * lock (decision 065) when it changes one: free slots are read under that lock.
 */
export async function saveCalendar(
  tx: Db,
  calendar: { id: string; siteId: string; isNew: boolean; fields: CalendarFields; now: Date },
): Promise<void> {
  const f = calendar.fields
  const params = [
    calendar.id,
    calendar.siteId,
    f.name,
    f.timeZone,
    JSON.stringify(f.weeklyHours),
    f.bufferMinutes,
    f.minNoticeMinutes,
    f.maxAheadDays,
    f.holdMinutes,
  ]
  if (calendar.isNew)
    await tx.query(
      `insert into booking_schedules (id, site_id, name, time_zone, weekly_hours, buffer_minutes,
         min_notice_minutes, max_ahead_days, hold_minutes, created_date)
       values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10)`,
      [...params, calendar.now],
    )
  else
    await tx.query(
      `update booking_schedules set name = $3, time_zone = $4, weekly_hours = $5::jsonb, buffer_minutes = $6,
         min_notice_minutes = $7, max_ahead_days = $8, hold_minutes = $9
       where id = $1 and site_id = $2`,
      params,
    )
  await tx.query('delete from booking_schedule_exceptions where schedule_id = $1', [calendar.id])
  if (f.exceptions.length > 0)
    await tx.query(
      `insert into booking_schedule_exceptions (id, schedule_id, local_date, kind, start_time, end_time)
       select gen_random_uuid(), $1, e.local_date::date, e.kind, e.start_time, e.end_time
       from json_to_recordset($2::json) as e(local_date text, kind text, start_time text, end_time text)`,
      [
        calendar.id,
        JSON.stringify(
          f.exceptions.map((exception) => ({
            local_date: exception.localDate,
            kind: exception.kind,
            start_time: exception.kind === 'EXTRA_HOURS' ? exception.start : null,
            end_time: exception.kind === 'EXTRA_HOURS' ? exception.end : null,
          })),
        ),
      ],
    )
}

/** A booking as the merchant's desk shows it: its slot, service, calendar's zone, customer and order. */
export interface DeskBookingRow extends BookingRow {
  service_name: string
  location: string
  duration_minutes: number
  /** The service's kind and places per session (1 for an appointment). */
  service_type: ServiceType
  capacity: number
  time_zone: string
  order_number: string
  email: string
  /** The order's billing contact (`firstName`, `lastName`, `phone`), as the checkout took it. */
  contact: { firstName?: string; lastName?: string; phone?: string } | null
}

const deskSelect = `select b.*, s.name as service_name, s.location, s.duration_minutes, s.type as service_type, s.capacity, c.time_zone,
    o.number::text as order_number, o.email, coalesce(o.billing_contact, o.shipping_contact) as contact
  from bookings b
    join booking_services s on s.id = b.service_id
    join booking_schedules c on c.id = b.schedule_id
    join orders o on o.id = b.order_id`

/**
 * The site's booked slots (confirmed or cancelled; a hold is not yet a booking) that start in `[from, to)`,
 * soonest first, at most 500 (a week of a busy shop).
 */
export async function findDeskBookings(
  db: Db,
  siteId: string,
  range: { from: Date; to: Date },
): Promise<DeskBookingRow[]> {
  return db.query<DeskBookingRow>(
    `${deskSelect}
     where b.site_id = $1 and b.order_id is not null and b.start_date >= $2 and b.start_date < $3
       and b.status in ('CONFIRMED', 'CANCELLED')
     order by b.start_date, b.id limit 500`,
    [siteId, range.from, range.to],
  )
}

/** One booked slot of the site as the desk shows it. */
export async function findDeskBooking(
  db: Db,
  siteId: string,
  id: string,
): Promise<DeskBookingRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined
  const [row] = await db.query<DeskBookingRow>(
    `${deskSelect} where b.site_id = $1 and b.id = $2 and b.order_id is not null`,
    [siteId, id],
  )
  return row
}

/** Moves a confirmed booking to another slot (the caller holds its calendar's lock and checked it free). */
export async function moveBooking(
  tx: Db,
  move: { id: string; start: Date; end: Date; blockedUntil: Date; now: Date },
): Promise<void> {
  await tx.query(
    `update bookings set start_date = $2, end_date = $3, blocked_until = $4, rescheduled_date = $5,
       attendance = null, attendance_date = null, reminder_sent_date = null
     where id = $1 and status = 'CONFIRMED'`,
    [move.id, move.start, move.end, move.blockedUntil, move.now],
  )
}

/** Marks whether the customer of a confirmed booking came; answers the booking, or none when it is not one. */
export async function setBookingAttendance(
  db: Db,
  siteId: string,
  id: string,
  attendance: 'ATTENDED' | 'NO_SHOW',
  now: Date,
): Promise<BookingRow | undefined> {
  const [row] = await db.query<BookingRow>(
    `update bookings set attendance = $3, attendance_date = $4
     where site_id = $1 and id = $2 and status = 'CONFIRMED' and start_date <= $4 returning *`,
    [siteId, id, attendance, now],
  )
  return row
}

/**
 * Claims the confirmed bookings whose reminder is due (decision 084) and marks it sent, in the caller's
 * transaction: due once `now` reaches the start less the service's reminder time, while the booking has not
 * started, for a booking made before then (one made later has just had its confirmation). `for update skip
 * locked` lets processes share the work without taking the same booking; a booking being cancelled is
 * skipped and, cancelled, never claimed.
 */
export async function claimDueReminders(tx: Db, now: Date, limit: number): Promise<BookingRow[]> {
  return tx.query<BookingRow>(
    `with due as (
       select b.id from bookings b join booking_services s on s.id = b.service_id
        where b.status = 'CONFIRMED' and b.reminder_sent_date is null and s.reminder_minutes > 0
          and b.start_date > $1 and b.start_date - s.reminder_minutes * interval '1 minute' <= $1
          and b.created_date < b.start_date - s.reminder_minutes * interval '1 minute'
        order by b.start_date limit $2 for update of b skip locked)
     update bookings b set reminder_sent_date = $1 from due where b.id = due.id returning b.*`,
    [now, limit],
  )
}
