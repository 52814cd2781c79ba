import { AisleError } from './aisle-error.js'

/** The two hosts of a client, normalised to an origin plus optional base path, without a trailing slash. */
export interface Hosts {
  /** Host for writes, token requests and the current cart. */
  baseUrl: string
  /** Host for every other GET (the platform may serve it from read replicas). */
  readOnlyBaseUrl: string
}

// GETs of the caller's own cart must see its writes at once, so they never go to a replica.
const currentCartPath = '/ecom/v1/carts/current'

/**
 * Checks and normalises the client's host options: absolute http(s) URLs, trailing slashes removed,
 * `readOnlyBaseUrl` defaulting to `baseUrl`.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` when a URL is missing or not absolute http(s).
 */
export function toHosts(baseUrl: unknown, readOnlyBaseUrl: unknown): Hosts {
  const base = toBaseUrl('baseUrl', baseUrl)
  return {
    baseUrl: base,
    readOnlyBaseUrl: readOnlyBaseUrl === undefined ? base : toBaseUrl('readOnlyBaseUrl', readOnlyBaseUrl),
  }
}

/**
 * Chooses the host of a call: every GET goes to the read-only host except the current-cart path;
 * everything else goes to `baseUrl`.
 */
export function toHost(hosts: Hosts, method: string, path: string): string {
  return method.toUpperCase() === 'GET' && !isCurrentCartPath(path) ? hosts.readOnlyBaseUrl : hosts.baseUrl
}

/** Tells whether `path` (with or without a query string) is the current cart or below it. */
export function isCurrentCartPath(path: string): boolean {
  if (!path.startsWith(currentCartPath)) return false
  const next = path.charAt(currentCartPath.length)
  return next === '' || next === '/' || next === '?' || next === '#'
}

function toBaseUrl(name: string, value: unknown): string {
  let url: URL | undefined
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new AisleError({
      code: 'INVALID_ARGUMENT',
      message: `"${name}" must be an absolute http(s) URL without query or fragment, got ${JSON.stringify(value)}`,
    })
  }
  return (url.origin + url.pathname).replace(/\/+$/, '')
}
