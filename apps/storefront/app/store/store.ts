/** The name shown when the platform has not said the shop's own (it is down, or not yet asked). */
export const STORE_NAME = 'Aisle'

/**
 * The store's locale (BCP 47): prices, the page language and Open Graph follow it. A constant shared by the
 * server and the browser, so the server's HTML and the hydrated page format prices alike.
 */
export const STORE_LOCALE = 'en-US'

/** A page title in the store's style: "Product name · Shop name", or the shop's name alone. */
export function toPageTitle(shopName: string, page?: string): string {
  return page ? `${page} · ${shopName}` : shopName
}
