import { toGraphQLProduct } from './catalogue-resolvers.ts'
import type { WireCart } from '../carts/cart-wire.ts'
import type { Resolvers } from './resolvers.ts'

type WireLineItem = WireCart['lineItems'][number]

/**
 * The current cart: each field and mutation is the REST current-cart call of the same name, so the
 * rules, events, errors and row lock are the REST routes' own (see `current-cart-calls.ts`).
 */
export const cartResolvers: Resolvers = {
  Query: {
    currentCart: (_source, _args, context) => context.currentCart.get(),
    estimateCurrentCartTotals: (_source, args, context) => context.currentCart.estimateTotals(args),
  },
  Mutation: {
    addToCurrentCart: (_source, args, context) => context.currentCart.addTo(args),
    updateCurrentCart: (_source, args, context) => context.currentCart.update(args),
    removeLineItemsFromCurrentCart: (_source, args, context) => context.currentCart.removeLineItems(args),
    updateCurrentCartLineItemQuantity: (_source, args, context) =>
      context.currentCart.updateLineItemQuantity(args),
    removeCouponFromCurrentCart: (_source, _args, context) => context.currentCart.removeCoupon(),
    async deleteCurrentCart(_source, _args, context) {
      await context.currentCart.delete()
      return true
    },
  },
  LineItem: {
    async product(line: WireLineItem, _args, context) {
      // A custom line item has no catalogue reference, so no product.
      const id = 'catalogReference' in line ? line.catalogReference.catalogItemId : undefined
      const record = id ? await context.loaders.productsById.load(id) : undefined
      return record ? toGraphQLProduct(context, record) : null
    },
  },
}
