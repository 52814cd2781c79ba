import { Link } from 'react-router'
import type { EventView } from './event-view'

/**
 * An event in the events list: its picture, or a date tile (day and month in the event's zone) where it
 * has none, title linked to its page, when (with the zone said), where, the price range and a badge when
 * no tickets can be had.
 */
export function EventCard({ event }: { event: EventView }) {
  return (
    <li className="event-card">
      {event.imageUrl ? (
        <img
          className="event-card-image"
          src={event.imageUrl}
          alt=""
          width={144}
          height={144}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <time className="event-date-tile" dateTime={event.startDate} aria-hidden="true">
          <span>{event.month}</span>
          <span className="event-date-day">{event.day}</span>
        </time>
      )}
      <div className="event-card-body">
        <h2 className="event-card-title">
          <Link to={`/events/${encodeURIComponent(event.slug)}`}>{event.title}</Link>
        </h2>
        <EventFacts event={event} />
        {event.badge ? <p className="event-badge">{event.badge}</p> : null}
      </div>
    </li>
  )
}

/** When (in the event's zone, said), where and for how much: the card's and the event page's facts. */
export function EventFacts({ event }: { event: EventView }) {
  return (
    <dl className="event-facts">
      <dt className="event-fact-name">When</dt>
      <dd className="event-fact-value">
        <time dateTime={event.startDate}>{event.when}</time>{' '}
        <span className="event-zone">({event.zone})</span>
      </dd>
      <dt className="event-fact-name">Where</dt>
      <dd className="event-fact-value">{event.place}</dd>
      <dt className="event-fact-name">Tickets</dt>
      <dd className="event-fact-value">{event.price}</dd>
    </dl>
  )
}
