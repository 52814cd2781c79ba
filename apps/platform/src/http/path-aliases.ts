/**
 * Another client's name for paths of the platform: a request under `from` is served exactly as one under
 * `to`. `exact` entries name one path; the others a prefix ending in `/`.
 */
export interface PathAlias {
  from: string
  to: string
  exact?: boolean
}

/**
 * The one table of path aliases: the paths the Wix Headless client (`@wix/sdk` with `@wix/stores`,
 * `@wix/ecom`, `@wix/redirects`, `@wix/identity`) sends for the calls of spec section 7, as recorded by
 * driving it (`wix-client/`), mapped to the platform's own. Its cart (`/ecom/`), token (`/oauth2/`) and
 * GraphQL paths are the platform's already. First match wins: exact entries before the prefixes they fall under.
 *
 * @see docs/decisions/032-wix-headless-client-compatibility.md
 */
export const WIX_PATH_ALIASES: readonly PathAlias[] = [
  // The catalogue's read API (products, variants, v1 collection by slug) has a prefix of its own.
  { from: '/stores-reader/', to: '/stores/' },
  // Collections v2 carry no prefix at all.
  { from: '/v2/collections/', to: '/stores/v2/collections/' },
  { from: '/_api/redirects-api/', to: '/redirects/' },
  // The services catalogue's reads, as `@wix/bookings` sends them (decision 065).
  { from: '/_api/bookings/', to: '/bookings/' },
  { from: '/_api/service-availability/v2/time-slots', to: '/bookings/v2/time-slots', exact: true },
  // `bookings.createBooking` (decision 082).
  { from: '/_api/bookings-service/v2/bookings', to: '/bookings/v2/bookings', exact: true },
  // The rest of what @wix/bookings, @wix/events and @wix/pricing-plans send (decision 078).
  {
    from: '/_api/service-availability/v2/time-slots/event',
    to: '/bookings/v2/time-slots/event',
    exact: true,
  },
  {
    from: '/availability-calendar/v1/availability/query',
    to: '/bookings/v1/availability/query',
    exact: true,
  },
  {
    from: '/events-ticket-definitions/v3/ticket-definitions/available/query',
    to: '/events/v3/ticket-definitions/available/query',
    exact: true,
  },
  { from: '/pricing-plans/v2/plans/public/query', to: '/ecom/v1/plans/public/query', exact: true },
  { from: '/pricing-plans/v2/plans/public', to: '/ecom/v1/plans/public', exact: true },
  { from: '/_api/iam/authentication/', to: '/identity/' },
  { from: '/_api/iam/recovery/', to: '/identity/' },
  // The spec's path is `/v1/Start`; the Wix module sends it in lower case.
  { from: '/_api/iam/verification/v1/start', to: '/identity/v1/Start', exact: true },
  { from: '/_api/iam/verification/', to: '/identity/' },
]

/**
 * The platform's own path for `path`: the alias's target for a path an alias names, else `path` itself.
 * Routing, rate limits, CORS and read routing all see this path, so an alias reaches exactly what its
 * target does and is limited alike.
 */
export function toCanonicalPath(path: string, aliases: readonly PathAlias[] = WIX_PATH_ALIASES): string {
  for (const alias of aliases) {
    if (alias.exact ? path === alias.from : path.startsWith(alias.from)) {
      return alias.to + path.slice(alias.from.length)
    }
  }
  return path
}
