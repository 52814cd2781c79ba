import { isAisleError } from '@aisle/sdk'
import { data } from 'react-router'
import type { AddToCartResult } from '../components/cart/add-to-cart-form'
import { toProductDetail } from '../components/catalogue/product-view'
import { findVariant, parseSelection } from '../components/catalogue/variant-selection'
import type { Aisle } from './aisle.server'
import { getProductBySlug } from './catalogue.server'
import { toShopperError } from './shopper-error'

const MAX_QUANTITY = 99

/** Reads the quantity field: a whole number from 1 to 99, else undefined. */
export function parseQuantity(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value.trim())) return undefined
  const quantity = Number(value)
  return quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : undefined
}

function fail(message: string, status = 400) {
  return data<AddToCartResult>({ ok: false, message }, { status })
}

/**
 * Adds the product of `slug`, in the variant the form's options choose, to the visitor's cart.
 * The variant is resolved here on the server, so the form works without JavaScript.
 */
export async function addProductToCart({ client, config }: Aisle, slug: string, form: FormData) {
  const quantity = parseQuantity(form.get('quantity'))
  if (quantity === undefined) return fail(`Please enter a quantity from 1 to ${MAX_QUANTITY}.`)
  const product = await getProductBySlug(client, slug)
  const detail = toProductDetail(product, config.apiUrl)
  const { selection, missing } = parseSelection(form, detail.options)
  if (missing.length > 0)
    return fail(`Please choose ${missing.map((name) => name.toLowerCase()).join(' and ')}.`)
  const variant = findVariant(detail.variants, selection)
  if (detail.variants.length > 0 && !variant) return fail(toShopperError(400, 'VARIANT_NOT_FOUND').message)
  if (!detail.inStock || variant?.inStock === false) return fail(toShopperError(409, 'OUT_OF_STOCK').message)

  try {
    await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            catalogItemId: detail.id,
            appId: 'stores',
            ...(variant ? { options: { variantId: variant.id } } : {}),
          },
          quantity,
        },
      ],
    })
  } catch (error) {
    if (!isAisleError(error)) throw error
    const status =
      error.status !== undefined && error.status >= 400 && error.status < 500 ? error.status : 503
    return fail(toShopperError(error.status, error.code).message, status)
  }
  const what = quantity === 1 ? detail.name : `${quantity} × ${detail.name}`
  return data<AddToCartResult>({ ok: true, message: `Added ${what} to your cart.` })
}
