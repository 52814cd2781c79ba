import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router'
import { getServiceBySlug, readSlotPicker, startBooking } from '../../bookings/service-booking.server'
import { ServiceMark } from '../../bookings/service-mark'
import { toServiceView } from '../../bookings/service-view'
import { getAisle } from '../../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../../platform/cache-control'
import { requireSameOriginPost, toRequestOrigin } from '../../platform/same-origin'
import { findSite, toMetaDescription, toPrivatePageMeta, toSeoMeta } from '../../seo/page-meta'
import type { Route } from './+types/service'

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return toPrivatePageMeta(matches, 'Service not found')
  const { service } = loaderData
  const site = findSite(matches)
  return toSeoMeta(site, {
    title: service.name,
    description: toMetaDescription(service.description || `Book ${service.name} at ${site.name}.`),
    path: `/services/${encodeURIComponent(service.slug)}`,
  })
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

/** The service and its slot picker: the next two weeks' days, and the free times of `?day=` (or the first). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { client } = getAisle(context)
  const service = await getServiceBySlug(client, params.slug)
  const day = new URL(request.url).searchParams.get('day') ?? undefined
  const picker = await readSlotPicker(client, service._id, new Date(), day)
  return { service: toServiceView(service), picker }
}

/**
 * Choosing a free time posts it here: a `bookingsCheckout` redirect session sends the shopper to the
 * platform's bookings checkout, which comes back to the thank-you page once booked. A time taken meanwhile
 * answers words on this page (409), which shows the day's free times again.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  requireSameOriginPost(request)
  const { client } = getAisle(context)
  const service = await getServiceBySlug(client, params.slug)
  const start = (await request.formData().catch(() => new FormData())).get('start')
  const started = await startBooking(client, service, start, {
    origin: toRequestOrigin(request),
    serviceSlug: service.mainSlug.name,
  })
  if (started.ok) return redirect(started.url)
  const { ok: _, status, ...words } = started
  return data(words, { status })
}

/**
 * After a time was refused (409: taken meanwhile) the day's free times are read again, so the page shows
 * what is free now; React Router would otherwise keep the page's data after an action's 4xx.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate
}

export default function ServicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { service, picker } = loaderData
  const navigation = useNavigation()
  const booking = navigation.state !== 'idle' ? navigation.formData?.get('start') : undefined
  const path = `/services/${encodeURIComponent(service.slug)}`
  return (
    <div className="service-page">
      <p className="order-back">
        <Link to="/services">All services</Link>
      </p>
      <div className="service-heading">
        <ServiceMark name={service.name} pictureUrl={service.pictureUrl} />
        <div>
          <h1>{service.name}</h1>
          <p className="service-facts">
            <span>{service.duration}</span>
            <span className="service-price">{service.price}</span>
            {service.payment && <span>{service.payment}</span>}
            {service.plan && <span>{service.plan}</span>}
          </p>
        </div>
      </div>
      {service.description && <p className="service-description">{service.description}</p>}
      <section className="slot-picker" aria-labelledby="slot-picker-heading">
        <h2 id="slot-picker-heading">Choose a time</h2>
        <p className="slot-zone">Times are in the shop’s time zone: {picker.zoneWords}.</p>
        {actionData && (
          <div role="alert" className="slot-problem">
            <p>
              <strong>{actionData.title}</strong>
            </p>
            <p>{actionData.message}</p>
          </div>
        )}
        <nav aria-label="Days">
          <ul className="slot-days">
            {picker.days.map((day) => (
              <li key={day.date}>
                <Link
                  to={`${path}?day=${day.date}`}
                  preventScrollReset
                  aria-current={day.isChosen ? 'date' : undefined}
                  className={day.freeTimes === 0 ? 'slot-day slot-day-full' : 'slot-day'}
                >
                  {day.label}
                  <span className="slot-day-count">
                    {day.freeTimes === 0 ? 'No times' : `${day.freeTimes} free`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <h3>{picker.chosenLabel}</h3>
        {picker.slots.length === 0 ? (
          <p className="slot-none">
            No free times that day.{' '}
            {picker.nextFreeDay ? (
              <>
                The next free times are on{' '}
                <Link to={`${path}?day=${picker.nextFreeDay.date}`} preventScrollReset>
                  {picker.nextFreeDay.label}
                </Link>
                .
              </>
            ) : (
              'Please choose another day.'
            )}
          </p>
        ) : (
          <Form method="post" action={`${path}?day=${picker.chosenDate}`} className="slot-times">
            <ul aria-label={`Free times on ${picker.chosenLabel}`}>
              {picker.slots.map((slot) => (
                <li key={slot.start}>
                  {slot.full ? (
                    <span className="button button-secondary slot-full" aria-disabled="true">
                      {slot.label}
                      <span className="slot-places"> {slot.places ?? 'Full'}</span>
                    </span>
                  ) : (
                    <button
                      type="submit"
                      name="start"
                      value={slot.start}
                      className="button button-secondary"
                      aria-disabled={booking ? true : undefined}
                      onClick={(event) => {
                        if (booking) event.preventDefault()
                      }}
                    >
                      {booking === slot.start ? 'Booking…' : slot.label}
                      {slot.places && <span className="slot-places"> {slot.places}</span>}
                      <span className="visually-hidden">
                        {' '}
                        on {picker.chosenLabel}, book {service.name}
                      </span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </Form>
        )}
      </section>
    </div>
  )
}
