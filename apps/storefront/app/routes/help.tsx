import { Link } from 'react-router'
import { getAisle } from '../platform/aisle.server'
import { catalogueCacheMiddleware } from '../platform/cache-control'
import { toShopperErrorResponse } from '../platform/shopper-error'
import { findSite, toPrivatePageMeta, toSeoMeta } from '../seo/page-meta'
import { HELP_LINKS, HELP_TOPICS, type HelpTopic, isHelpTopic } from '../store/help-topics'
import { findSharedShopInfo } from '../store/shop-info.server'
import {
  type PickupView,
  toCurrencyName,
  toDeliverySummary,
  toPickupViews,
  toShippingPage,
} from '../store/shop-pages'
import type { Route } from './+types/help'

export const middleware: Route.MiddlewareFunction[] = [catalogueCacheMiddleware]

/** What each help page is about, for search engines. */
const DESCRIPTIONS: Record<HelpTopic, string> = {
  shipping: 'Where we deliver, what it costs and how long it takes.',
  returns: 'How to send something back.',
  contact: 'Where to find us and how to reach us about an order.',
  about: 'Who we are, what we sell and where we deliver.',
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  if (!loaderData || !isHelpTopic(params.topic)) return toPrivatePageMeta(matches, 'Page not found')
  return toSeoMeta(findSite(matches), {
    title: HELP_TOPICS[params.topic],
    description: DESCRIPTIONS[params.topic],
    path: `/help/${params.topic}`,
  })
}

/** The shop's own setup (regions, rates, pickup places) for the shipping, returns and contact pages. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isHelpTopic(params.topic)) throw toShopperErrorResponse(404, 'PAGE_NOT_FOUND')
  const shop = await findSharedShopInfo(getAisle(context).publicClient)
  return {
    topic: params.topic,
    shop: shop && {
      name: shop.name,
      delivery: toDeliverySummary(shop),
      currency: toCurrencyName(shop.currency),
      shipping: toShippingPage(shop),
      pickup: toPickupViews(shop),
    },
  }
}

type Shop = NonNullable<Route.ComponentProps['loaderData']['shop']>

export default function HelpPage({ loaderData }: Route.ComponentProps) {
  const { topic, shop } = loaderData
  return (
    <article className="info-page">
      <nav aria-label="Help pages" className="info-nav">
        {HELP_LINKS.map((link) => (
          <Link key={link.topic} to={link.to} aria-current={link.topic === topic ? 'page' : undefined}>
            {link.label}
          </Link>
        ))}
      </nav>
      <h1>{HELP_TOPICS[topic]}</h1>
      {!shop ? (
        <p>The shop’s details can’t be shown just now. Please try again in a moment.</p>
      ) : topic === 'shipping' ? (
        <Shipping shop={shop} />
      ) : topic === 'returns' ? (
        <Returns shop={shop} />
      ) : topic === 'contact' ? (
        <Contact shop={shop} />
      ) : (
        <About shop={shop} />
      )}
    </article>
  )
}

function Shipping({ shop }: { shop: Shop }) {
  return (
    <>
      <p className="info-lead">{shop.delivery}</p>
      {shop.shipping.regions.map((region, index) => (
        <section key={region.name} className="info-section" aria-labelledby={`region-${index}`}>
          <h2 id={`region-${index}`}>{region.name}</h2>
          <p className="info-muted">Delivers to {region.countries}.</p>
          <table className="info-table">
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">Price</th>
                <th scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody>
              {region.options.map((option) => (
                <tr key={option.title}>
                  <th scope="row">{option.title}</th>
                  <td>
                    {option.price}
                    {option.note ? <span className="info-note">{option.note}</span> : null}
                  </td>
                  <td>{option.deliveryTime ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {shop.pickup.length > 0 ? (
        <section className="info-section" aria-labelledby="pickup-heading">
          <h2 id="pickup-heading">Pick up</h2>
          <PickupPlaces places={shop.pickup} />
        </section>
      ) : null}
      <p>
        The cart shows the options and prices for your address before you pay:{' '}
        <Link to="/cart">estimate shipping in your cart</Link>.
      </p>
    </>
  )
}

function Returns({ shop }: { shop: Shop }) {
  return (
    <>
      <p className="info-lead">To return something, start from your order with {shop.name}.</p>
      <ol className="info-steps">
        <li>
          Find your order number: it is in your order confirmation, and signed-in members see every order on{' '}
          <Link to="/account">their account page</Link>.
        </li>
        {shop.pickup.length > 0 ? (
          <li>Bring the item and your order number to one of our pickup places (below).</li>
        ) : (
          <li>
            Get in touch with your order number: see <Link to="/help/contact">Contact</Link>.
          </li>
        )}
      </ol>
      {shop.pickup.length > 0 ? <PickupPlaces places={shop.pickup} /> : null}
    </>
  )
}

function Contact({ shop }: { shop: Shop }) {
  return (
    <>
      <p className="info-lead">{shop.name}</p>
      {shop.pickup.length > 0 ? (
        <section className="info-section" aria-labelledby="visit-heading">
          <h2 id="visit-heading">Visit us</h2>
          <PickupPlaces places={shop.pickup} />
        </section>
      ) : null}
      <section className="info-section" aria-labelledby="orders-heading">
        <h2 id="orders-heading">About an order</h2>
        <p>
          Your orders, with their lines, totals and status, are on{' '}
          <Link to="/account">your account page</Link>. Quote the order number when you ask about one.
        </p>
      </section>
    </>
  )
}

function About({ shop }: { shop: Shop }) {
  return (
    <>
      <p className="info-lead">
        {shop.name} is an online shop: browse the catalogue, pay securely, and have your order delivered
        {shop.pickup.length > 0 ? ' or pick it up' : ''}.
      </p>
      <ul className="info-facts">
        <li>{shop.delivery}</li>
        <li>Prices are shown in {shop.currency}.</li>
        {shop.pickup.length > 0 ? (
          <li>
            Pickup: {shop.pickup.map((place) => place.title).join(', ')} (
            <Link to="/help/shipping">details</Link>).
          </li>
        ) : null}
      </ul>
      <p>
        <Link to="/products" className="button">
          Shop all products
        </Link>
      </p>
    </>
  )
}

function PickupPlaces({ places }: { places: PickupView[] }) {
  return (
    <ul className="info-places">
      {places.map((place) => (
        <li key={place.title} className="info-place">
          <h3>{place.title}</h3>
          <address>
            {place.address.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <p>
            {place.price}
            {place.instructions ? ` · ${place.instructions}` : null}
          </p>
        </li>
      ))}
    </ul>
  )
}
