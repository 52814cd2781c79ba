import type { Selection } from './choice-availability'

/** At or below this many, the page says how many are left. */
export const LOW_STOCK_THRESHOLD = 5

/** The stock a product carries, as the catalogue answers it: its own and each variant's. */
export interface StockedProduct {
  productOptions?: ReadonlyArray<{ name?: string }>
  stock?: { trackInventory?: boolean; quantity?: number; inStock?: boolean }
  variants?: ReadonlyArray<{
    choices?: Record<string, string>
    stock?: { trackQuantity?: boolean; quantity?: number; inStock?: boolean }
  }>
}

/** The words and their level: `low` asks for attention, `out` says it cannot be bought. */
export interface StockWords {
  text: string
  level: 'in' | 'low' | 'out'
}

/**
 * What the product page says about the stock of the current choice: "Only 3 left" at or under the threshold,
 * "Sold out" at none, "In stock" above; undefined while a choice is still open or the merchant does not count
 * this stock (it is then simply for sale).
 */
export function toStockWords(product: StockedProduct, selection: Selection): StockWords | undefined {
  const stock = findChosenStock(product, selection)
  if (!stock) return undefined
  if (stock.inStock === false || (stock.isCounted && stock.quantity <= 0))
    return { text: 'Sold out', level: 'out' }
  if (!stock.isCounted) return undefined
  if (stock.quantity <= LOW_STOCK_THRESHOLD) return { text: `Only ${stock.quantity} left`, level: 'low' }
  return { text: 'In stock', level: 'in' }
}

function findChosenStock(product: StockedProduct, selection: Selection) {
  const optionNames = (product.productOptions ?? []).flatMap((option) => option.name ?? [])
  if (optionNames.length === 0) {
    const stock = product.stock
    return {
      inStock: stock?.inStock,
      isCounted: stock?.trackInventory === true && typeof stock.quantity === 'number',
      quantity: stock?.quantity ?? 0,
    }
  }
  if (!optionNames.every((name) => selection[name] !== undefined)) return undefined
  const variant = product.variants?.find((candidate) =>
    optionNames.every((name) => candidate.choices?.[name] === selection[name]),
  )
  if (!variant) return undefined
  return {
    inStock: variant.stock?.inStock,
    isCounted: variant.stock?.trackQuantity === true && typeof variant.stock.quantity === 'number',
    quantity: variant.stock?.quantity ?? 0,
  }
}
