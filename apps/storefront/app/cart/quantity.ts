/** The most of one item a shopper may add at once, or set a cart line to. */
export const MAX_QUANTITY = 99

/** Reads a quantity field or parameter: a whole number from 1 to 99, else undefined. */
export function parseQuantity(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value.trim())) return undefined
  const quantity = Number(value)
  return quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : undefined
}
