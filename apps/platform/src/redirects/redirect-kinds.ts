/**
 * The flows a redirect session can lead to: spec section 3, "Redirect session input", plus the
 * members account (the spec's MembersAccountSection). Exactly one per session.
 */
export const REDIRECT_KINDS = [
  'auth',
  'login',
  'logout',
  'ecomCheckout',
  'storesProduct',
  'membersAccount',
  'bookingsCheckout',
  'bookingsBook',
  'eventsCheckout',
  'paidPlansCheckout',
] as const

export type RedirectKind = (typeof REDIRECT_KINDS)[number]

/** Spec LocationType: what kind of place a session's URL leads to. */
export const LOCATION_TYPES = ['UNKNOWN', 'LOGOUT', 'CHECKOUT', 'AUTHORIZE'] as const
export type LocationType = (typeof LOCATION_TYPES)[number]

/** Spec CallbackType: whose pages the callback URLs are. */
export const CALLBACK_TYPES = ['UNDEFINED', 'OWNER_BUSINESS', 'OWNER_CUSTOM', 'CUSTOM'] as const
export type CallbackType = (typeof CALLBACK_TYPES)[number]

/** Spec MembersAccountSection. */
export const MEMBERS_ACCOUNT_SECTIONS = [
  'ACCOUNT_INFO',
  'BOOKINGS',
  'ORDERS',
  'SUBSCRIPTIONS',
  'EVENTS',
] as const
export type MembersAccountSection = (typeof MEMBERS_ACCOUNT_SECTIONS)[number]

/** The hosted page every kind lands on: several kinds this platform does not sell share one page. */
export const NOT_OFFERED_PATH = '/_redirect/not-offered'
export const CHECKOUT_LANDING_PATH = '/_redirect/checkout'
export const PRODUCT_PAGE_PATH = '/_product'
export const MEMBERS_ACCOUNT_PATH = '/_account'
export const PLAN_CHECKOUT_PATH = '/_plans/checkout'
export const BOOKINGS_BOOK_PATH = '/_bookings/book'
export const BOOKINGS_CHECKOUT_PATH = '/_bookings/checkout'
export const EVENTS_CHECKOUT_PATH = '/_events/checkout'

export interface RedirectKindDefinition {
  /** The hosted page a session's URL names (with `?session=<token>`). */
  path: string
  locationType: LocationType
  /** Whether this platform sells what the flow is for; the others land on a page that says so. */
  isSold: boolean
}

/** The one table of kinds: the redirect session call, its hosted pages and the kinds call all read it. */
export const redirectKinds: Readonly<Record<RedirectKind, RedirectKindDefinition>> = {
  auth: { path: '/_auth/authorize', locationType: 'AUTHORIZE', isSold: true },
  login: { path: '/_auth/login', locationType: 'UNKNOWN', isSold: true },
  logout: { path: '/_auth/logout', locationType: 'LOGOUT', isSold: true },
  ecomCheckout: { path: CHECKOUT_LANDING_PATH, locationType: 'CHECKOUT', isSold: true },
  storesProduct: { path: PRODUCT_PAGE_PATH, locationType: 'UNKNOWN', isSold: true },
  membersAccount: { path: MEMBERS_ACCOUNT_PATH, locationType: 'UNKNOWN', isSold: true },
  bookingsCheckout: { path: BOOKINGS_CHECKOUT_PATH, locationType: 'CHECKOUT', isSold: true },
  bookingsBook: { path: BOOKINGS_BOOK_PATH, locationType: 'UNKNOWN', isSold: true },
  eventsCheckout: { path: EVENTS_CHECKOUT_PATH, locationType: 'CHECKOUT', isSold: true },
  paidPlansCheckout: { path: PLAN_CHECKOUT_PATH, locationType: 'CHECKOUT', isSold: true },
}

/** The kinds this platform does not sell, whose sessions land on the "not offered" page: none since decision 070. */
export type NotOfferedKind = never

/** Whether a kind is one this platform does not sell. */
export function isNotOfferedKind(kind: RedirectKind): kind is NotOfferedKind {
  return !redirectKinds[kind].isSold
}

/** Which sections of the members account this platform fills: every one (decisions 046, 069, 070). */
export const membersAccountSections: Readonly<Record<MembersAccountSection, { isSold: boolean }>> = {
  ACCOUNT_INFO: { isSold: true },
  ORDERS: { isSold: true },
  BOOKINGS: { isSold: true },
  SUBSCRIPTIONS: { isSold: true },
  EVENTS: { isSold: true },
}
