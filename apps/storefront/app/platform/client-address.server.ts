/**
 * The header through which the storefront's server (`server.js`) hands the shopper's address to the app.
 * The server drops any copy a request arrives with and sets its own, from the socket or the storefront's
 * trusted proxies, so a shopper cannot choose the address the platform's limits count them under.
 */
export const CLIENT_ADDRESS_HEADER = 'x-aisle-client-address'

/** The shopper's IP address as the storefront's server saw it; undefined where no server set it (tests, dev). */
export function findClientAddress(request: Request): string | undefined {
  return request.headers.get(CLIENT_ADDRESS_HEADER)?.trim() || undefined
}
