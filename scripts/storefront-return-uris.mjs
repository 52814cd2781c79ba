// The storefront's own addresses, which `npm start` registers with the demo OAuth client: the platform
// sends codes, signed-out members and finished checkouts only to addresses its client knows.

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether the platform accepts `url` as a return address (as its `isSafeRedirectUri`): https, or http on
 * a loopback host.
 * @param {URL} url
 */
function isAcceptedOrigin(url) {
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
}

/**
 * `DEMO_REDIRECT_URIS` and `DEMO_POST_LOGOUT_REDIRECT_URIS` for a storefront on `storefrontPort`: its
 * `/callback` and home page on http://localhost and http://127.0.0.1 (the names a browser on this machine
 * uses), and on `AISLE_STOREFRONT_URL` when set, after any the environment lists already. A public URL the
 * platform would refuse (http on another host) is left out, with a warning in `warnings`.
 * @param {Record<string, string | undefined>} env
 * @param {number} storefrontPort
 */
export function storefrontReturnUris(env, storefrontPort) {
  const sites = [`http://localhost:${storefrontPort}`, `http://127.0.0.1:${storefrontPort}`]
  const warnings = []
  if (env.AISLE_STOREFRONT_URL) {
    const url = URL.canParse(env.AISLE_STOREFRONT_URL) ? new URL(env.AISLE_STOREFRONT_URL) : undefined
    if (url && isAcceptedOrigin(url)) sites.push(url.href.replace(/\/+$/, ''))
    else
      warnings.push(
        `AISLE_STOREFRONT_URL ${env.AISLE_STOREFRONT_URL} is not https (nor http on this machine), so the platform will not send shoppers back there; it is not registered with the demo client`,
      )
  }
  const list = (given, added) =>
    [
      ...new Set([
        ...(given ?? '')
          .split(',')
          .map((uri) => uri.trim())
          .filter(Boolean),
        ...added,
      ]),
    ].join(',')
  return {
    DEMO_REDIRECT_URIS: list(
      env.DEMO_REDIRECT_URIS,
      sites.map((site) => `${site}/callback`),
    ),
    // Sign-out and the password-reset mail return to the home page of the origin the shopper is on.
    DEMO_POST_LOGOUT_REDIRECT_URIS: list(
      env.DEMO_POST_LOGOUT_REDIRECT_URIS,
      sites.map((site) => `${new URL(site).origin}/`),
    ),
    warnings,
  }
}
