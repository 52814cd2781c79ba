import type { ProductRecord, VariantRow } from '../catalogue/products/product-store.ts'
import { ApplicationError, ValidationError } from '../http/errors.ts'
import { MAX_LINE_ITEMS, MAX_LINE_QUANTITY } from './cart-limits.ts'
import type { AddToCartInput } from './cart-schemas.ts'
import type { LineItemChange, LineItemRow } from './cart-store.ts'
import { assertMayAddCustomLines, type CustomLineOrigin, toCustomLine } from './custom-line-item.ts'

/** Finds the variant a catalogue reference names: by id, by option choices, or the only one there is. */
export function resolveVariant(
  record: ProductRecord,
  options: { variantId?: string | undefined; options?: Record<string, string> | undefined } | undefined,
  field: string,
): VariantRow {
  const visible = record.variants.filter((v) => v.visible)
  if (options?.variantId) {
    const variant = visible.find((v) => v.id === options.variantId)
    if (!variant) {
      throw new ApplicationError(
        'VARIANT_NOT_FOUND',
        `Variant ${options.variantId} is not a variant of this product`,
        {
          field: `${field}.variantId`,
        },
      )
    }
    return variant
  }
  if (options?.options) {
    const wanted = options.options
    const unchosen = record.product.options.filter((option) => !(option.name in wanted))
    if (unchosen.length > 0 && visible.length > 1) {
      throw new ValidationError(
        unchosen.map((option) => ({
          field: `${field}.options.${option.name}`,
          description: `is required: choose one of ${option.choices.map((choice) => choice.description).join(', ')}`,
          violatedRule: 'REQUIRED_FIELD',
        })),
      )
    }
    const variant = visible.find(
      (v) =>
        Object.keys(v.choices).length === Object.keys(wanted).length &&
        Object.entries(wanted).every(([name, choice]) => v.choices[name] === choice),
    )
    if (!variant) {
      throw new ApplicationError('VARIANT_NOT_FOUND', 'No variant of this product has these choices', {
        field: `${field}.options`,
        choices: wanted,
      })
    }
    return variant
  }
  if (visible.length === 1 && visible[0]) return visible[0]
  throw new ValidationError([
    {
      field: `${field}.variantId`,
      description: 'is required: this product has options, so name a variant by id or by its choices',
      violatedRule: 'REQUIRED_FIELD',
    },
  ])
}

/**
 * Plans an add to cart: the same product and variant add to an existing line's quantity, anything else
 * becomes a new line. Custom lines need the merchant who adds them (`addedBy`; a shopper has none, and
 * is refused with CUSTOM_LINE_ITEMS_FORBIDDEN). Throws when a product is unknown, a variant cannot be
 * found, or a limit is passed.
 */
export function planAddToCart(
  lines: readonly LineItemRow[],
  input: AddToCartInput,
  products: ReadonlyMap<string, ProductRecord>,
  currency: string,
  addedBy: CustomLineOrigin | undefined,
): LineItemChange[] {
  // Custom lines are never merged: two engravings are two lines, even with the same words.
  const customChanges: LineItemChange[] = []
  if (input.customLineItems.length > 0) {
    assertMayAddCustomLines(addedBy, input.customLineItems.length)
    input.customLineItems.forEach((item, index) => {
      const custom = toCustomLine(item, currency, `customLineItems[${index}]`, addedBy)
      customChanges.push({
        appId: 'custom',
        catalogItemId: null,
        variantId: null,
        custom,
        quantity: item.quantity,
      })
    })
  }
  const changes: LineItemChange[] = []
  const byKey = new Map<string, LineItemChange>()
  let customLines = 0
  for (const line of lines) {
    if (line.custom) {
      customLines += 1
      continue
    }
    const change = {
      lineId: line.id,
      appId: line.app_id,
      catalogItemId: line.catalog_item_id,
      variantId: line.variant_id,
      quantity: line.quantity,
    }
    byKey.set(`${line.app_id}|${line.catalog_item_id}|${line.variant_id}`, change)
  }
  input.lineItems.forEach((item, index) => {
    const field = `lineItems[${index}].catalogReference`
    const { catalogItemId, appId, options } = item.catalogReference
    const record = products.get(catalogItemId)
    if (!record) {
      throw new ApplicationError('PRODUCT_NOT_FOUND', `Product ${catalogItemId} was not found`, {
        field: `${field}.catalogItemId`,
      })
    }
    const variant = resolveVariant(record, options, `${field}.options`)
    const key = `${appId}|${catalogItemId}|${variant.id}`
    const existing = byKey.get(key)
    if (existing) {
      existing.quantity += item.quantity
      if (!changes.includes(existing)) changes.push(existing)
    } else {
      const change = { appId, catalogItemId, variantId: variant.id, quantity: item.quantity }
      byKey.set(key, change)
      changes.push(change)
    }
  })
  changes.push(...customChanges)
  customLines += customChanges.length
  for (const change of changes) {
    if (change.quantity > MAX_LINE_QUANTITY) {
      throw new ApplicationError(
        'CART_LINE_ITEM_LIMIT',
        `A line item holds at most ${MAX_LINE_QUANTITY} units`,
        {
          catalogItemId: change.catalogItemId,
        },
      )
    }
  }
  if (byKey.size + customLines > MAX_LINE_ITEMS) {
    throw new ApplicationError(
      'CART_LINE_ITEM_LIMIT',
      `A cart holds at most ${MAX_LINE_ITEMS} line items`,
      {},
    )
  }
  return changes
}
