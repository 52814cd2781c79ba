import { isAisleError } from '@aisle/sdk'
import { data } from 'react-router'
import { findOptionsAvailability, getProductBySlug } from '../catalogue/catalogue.server'
import { parseSelection, toMissingChoiceMessage, toPurchaseView } from '../catalogue/choice-availability'
import type { Aisle } from '../platform/aisle.server'
import { toShopperError, toShopperStatus } from '../platform/shopper-error'
import type { AddToCartResult } from './add-to-cart-result'
import { rememberCurrentCart } from './current-cart.server'
import { MAX_QUANTITY, parseQuantity } from './quantity'

function fail(message: string, status = 400, missingOptions?: string[]) {
  return data<AddToCartResult>(
    { ok: false, message, ...(missingOptions ? { missingOptions } : {}) },
    { status },
  )
}

/**
 * Adds the product of `slug`, in the variant the form's options choose, to the visitor's cart. The platform's
 * options availability names the variant and says whether it is in stock, here on the server, so the form
 * works without JavaScript and a sold-out choice is refused even when the page offered it.
 */
export async function addProductToCart(
  { client, publicClient, config }: Aisle,
  slug: string,
  form: FormData,
) {
  const quantity = parseQuantity(form.get('quantity'))
  if (quantity === undefined) return fail(`Please enter a quantity from 1 to ${MAX_QUANTITY}.`)
  const product = await getProductBySlug(publicClient, slug)
  const { selection, missing } = parseSelection(form, product.productOptions ?? [])
  if (missing.length > 0) return fail(missing.map(toMissingChoiceMessage).join(' '), 400, missing)
  const availability = await findOptionsAvailability(publicClient, product, selection)
  const { status, variantId } = toPurchaseView(product, availability, selection, config.apiUrl)
  if (status === 'unavailable') return fail(toShopperError(400, 'VARIANT_NOT_FOUND').message)
  if (status !== 'available') return fail(toShopperError(409, 'OUT_OF_STOCK').message, 409)

  try {
    const cart = await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            catalogItemId: product._id ?? '',
            appId: 'stores',
            ...(variantId ? { options: { variantId } } : {}),
          },
          quantity,
        },
      ],
    })
    // The loaders after this action (the header's count) read this cart rather than ask again.
    rememberCurrentCart(client, cart)
  } catch (error) {
    if (!isAisleError(error)) throw error
    return fail(toShopperError(error.status, error.code).message, toShopperStatus(error))
  }
  const name = product.name ?? 'the item'
  const what = quantity === 1 ? name : `${quantity} × ${name}`
  return data<AddToCartResult>({ ok: true, message: `Added ${what} to your cart.` })
}
