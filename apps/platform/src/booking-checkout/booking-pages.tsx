import type { ServiceRow } from '../bookings/booking-store.ts'
import { BuyerFields } from '../checkout/hosted/purchase-page.tsx'
import type { PaymentProvider } from '../checkout/payment-provider.ts'
import { PaymentMethodChoices } from '../checkout/payments/payment-method-choices.tsx'
import { Document } from '../pages/document.tsx'
import { CsrfField, Field } from '../pages/form-controls.tsx'
import { type ReturnLink, ReturnLinks } from '../redirects/hosted/hosted-redirect-pages.tsx'

/** A service as the hosted pages list it: its row and its price in the shopper's words. */
export interface OfferedService {
  service: ServiceRow
  price: string
}

/** The origins of the services' pictures: what a page showing them lets its CSP load (decision 084). */
export function pictureOrigins(services: readonly Pick<ServiceRow, 'picture_url'>[]): string[] {
  return [
    ...new Set(
      services.flatMap((service) => (service.picture_url ? [new URL(service.picture_url).origin] : [])),
    ),
  ]
}

/** The service's picture the merchant set (decorative: its name is the heading or link beside it). */
function ServicePicture(props: { service: ServiceRow }) {
  if (!props.service.picture_url) return null
  return (
    <img
      className="service-picture"
      src={props.service.picture_url}
      alt=""
      width={96}
      height={96}
      loading="lazy"
      decoding="async"
      data-service-picture
    />
  )
}

function ServiceSummary(props: { offered: OfferedService }) {
  const { service, price } = props.offered
  return (
    <p className="muted">
      {service.duration_minutes} minutes · {price}
    </p>
  )
}

/** The bookings page of `bookingsBook`: the shop's services, each a link to its days and slots. */
/** A booking as its own pages show it: the service, its time under `whenLabel`, and where. */
export function BookingFacts(props: {
  service: Pick<ServiceRow, 'name' | 'location'>
  whenLabel: string
  when: string
}) {
  return (
    <table aria-label="Booking">
      <tbody>
        <tr>
          <th scope="row">Service</th>
          <td>{props.service.name}</td>
        </tr>
        <tr>
          <th scope="row">{props.whenLabel}</th>
          <td data-booking-when>{props.when}</td>
        </tr>
        {props.service.location && (
          <tr>
            <th scope="row">Where</th>
            <td>{props.service.location}</td>
          </tr>
        )}
      </tbody>
    </table>
  )
}

export function ServicePickerPage(props: {
  siteName: string
  services: readonly OfferedService[]
  hrefOf: (serviceId: string) => string
  links: readonly (ReturnLink | undefined)[]
}) {
  return (
    <Document title={`Book an appointment · ${props.siteName}`}>
      <main id="main" className="bookings-page">
        <p className="muted">{props.siteName}</p>
        <h1>Book an appointment</h1>
        {props.services.length === 0 && <p>The shop has no appointments to book right now.</p>}
        <ul className="choices">
          {props.services.map((offered) => (
            <li key={offered.service.id}>
              <ServicePicture service={offered.service} />
              <a href={props.hrefOf(offered.service.id)}>
                <strong>{offered.service.name}</strong>
              </a>
              <ServiceSummary offered={offered} />
              {offered.service.description && <p>{offered.service.description}</p>}
            </li>
          ))}
        </ul>
        <ReturnLinks links={props.links} />
      </main>
    </Document>
  )
}

/** A day of the slot picker, and its free slots' times and links. */
export interface PickerDay {
  date: string
  label: string
  href: string
  isChosen: boolean
}

/** The slot picker: a service's next days, and the free times of the chosen one in the shop's zone. */
export function SlotPickerPage(props: {
  siteName: string
  offered: OfferedService
  timeZone: string
  days: readonly PickerDay[]
  /** Each time; a class's session says its places left, and a full one has no link (decision 083). */
  slots: readonly { label: string; href?: string | undefined; places?: string | undefined }[]
  chosenDayLabel: string
  links: readonly (ReturnLink | undefined)[]
}) {
  const { service } = props.offered
  return (
    <Document title={`${service.name} · ${props.siteName}`}>
      <main id="main" className="bookings-page">
        <p className="muted">{props.siteName}</p>
        <ServicePicture service={service} />
        <h1>{service.name}</h1>
        <ServiceSummary offered={props.offered} />
        <h2>Choose a day</h2>
        <nav aria-label="Days">
          <ul className="choices inline">
            {props.days.map((day) => (
              <li key={day.date}>
                <a href={day.href} aria-current={day.isChosen ? 'date' : undefined}>
                  {day.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <h2>
          {service.type === 'CLASS' ? 'Sessions' : 'Free times'} on {props.chosenDayLabel}
        </h2>
        <p className="muted">Times are in {props.timeZone}.</p>
        {props.slots.length === 0 ? (
          <p>{service.type === 'CLASS' ? 'No sessions' : 'No free times'} on this day: choose another.</p>
        ) : (
          <ul className="choices inline" aria-label={service.type === 'CLASS' ? 'Sessions' : 'Free times'}>
            {props.slots.map((slot) => (
              <li key={slot.label}>
                {slot.href ? (
                  <a href={slot.href}>
                    {slot.label}
                    {slot.places && <span className="places">{slot.places}</span>}
                  </a>
                ) : (
                  <span className="full" aria-disabled="true">
                    {slot.label}
                    <span className="places">{slot.places}</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <ReturnLinks links={props.links} />
      </main>
    </Document>
  )
}

/** The hosted bookings checkout: the slot, the shopper's details and how to pay, then Book. */
export function BookingCheckoutPage(props: {
  siteName: string
  offered: OfferedService
  when: string
  action: string
  csrfToken: string
  paymentKey: string
  start: string
  /** A class's places left in the session, to choose the participants from; none for an appointment. */
  openSpots?: number | undefined
  providers: readonly Pick<PaymentProvider, 'id' | 'title' | 'description'>[]
  /** A visitor's way to a plan that covers the service: the hosted login, back here (decision 085). */
  signInAction?: string | undefined
  values: Record<string, string>
  errors: Record<string, string>
  problem?: string | undefined
  links: readonly (ReturnLink | undefined)[]
}) {
  const { service, price } = props.offered
  return (
    <Document title={`Book ${service.name} · ${props.siteName}`}>
      <main id="main" className="bookings-page">
        <p className="muted">{props.siteName}</p>
        {props.problem && (
          <p className="problem" role="alert">
            {props.problem}
          </p>
        )}
        <ServicePicture service={service} />
        <h1>Book {service.name}</h1>
        <dl>
          <div>
            <dt>When</dt>
            <dd data-booking-when>{props.when}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd data-booking-price>
              {price}
              {service.type === 'CLASS' && ' a place'}
            </dd>
          </div>
          {props.openSpots !== undefined && (
            <div>
              <dt>Places left</dt>
              <dd data-booking-places>{props.openSpots}</dd>
            </div>
          )}
        </dl>
        <form method="post" action={props.action}>
          <CsrfField token={props.csrfToken} />
          <input type="hidden" name="paymentKey" value={props.paymentKey} />
          <input type="hidden" name="serviceId" value={service.id} />
          <input type="hidden" name="start" value={props.start} />
          {service.type === 'CLASS' && (
            <Field
              label="Participants"
              name="participants"
              type="number"
              min="1"
              required
              defaultValue={props.values.participants ?? '1'}
              error={props.errors.participants}
              hint={`Up to ${props.openSpots ?? service.capacity} places`}
            />
          )}
          <BuyerFields form={{ values: props.values, errors: props.errors }} withPhone />
          <PaymentMethodChoices legend="Pay" providers={props.providers} />
          <div className="actions">
            <button type="submit" className="primary">
              Book
            </button>
          </div>
        </form>
        {props.signInAction && (
          <form method="post" action={props.signInAction} data-booking-sign-in>
            <CsrfField token={props.csrfToken} />
            <input type="hidden" name="serviceId" value={service.id} />
            <input type="hidden" name="start" value={props.start} />
            <h2>Have a plan?</h2>
            <p>A paid plan that covers {service.name} books it at no charge: sign in to use your plan.</p>
            <div className="actions">
              <button type="submit" name="form" value="login">
                Sign in to use your plan
              </button>
            </div>
          </form>
        )}
        <ReturnLinks links={props.links} />
      </main>
    </Document>
  )
}
