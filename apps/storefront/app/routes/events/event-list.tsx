import { EventCard } from '../../events/event-card'
import { toEventView } from '../../events/event-view'
import { findUpcomingEvents } from '../../events/events.server'
import { getAisle } from '../../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../../platform/cache-control'
import { findSite, toSeoMeta } from '../../seo/page-meta'
import type { Route } from './+types/event-list'

export function meta({ matches }: Route.MetaArgs) {
  const site = findSite(matches)
  return toSeoMeta(site, {
    title: 'Events',
    description: `Upcoming events at ${site.name}.`,
    path: '/events',
  })
}

// What is left of each event's tickets changes with every sale: never kept.
export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

/** The shop's upcoming published events, soonest first (the SDK's `events.queryEvents`, decision 070). */
export async function loader({ context }: Route.LoaderArgs) {
  const { client } = getAisle(context)
  return { events: (await findUpcomingEvents(client)).map(toEventView) }
}

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="events-page">
      <h1>Events</h1>
      {loaderData.events.length === 0 ? (
        <p>No events are coming up right now. Please look again soon.</p>
      ) : (
        <ul className="event-list" aria-label="Upcoming events">
          {loaderData.events.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      )}
    </div>
  )
}
