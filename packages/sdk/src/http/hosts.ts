import { invalidArgument } from './aisle-error.js'

/** The two hosts of a client, normalised to an origin plus optional base path, without a trailing slash. */
export interface Hosts {
  /** Host for writes, token requests and the current cart. */
  baseUrl: string
  /** Host for every other GET (the platform may serve it from read replicas). */
  readOnlyBaseUrl: string
}

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
 * Chooses the host of a call: every GET goes to the read-only host except the current-cart path
 * (`currentCartPath`, which follows the client's `ecom` prefix: the caller's own cart must see its
 * writes at once, so it never goes to a replica); everything else goes to `baseUrl`.
 */
export function toHost(hosts: Hosts, method: string, path: string, currentCartPath: string): string {
  return method.toUpperCase() === 'GET' && !isUnder(path, currentCartPath)
    ? hosts.readOnlyBaseUrl
    : hosts.baseUrl
}

/**
 * Tells whether `pathOrUrl` is `prefix` or below it, query and fragment aside: `/a/b?x` is under `/a`,
 * `/ab` is not, and neither is `http://api.test.evil` under `http://api.test`.
 */
export function isUnder(pathOrUrl: string, prefix: string): boolean {
  return pathOrUrl.startsWith(prefix) && /^([/?#]|$)/.test(pathOrUrl.slice(prefix.length, prefix.length + 1))
}

function toBaseUrl(name: string, value: unknown): string {
  let url: URL | undefined
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw invalidArgument(
      `"${name}" must be an absolute http(s) URL without query or fragment, got ${JSON.stringify(value)}`,
    )
  }
  return (url.origin + url.pathname).replace(/\/+$/, '')
}
