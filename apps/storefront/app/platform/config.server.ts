/** The storefront's settings (where it finds the platform, its keys), read from the environment on the server only. */
export interface StorefrontConfig {
  /** The platform's API, used for the current cart and every write. */
  apiUrl: string
  /** The host for catalogue reads; the platform may serve it from read replicas. */
  readOnlyApiUrl: string
  /** The OAuth client id of the site this storefront sells for. */
  clientId: string
  /**
   * The storefront's public URL (`AISLE_STOREFRONT_URL`) for canonical links, Open Graph and the sitemap;
   * undefined to use the origin each request arrived at.
   */
  siteUrl?: string | undefined
  /**
   * The key that seals the hosted login's transaction cookie (`AISLE_COOKIE_SECRET`); undefined for a random
   * key of the process, with which a transaction cannot end on another instance.
   */
  cookieSecret?: string | undefined
}

const DEFAULT_API_URL = 'http://127.0.0.1:4000'
const DEFAULT_CLIENT_ID = '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'

/**
 * Parses the storefront's configuration from environment variables, with the documented defaults.
 * @throws {TypeError} when `AISLE_API_URL`, `AISLE_READ_ONLY_API_URL` or `AISLE_STOREFRONT_URL` is not an
 *   absolute http(s) URL.
 */
export function parseConfig(env: Record<string, string | undefined>): StorefrontConfig {
  const apiUrl = parseHttpUrl('AISLE_API_URL', env.AISLE_API_URL || DEFAULT_API_URL)
  return {
    apiUrl,
    readOnlyApiUrl: parseHttpUrl('AISLE_READ_ONLY_API_URL', env.AISLE_READ_ONLY_API_URL || apiUrl),
    clientId: env.AISLE_CLIENT_ID || DEFAULT_CLIENT_ID,
    siteUrl: env.AISLE_STOREFRONT_URL
      ? parseHttpUrl('AISLE_STOREFRONT_URL', env.AISLE_STOREFRONT_URL)
      : undefined,
    cookieSecret: env.AISLE_COOKIE_SECRET || undefined,
  }
}

let processConfig: StorefrontConfig | undefined

/**
 * The process's configuration, parsed from its environment on first use: the one place the storefront reads
 * a setting (`server.js` alone reads its own listening address and trusted proxies).
 * @throws {TypeError} as `parseConfig` does.
 */
export function getConfig(): StorefrontConfig {
  processConfig ??= parseConfig(process.env)
  return processConfig
}

function parseHttpUrl(name: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(`"${name}" must be an absolute http(s) URL, got "${value}"`)
  }
  return url.href.replace(/\/+$/, '')
}

/**
 * The storefront's public URL: the configured one, else the origin the request arrived at (fine on one host;
 * behind a proxy that rewrites the host, configure `AISLE_STOREFRONT_URL`).
 */
export function toSiteUrl(config: StorefrontConfig, request: Request): string {
  return config.siteUrl ?? new URL(request.url).origin
}
