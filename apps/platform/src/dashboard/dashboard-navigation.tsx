/**
 * The dashboard's navigation by task (decision 071): the places a merchant goes, grouped as Shopify and
 * Medusa group them, each page naming its own place so the menu can show where the merchant is.
 */

/** A page of the dashboard the menu links to; a page names the one it belongs under. */
export type Place =
  | 'home'
  | 'orders'
  | 'products'
  | 'collections'
  | 'bulk'
  | 'members'
  | 'plans'
  | 'bookings'
  | 'services'
  | 'events'
  | 'check-in'
  | 'coupons'
  | 'shop'
  | 'payments'
  | 'shipping'
  | 'pickup'
  | 'tax'
  | 'fees'
  | 'currencies'
  | 'api-keys'
  | 'webhooks'
  | 'sso'

interface PlaceLink {
  place: Place
  label: string
  href: string
}

/** A group of the menu: a heading (or a single link, for Home and Orders) and its places. */
export interface PlaceGroup {
  label: string
  /** The group's own page, when the group heading is a link (Products). */
  link?: PlaceLink
  places: readonly PlaceLink[]
}

/**
 * The menu, in the order of a merchant's day. Bookings (the calendar, the services) and Events (the door's
 * check-in) sit between Customers and Marketing.
 */
export const placeGroups: readonly PlaceGroup[] = [
  { label: 'Home', link: { place: 'home', label: 'Home', href: '/dashboard/home' }, places: [] },
  { label: 'Orders', link: { place: 'orders', label: 'Orders', href: '/dashboard/orders' }, places: [] },
  {
    label: 'Products',
    link: { place: 'products', label: 'Products', href: '/dashboard/products' },
    places: [
      { place: 'collections', label: 'Collections', href: '/dashboard/collections' },
      { place: 'bulk', label: 'Bulk changes', href: '/dashboard/bulk' },
    ],
  },
  {
    label: 'Customers',
    places: [
      { place: 'members', label: 'Members', href: '/dashboard/members' },
      { place: 'plans', label: 'Plans', href: '/dashboard/plans' },
    ],
  },
  {
    label: 'Bookings',
    places: [
      { place: 'bookings', label: 'Calendar', href: '/dashboard/bookings' },
      { place: 'services', label: 'Services', href: '/dashboard/bookings/services' },
    ],
  },
  {
    label: 'Events',
    places: [
      { place: 'events', label: 'Events', href: '/dashboard/events' },
      { place: 'check-in', label: 'Check-in', href: '/dashboard/events/check-in' },
    ],
  },
  {
    label: 'Marketing',
    places: [{ place: 'coupons', label: 'Coupons', href: '/dashboard/setup/coupons' }],
  },
  {
    label: 'Settings',
    places: [
      { place: 'shop', label: 'Shop details', href: '/dashboard/setup/shop' },
      { place: 'payments', label: 'Payments', href: '/dashboard/setup/payments' },
      { place: 'shipping', label: 'Shipping', href: '/dashboard/setup/shipping' },
      { place: 'pickup', label: 'Pickup locations', href: '/dashboard/setup/pickup' },
      { place: 'tax', label: 'Taxes', href: '/dashboard/setup/tax' },
      { place: 'fees', label: 'Additional fees', href: '/dashboard/setup/fees' },
      { place: 'currencies', label: 'Currencies', href: '/dashboard/setup/currencies' },
      { place: 'api-keys', label: 'API keys', href: '/dashboard/api-keys' },
      { place: 'webhooks', label: 'Webhooks', href: '/dashboard/webhooks' },
      { place: 'sso', label: 'Single sign-on', href: '/dashboard/sso' },
    ],
  },
]

/** The menu's label of a place ("Orders", "Taxes"), shown beside the phone's menu button. */
export function placeLabel(place: Place | undefined): string | undefined {
  for (const group of placeGroups)
    for (const link of group.link ? [group.link, ...group.places] : group.places)
      if (link.place === place) return link.label
  return undefined
}

function PlaceAnchor(props: { link: PlaceLink; current: Place | undefined }) {
  return (
    <a href={props.link.href} aria-current={props.link.place === props.current ? 'page' : undefined}>
      {props.link.label}
    </a>
  )
}

/**
 * The menu: on a laptop a column beside the page, on a phone a "Menu" button that opens it (a
 * `<details>`, so it works without a script; on a wide screen its content is always shown).
 */
export function DashboardNavigation(props: { current: Place | undefined }) {
  const currentLabel = placeLabel(props.current)
  return (
    <details className="nav-menu">
      <summary>
        <span className="menu-button">Menu</span>
        {currentLabel && <span className="menu-place">{currentLabel}</span>}
      </summary>
      <nav aria-label="Dashboard">
        <ul className="nav-groups">
          {placeGroups.map((group) => (
            <li key={group.label}>
              {group.link ? (
                <PlaceAnchor link={group.link} current={props.current} />
              ) : (
                <span className="nav-heading">{group.label}</span>
              )}
              {group.places.length > 0 && (
                <ul aria-label={group.label}>
                  {group.places.map((link) => (
                    <li key={link.place}>
                      <PlaceAnchor link={link} current={props.current} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  )
}
