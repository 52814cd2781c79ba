import type { Db } from '../db/db.ts'
import { deterministicId } from './deterministic-id.ts'

export const DEMO_SCHEDULE_ID = deterministicId('demo/bookings/schedule')
export const DEMO_FITTING_ID = deterministicId('demo/bookings/fitting')
export const DEMO_CONSULTATION_ID = deterministicId('demo/bookings/consultation')
export const DEMO_CLASS_ID = deterministicId('demo/bookings/sewing-class')

/**
 * The demo store's bookings (decision 065): one calendar in New York, open Monday to Saturday 09:00 to
 * 17:00 with 15 minutes between appointments, booked at least an hour and at most 60 days ahead, and two
 * appointment services on it: a 45-minute paid fitting and a free 15-minute consultation; and a class on it
 * (decision 083): a 90-minute sewing class for 8, Tuesdays and Thursdays at 18:00, $25 a place.
 */
export async function seedDemoBookings(tx: Db, siteId: string, epoch: Date): Promise<void> {
  const weeklyHours = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }))
  await tx.query(
    `insert into booking_schedules (id, site_id, name, time_zone, weekly_hours, buffer_minutes, min_notice_minutes,
       max_ahead_days, hold_minutes, created_date)
     values ($1, $2, 'The fitting room', 'America/New_York', $3, 15, 60, 60, 15, $4)`,
    [DEMO_SCHEDULE_ID, siteId, JSON.stringify(weeklyHours), epoch],
  )
  await tx.query(
    `insert into booking_services (id, site_id, schedule_id, name, slug, description, duration_minutes, rate_type,
       price_minor, pay_online, pay_in_person, location, created_date)
     values ($1, $3, $4, 'Tailored fitting', 'tailored-fitting',
             'A tailor measures you and pins your garment for a fit that is yours.', 45, 'FIXED', 4000, true, true,
             'The fitting room, 12 Mercer Street, New York', $5),
            ($2, $3, $4, 'Style consultation', 'style-consultation',
             'Fifteen minutes with a stylist to find what suits you.', 15, 'NO_FEE', 0, false, true, '',
             $5::timestamptz + interval '1 second')`,
    [DEMO_FITTING_ID, DEMO_CONSULTATION_ID, siteId, DEMO_SCHEDULE_ID, epoch],
  )
  await tx.query(
    `insert into booking_services (id, site_id, schedule_id, name, slug, description, type, capacity, timetable,
       duration_minutes, rate_type, price_minor, pay_online, pay_in_person, location, created_date)
     values ($1, $2, $3, 'Sewing class', 'sewing-class',
             'Learn to hem, take in and mend with our tailors: machines and thread provided.', 'CLASS', 8, $4,
             90, 'FIXED', 2500, true, true, 'The workroom, 12 Mercer Street, New York',
             $5::timestamptz + interval '2 seconds')`,
    [
      DEMO_CLASS_ID,
      siteId,
      DEMO_SCHEDULE_ID,
      JSON.stringify({
        weekly: [
          { weekday: 2, start: '18:00' },
          { weekday: 4, start: '18:00' },
        ],
        oneOff: [],
        cancelled: [],
      }),
      epoch,
    ],
  )
}
