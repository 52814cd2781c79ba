/** Words a shopper understands, in place of an error's code or raw message. */
export interface ShopperError {
  title: string
  message: string
}

/** The words for a fault of ours (and anything the server did not put words to). */
export const SHOPPER_FAULT: ShopperError = {
  title: 'Something went wrong',
  message: 'Something went wrong on our side. Please try again.',
}

/**
 * Reads the words a route error's data carries (`toShopperErrorResponse` in `shopper-error.ts` puts them
 * there on the server), or undefined. A module apart from the word table, which the root's error boundary
 * would otherwise bring into every page's JavaScript.
 */
export function findShopperError(errorData: unknown): ShopperError | undefined {
  if (typeof errorData !== 'object' || errorData === null) return undefined
  const { title, message } = errorData as Record<string, unknown>
  return typeof title === 'string' && typeof message === 'string' ? { title, message } : undefined
}
