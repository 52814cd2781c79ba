import type { Db } from '../db/db.ts'
import { deterministicId } from './deterministic-id.ts'

export const DEMO_SCHEDULE_ID = deterministicId('demo/bookings/schedule')
export const DEMO_FITTING_ID = deterministicId('demo/bookings/fitting')
export const DEMO_CONSULTATION_ID = deterministicId('demo/bookings/consultation')

/**
 * The demo store's bookings (decision 065): one calendar in New York, open Monday to Saturday 09:00 to
 * 17:00 with 15 minutes between appointments, booked at least an hour and at most 60 days ahead, and two
 * appointment services on it: a 45-minute paid fitting and a free 15-minute consultation.
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
}
