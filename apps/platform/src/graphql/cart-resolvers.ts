import {
  AddToCartBody,
  RemoveLineItemsBody,
  UpdateCartBody,
  UpdateQuantitiesBody,
} from '../carts/cart-schemas.ts'
import type { WireCart } from '../carts/cart-wire.ts'
import { EstimateBody } from '../checkout/checkout-schemas.ts'
import { estimateCurrentCartTotals } from '../checkout/estimate-current-cart.ts'
import { shopperOf } from '../http/api.ts'
import { toGraphQLProduct } from './catalogue-resolvers.ts'
import type { GraphQLContext } from './graphql-context.ts'
import { parseArguments } from './parse-arguments.ts'
import type { Resolvers } from './resolvers.ts'

type WireLineItem = WireCart['lineItems'][number]

/** The caller's cart calls; a merchant gets REST's 403 (arguments are checked first, as REST checks the body first). */
const shopper = (context: GraphQLContext) => shopperOf(context.caller)

/**
 * The current cart: each field and mutation calls the cart domain function that its REST call of the
 * same name calls, with the arguments checked by that call's schema, so the rules, events, errors and
 * write guard are the same.
 */
export const cartResolvers: Resolvers = {
  Query: {
    currentCart: (_source, _args, context) => context.carts.get(shopper(context)),
    estimateCurrentCartTotals(_source, args, context) {
      const input = parseArguments(EstimateBody, args)
      const { db, clock, publicUrl } = context
      return estimateCurrentCartTotals({ db, clock, publicUrl }, shopper(context), input)
    },
  },
  Mutation: {
    addToCurrentCart(_source, args, context) {
      const input = parseArguments(AddToCartBody, args)
      return context.carts.add(shopper(context), input)
    },
    updateCurrentCart(_source, args, context) {
      const input = parseArguments(UpdateCartBody, args)
      return context.carts.update(shopper(context), input, context.origin)
    },
    removeLineItemsFromCurrentCart(_source, args, context) {
      const { lineItemIds } = parseArguments(RemoveLineItemsBody, args)
      return context.carts.removeLineItems(shopper(context), lineItemIds)
    },
    updateCurrentCartLineItemQuantity(_source, args, context) {
      const { lineItems } = parseArguments(UpdateQuantitiesBody, args)
      return context.carts.updateQuantities(shopper(context), lineItems)
    },
    removeCouponFromCurrentCart: (_source, _args, context) => context.carts.removeCoupon(shopper(context)),
    async deleteCurrentCart(_source, _args, context) {
      await context.carts.delete(shopper(context))
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
