import type { SoldService } from '../carts/cart-store.ts'
import type { Db } from '../db/db.ts'

/**
 * The ticket types among `ids` of events that are published, as cart lines price them, by id (decision
 * 070): named "Event · Type" so the order and the mail say what was bought; 0 for a free ticket.
 */
export async function findSoldTicketTypes(
  db: Db,
  siteId: string,
  ids: readonly string[],
): Promise<Map<string, SoldService>> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id))
  if (valid.length === 0) return new Map()
  const rows = await db.query<{
    id: string
    name: string
    title: string
    price_minor: string
    place: string
  }>(
    // The place a line names: the venue, or "Online" (the link goes to ticket holders only, by mail).
    `select tt.id, tt.name, e.title, tt.price_minor,
            case when e.location_kind = 'ONLINE' then 'Online'
                 else concat_ws(', ', nullif(e.venue_name, ''), nullif(e.venue_address, '')) end as place
       from event_ticket_types tt
     join ticketed_events e on e.id = tt.event_id
     where tt.site_id = $1 and tt.id = any($2::uuid[]) and e.status = 'PUBLISHED'`,
    [siteId, valid],
  )
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: `${row.title} · ${row.name}`,
        unitPriceMinor: Number(row.price_minor),
        location: row.place,
      },
    ]),
  )
}
