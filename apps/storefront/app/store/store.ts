/** The store's name, shown in the header and page titles. */
export const STORE_NAME = 'Aisle'

/**
 * The store's locale (BCP 47): prices, the page language and Open Graph follow it. A constant shared by the
 * server and the browser, so the server's HTML and the hydrated page format prices alike.
 */
export const STORE_LOCALE = 'en-US'

/** A page title in the store's style: "Product name · Aisle". */
export function toPageTitle(page?: string): string {
  return page ? `${page} · ${STORE_NAME}` : STORE_NAME
}
