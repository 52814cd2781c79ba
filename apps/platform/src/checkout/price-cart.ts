import { findSoldServices } from '../bookings/sold-services.ts'
import type { CartProducts } from '../carts/cart-products.ts'
import { type CartWithLines, readCartContents, type SoldService } from '../carts/cart-store.ts'
import { assertCartAmountWithinBound, lineDescriptionOf } from '../carts/cart-wire.ts'
import { findCoupon } from '../carts/coupon-store.ts'
import { estimateTotals } from '../carts/pricing/estimate-totals.ts'
import type { TotalsEstimate } from '../carts/pricing/totals-estimate.ts'
import { findProductsByIds, type ProductRecord } from '../catalogue/products/product-store.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { ShopperCaller, ShopperCredential } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { accessTokenRefused } from '../oauth/authenticate.ts'
import type { LineSummaryItem } from '../orders/line-summary.tsx'
import { findHeldMemberships } from '../plans/membership-store.ts'
import type { CoverableLine, HeldMembership } from '../plans/plan-rules.ts'
import { findSoldTicketTypes } from '../ticketed-events/sold-ticket-types.ts'
import {
  type CommerceSettings,
  getCommerceSettings,
  settingsFromStored,
  toPricingSetup,
} from './commerce-settings.ts'
import { type BuyerChoices, pricingInputForCart } from './pricing-input-for-cart.ts'

/** What the checkout calls need: the database, the time, and the platform's origin for media URLs. */
export interface CheckoutDeps {
  db: Db
  clock: Clock
  publicUrl: string
  /**
   * The products this process keeps per catalogue version, shared with the current cart's operations
   * (`carts/cart-products.ts`); without it a pricing reads its cart's products.
   */
  cartProducts?: CartProducts | undefined
}

/** A cart priced from the catalogue as it is now, with the buyer's choices. */
export interface PricedCart {
  cart: CartWithLines
  products: ReadonlyMap<string, ProductRecord>
  /**
   * The services of its service lines (decision 065) and the ticket types of its ticket lines (decision
   * 070), by id: what the lines of the catalogues other than products sell; empty without such lines.
   */
  services: ReadonlyMap<string, SoldService>
  totals: TotalsEstimate
  /** The buyer's memberships the pricing saw (a member's; none for a visitor). */
  memberships: readonly HeldMembership[]
}

/**
 * Prices a cart for the buyer's choices: its products as the catalogue has them now (hidden ones
 * left out), its coupon, the site's shipping, tax and fee setup, and a member's memberships (one more
 * statement, for members' carts only: decision 046). The one pricing of a cart that
 * estimates, checkouts and the hosted checkout page share.
 */
export async function priceCart(
  db: Db,
  cart: CartWithLines,
  options: {
    siteId: string
    currency: string
    choices: BuyerChoices
    now: Date
    /** The site's commerce settings, when the caller read them already. */
    settings?: CommerceSettings
    /**
     * The products this process keeps, and the catalogue version the cart's read saw: the cart's
     * products come from them (read only when not kept yet) rather than from a statement of their own.
     */
    kept?: { cartProducts: CartProducts | undefined; catalogueVersion: number | undefined } | undefined
    /**
     * The member who buys, when it is not the cart's owner: a bookings checkout's cart is owned by its
     * booking, its checkout by the shopper (decision 085). Left out, a member's cart is its owner's.
     */
    buyerMemberId?: string | undefined
  },
): Promise<PricedCart> {
  const { siteId } = options
  const ids = cart.lines.flatMap((line) =>
    line.catalog_item_id && !line.service_properties && !line.ticket_properties ? [line.catalog_item_id] : [],
  )
  // Service lines read the services catalogue: one statement more, for carts that hold one only.
  const serviceIds = cart.lines.flatMap((line) =>
    line.catalog_item_id && line.service_properties ? [line.catalog_item_id] : [],
  )
  // Ticket lines read the tickets catalogue (decision 070), likewise only for carts that hold one.
  const ticketTypeIds = cart.lines.flatMap((line) =>
    line.catalog_item_id && line.ticket_properties ? [line.catalog_item_id] : [],
  )
  const buyerMemberId =
    options.buyerMemberId ?? (cart.cart.owner_kind === 'member' ? cart.cart.owner_id : undefined)
  const [products, services, coupon, settings, memberships] = await Promise.all([
    options.kept?.cartProducts && options.kept.catalogueVersion !== undefined
      ? options.kept.cartProducts.find(db, siteId, options.kept.catalogueVersion, ids)
      : findProductsByIds(db, { siteId, includeHidden: false }, ids),
    serviceIds.length > 0 || ticketTypeIds.length > 0
      ? Promise.all([
          serviceIds.length > 0 ? findSoldServices(db, siteId, serviceIds) : new Map<string, SoldService>(),
          ticketTypeIds.length > 0
            ? findSoldTicketTypes(db, siteId, ticketTypeIds)
            : new Map<string, SoldService>(),
        ]).then(([sold, tickets]) => new Map([...sold, ...tickets]))
      : new Map<string, SoldService>(),
    cart.cart.coupon_code ? findCoupon(db, siteId, cart.cart.coupon_code) : undefined,
    options.settings ?? getCommerceSettings(db, siteId),
    buyerMemberId !== undefined && (ids.length > 0 || serviceIds.length > 0)
      ? findHeldMemberships(db, siteId, buyerMemberId)
      : [],
  ])
  assertCartAmountWithinBound(cart.lines, products, options.currency)
  const input = pricingInputForCart({
    cart,
    products,
    services,
    currency: options.currency,
    coupon,
    setup: toPricingSetup(settings),
    choices: options.choices,
    memberships,
    now: options.now,
  })
  return { cart, products, services, totals: await estimateTotals(input), memberships }
}

/** What each line of a priced cart is called: a custom line's own name, else its product's name now. */
export function lineNamesOf(priced: Pick<PricedCart, 'cart' | 'products' | 'services'>): Map<string, string> {
  return new Map(
    priced.cart.lines.map((line) => [
      line.id,
      line.custom?.productName.original ??
        ((line.service_properties || line.ticket_properties) && line.catalog_item_id
          ? priced.services.get(line.catalog_item_id)?.name
          : undefined) ??
        (line.catalog_item_id ? priced.products.get(line.catalog_item_id)?.product.name : undefined) ??
        '',
    ]),
  )
}

/** Each line of a priced cart as its summary shows it: name, options, SKU and picture (decision 058). */
export function lineSummariesOf(
  priced: Pick<PricedCart, 'cart' | 'products' | 'services'>,
  publicUrl: string,
): Map<string, LineSummaryItem> {
  const names = lineNamesOf(priced)
  return new Map(
    priced.cart.lines.map((line) => {
      const description = lineDescriptionOf(line, priced.products, publicUrl)
      return [
        line.id,
        {
          name: names.get(line.id) ?? '',
          descriptionLines: description.descriptionLines,
          sku: description.physicalProperties.sku,
          image: description.image,
        },
      ]
    }),
  )
}

/**
 * The lines of a priced cart as membership cover sees them: each line's product and its collections, or
 * a booked slot's service when plans may pay it (decision 085).
 */
export function coverableLinesOf(
  priced: Pick<PricedCart, 'cart' | 'products' | 'services'>,
): CoverableLine[] {
  return priced.cart.lines.flatMap((line) => {
    if (line.service_properties) {
      const service = line.catalog_item_id ? priced.services.get(line.catalog_item_id) : undefined
      if (!service?.paymentOptions?.includes('MEMBERSHIP')) return []
      return [{ id: line.id, catalogItemId: service.id, collectionIds: [], isService: true }]
    }
    if (line.ticket_properties) return []
    return [
      {
        id: line.id,
        catalogItemId: line.catalog_item_id ?? undefined,
        collectionIds:
          (line.catalog_item_id && priced.products.get(line.catalog_item_id)?.collectionIds) || [],
      },
    ]
  })
}

/**
 * The current cart of `who` priced for their choices, with the caller it belongs to. One statement reads
 * the cart, its lines, the site's catalogue version and commerce settings, and checks an unchecked access
 * token in the same statement (`readCartContents`); its products come from `deps.cartProducts` at that
 * version (read only when this process does not keep them yet). OWNED_CART_NOT_FOUND before the first
 * add; the 401 of every route when the token proves no one.
 */
export async function priceCurrentCart(
  deps: Pick<CheckoutDeps, 'db' | 'cartProducts'>,
  who: ShopperCredential,
  choices: BuyerChoices,
  now: Date,
): Promise<PricedCart & { caller: ShopperCaller }> {
  const { db } = deps
  const contents = await readCartContents(db, who)
  const caller = contents.caller
  if (!caller) throw accessTokenRefused()
  if (who.kind === 'unchecked') who.checked(caller)
  if (!contents.cart)
    throw new ApplicationError('OWNED_CART_NOT_FOUND', 'The caller has no current cart yet', {})
  const priced = await priceCart(
    db,
    { cart: contents.cart, lines: contents.lines },
    {
      siteId: caller.siteId,
      currency: caller.site.currency,
      choices,
      now,
      settings: settingsFromStored(contents.storedSettings),
      kept: { cartProducts: deps.cartProducts, catalogueVersion: contents.catalogueVersion },
    },
  )
  return { ...priced, caller }
}
