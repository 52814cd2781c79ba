import { Link } from 'react-router'
import { listBookableServices } from '../../bookings/service-booking.server'
import { ServiceMark } from '../../bookings/service-mark'
import { toServiceView } from '../../bookings/service-view'
import { getAisle } from '../../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../../platform/cache-control'
import { findSite, toSeoMeta } from '../../seo/page-meta'
import type { Route } from './+types/services'

export function meta({ matches }: Route.MetaArgs) {
  const site = findSite(matches)
  return toSeoMeta(site, {
    title: 'Services',
    description: `Book an appointment at ${site.name}: choose a service, then a free time.`,
    path: '/services',
  })
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

/** The services the shop takes bookings for (the SDK's bookings module, decision 076). */
export async function loader({ context }: Route.LoaderArgs) {
  const { client } = getAisle(context)
  return { services: (await listBookableServices(client)).map(toServiceView) }
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="services-page">
      <h1>Services</h1>
      <p>Book an appointment: choose a service, then one of its free times.</p>
      {loaderData.services.length === 0 ? (
        <p>The shop takes no bookings right now.</p>
      ) : (
        <ul className="services-list">
          {loaderData.services.map((service) => (
            <li key={service.id} className="service-card">
              <ServiceMark name={service.name} pictureUrl={service.pictureUrl} />
              <div className="service-card-body">
                <h2>
                  <Link to={`/services/${encodeURIComponent(service.slug)}`}>{service.name}</Link>
                </h2>
                <p className="service-facts">
                  <span>{service.duration}</span>
                  <span className="service-price">{service.price}</span>
                </p>
                {service.description && <p>{service.description}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
