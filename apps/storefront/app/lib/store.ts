/** The store's name, shown in the header and page titles. */
export const STORE_NAME = 'Aisle'

/** A page title in the store's style: "Product name · Aisle". */
export function toPageTitle(page?: string): string {
  return page ? `${page} · ${STORE_NAME}` : STORE_NAME
}
