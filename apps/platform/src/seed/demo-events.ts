import type { Db } from '../db/db.ts'
import { deterministicId } from './deterministic-id.ts'

export const DEMO_TRUNK_SHOW_ID = deterministicId('demo/events/trunk-show')
export const DEMO_TRUNK_SHOW_GENERAL_ID = deterministicId('demo/events/trunk-show/general')
export const DEMO_TRUNK_SHOW_VIP_ID = deterministicId('demo/events/trunk-show/vip')
export const DEMO_CARE_CLASS_ID = deterministicId('demo/events/care-class')
export const DEMO_CARE_CLASS_FREE_ID = deterministicId('demo/events/care-class/free')

/**
 * The demo store's events (decision 070), both published: an autumn trunk show at the shop in New York
 * (general admission at $25, 120 of them, and 20 VIP tickets at $60 with a drink, two per order, 130
 * seats in all), and a free online garment-care class in London (200 free places, four per order).
 */
export async function seedDemoEvents(tx: Db, siteId: string, epoch: Date): Promise<void> {
  await tx.query(
    `insert into ticketed_events (id, site_id, slug, title, description, start_date, end_date, time_zone,
       location_kind, venue_name, venue_address, online_url, registration_opens, registration_closes, capacity,
       status, created_date)
     values ($1, $3, 'autumn-trunk-show', 'Autumn trunk show',
             'The new season on the rail before it reaches the shop: meet the makers, try everything on, and order made to measure.',
             '2027-09-18T22:00:00Z', '2027-09-19T01:00:00Z', 'America/New_York', 'VENUE', 'Aisle Demo Store',
             '120 Mercer Street, New York, NY 10012', null, $4, '2027-09-18T20:00:00Z', 130, 'PUBLISHED', $4),
            ($2, $3, 'garment-care-class', 'Garment care class',
             'An hour online with our tailor: washing wool, storing linen, and the three stitches every wardrobe needs.',
             '2027-06-10T17:00:00Z', '2027-06-10T18:00:00Z', 'Europe/London', 'ONLINE', '', '',
             'https://meet.example.com/aisle-garment-care', $4, null, null, 'PUBLISHED',
             $4::timestamptz + interval '1 second')`,
    [DEMO_TRUNK_SHOW_ID, DEMO_CARE_CLASS_ID, siteId, epoch],
  )
  await tx.query(
    `insert into event_ticket_types (id, site_id, event_id, name, description, price_minor, quantity,
       limit_per_order, sort_index, created_date)
     values ($1, $4, $5, 'General admission', 'Entry to the show and the makers'' talk.', 2500, 120, 10, 1, $7),
            ($2, $4, $5, 'VIP', 'A seat at the front, a drink, and first pick of the rail.', 6000, 20, 2, 2, $7),
            ($3, $4, $6, 'Free place', 'A link to the class, sent with your ticket.', 0, 200, 4, 1, $7)`,
    [
      DEMO_TRUNK_SHOW_GENERAL_ID,
      DEMO_TRUNK_SHOW_VIP_ID,
      DEMO_CARE_CLASS_FREE_ID,
      siteId,
      DEMO_TRUNK_SHOW_ID,
      DEMO_CARE_CLASS_ID,
      epoch,
    ],
  )
}
