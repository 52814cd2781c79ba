import { describe, expect, it } from 'vitest'
import type { LineItemRow } from '../../carts/cart-store.ts'
import { planCartMerge } from './cart-merge.ts'

let position = 0
function line(fields: Partial<LineItemRow> & { id: string }): LineItemRow {
  position++
  return {
    cart_id: 'cart',
    position,
    app_id: 'stores',
    catalog_item_id: 'product-a',
    variant_id: 'variant-1',
    custom: null,
    service_properties: null,
    quantity: 1,
    created_date: new Date(0),
    ...fields,
  }
}

describe('planCartMerge', () => {
  it('adds the quantities of the same product and variant, and appends the other lines in order', () => {
    const member = [line({ id: 'm1', quantity: 3 }), line({ id: 'm2', catalog_item_id: 'product-c' })]
    const visitor = [
      line({ id: 'v1', quantity: 2 }),
      line({ id: 'v2', catalog_item_id: 'product-b' }),
      line({ id: 'v3', variant_id: 'variant-2', quantity: 4 }),
    ]
    const plan = planCartMerge(member, visitor)
    expect(plan).toMatchObject({ combinedLines: 1, addedLines: 2, droppedLines: 0 })
    expect(plan.changes).toEqual([
      { lineId: 'm1', appId: 'stores', catalogItemId: 'product-a', variantId: 'variant-1', quantity: 5 },
      { appId: 'stores', catalogItemId: 'product-b', variantId: 'variant-1', quantity: 1 },
      { appId: 'stores', catalogItemId: 'product-a', variantId: 'variant-2', quantity: 4 },
    ])
  })

  it('joins two visitor lines of one variant into the line it adds', () => {
    const plan = planCartMerge([], [line({ id: 'v1', quantity: 2 }), line({ id: 'v2', quantity: 5 })])
    expect(plan.changes).toEqual([
      { appId: 'stores', catalogItemId: 'product-a', variantId: 'variant-1', quantity: 7 },
    ])
  })

  it('never combines custom lines', () => {
    const custom = { productName: { original: 'Gift wrap' }, priceMinor: 300, descriptionLines: [] }
    const member = [line({ id: 'm1', catalog_item_id: null, variant_id: null, custom: custom as never })]
    const visitor = [line({ id: 'v1', catalog_item_id: null, variant_id: null, custom: custom as never })]
    const plan = planCartMerge(member, visitor)
    expect(plan).toMatchObject({ combinedLines: 0, addedLines: 1 })
    expect(plan.changes[0]).toMatchObject({ catalogItemId: null, custom, quantity: 1 })
  })

  it('caps a line at 10,000 units and a cart at 300 lines', () => {
    const full = Array.from({ length: 300 }, (_, i) => line({ id: `m${i}`, catalog_item_id: `p${i}` }))
    full[0]!.quantity = 9_999
    const visitor = [
      line({ id: 'v1', catalog_item_id: 'p0', quantity: 5 }),
      line({ id: 'v2', catalog_item_id: 'new' }),
    ]
    const plan = planCartMerge(full, visitor)
    expect(plan).toMatchObject({ combinedLines: 1, addedLines: 0, droppedLines: 1 })
    expect(plan.changes).toEqual([expect.objectContaining({ lineId: 'm0', quantity: 10_000 })])
  })
})
