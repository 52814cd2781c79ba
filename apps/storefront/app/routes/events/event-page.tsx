import { data, Form, redirect } from 'react-router'
import { EventFacts } from '../../events/event-card'
import { type TicketChoiceView, toEventView, toTicketChoiceView } from '../../events/event-view'
import { getEventBySlug, readTicketQuantities, startTicketCheckout } from '../../events/events.server'
import { getAisle } from '../../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../../platform/cache-control'
import { requireSameOriginPost, toRequestOrigin } from '../../platform/same-origin'
import { SubmitButton } from '../../rendering/submit-button'
import { findSite, toMetaDescription, toPrivatePageMeta, toSeoMeta } from '../../seo/page-meta'
import type { Route } from './+types/event-page'

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return toPrivatePageMeta(matches, 'Event not found')
  const { event } = loaderData
  return toSeoMeta(findSite(matches), {
    title: event.title,
    description: toMetaDescription(`${event.when} (${event.zone}), ${event.place}. ${event.description}`),
    path: `/events/${encodeURIComponent(event.slug)}`,
  })
}

// What is left of the tickets changes with every sale: never kept.
export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

/** A published event by its slug with its ticket types and what is left of each (decision 070). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { client } = getAisle(context)
  const { event, definitions } = await getEventBySlug(client, params.slug)
  return { event: toEventView(event), tickets: definitions.map(toTicketChoiceView) }
}

/**
 * "Check out" reserves the chosen tickets and sends the shopper to the platform's hosted event checkout
 * through an `eventsCheckout` redirect session, which brings them back to the thank-you page. Tickets the
 * platform refuses (sold out meanwhile, over the limit, not on sale) are said on this page, which shows
 * what is left now.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  requireSameOriginPost(request)
  const { client } = getAisle(context)
  const tickets = readTicketQuantities(await request.formData())
  if (!Array.isArray(tickets)) return data(tickets, { status: 400 })
  const { event } = await getEventBySlug(client, params.slug)
  const started = await startTicketCheckout(client, { event, tickets, origin: toRequestOrigin(request) })
  if (started.ok) return redirect(started.url)
  const { title, message } = started
  return data({ title, message }, { status: started.status })
}

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, tickets } = loaderData
  const onSale = tickets.some((ticket) => ticket.max > 0)
  return (
    <article className="event-page">
      <h1>{event.title}</h1>
      {event.imageUrl ? (
        <img className="event-page-image" src={event.imageUrl} alt="" width={960} height={540} />
      ) : null}
      <EventFacts event={event} />
      {event.description ? <p className="event-description">{event.description}</p> : null}
      <section className="event-tickets" aria-labelledby="tickets-heading">
        <h2 id="tickets-heading">Tickets</h2>
        {actionData ? (
          <div role="alert" className="event-problem">
            <strong>{actionData.title}</strong>
            <p>{actionData.message}</p>
          </div>
        ) : null}
        {tickets.length === 0 ? (
          <p>No tickets are offered for this event.</p>
        ) : (
          <Form method="post" className="ticket-form">
            <ul className="ticket-choices">
              {tickets.map((ticket) => (
                <TicketChoice key={ticket.id} ticket={ticket} />
              ))}
            </ul>
            {onSale ? (
              <SubmitButton className="button" pendingLabel="Reserving…">
                Check out
              </SubmitButton>
            ) : (
              <p className="event-badge">{event.badge ?? 'Sold out'}</p>
            )}
          </Form>
        )}
      </section>
    </article>
  )
}

/** A ticket type with its price and a quantity picker up to what one order may take now. */
function TicketChoice({ ticket }: { ticket: TicketChoiceView }) {
  const pickerId = `ticket-${ticket.id}`
  return (
    <li className="ticket-choice">
      <div className="ticket-choice-text">
        <h3>{ticket.name}</h3>
        {ticket.description ? <p>{ticket.description}</p> : null}
        <p className="ticket-price">{ticket.price}</p>
      </div>
      {ticket.unavailable ? (
        <p className="event-badge">{ticket.unavailable}</p>
      ) : (
        <div className="ticket-quantity">
          <label htmlFor={pickerId}>
            Quantity<span className="visually-hidden"> of {ticket.name}</span>
          </label>
          <select
            id={pickerId}
            className="ticket-quantity-picker"
            name={`ticket.${ticket.id}`}
            defaultValue="0"
          >
            {[...Array(ticket.max + 1).keys()].map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
      )}
    </li>
  )
}
