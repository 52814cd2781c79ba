import type { CartWithLines, SoldService } from '../carts/cart-store.ts'
import { availabilityOf } from '../carts/cart-wire.ts'
import type { CouponRow } from '../carts/coupon-store.ts'
import { liveMerchantDiscounts, toPricingDiscount } from '../carts/merchant-discounts.ts'
import type {
  Address,
  Coupon,
  PricedLine,
  PricingInput,
  SelectedMembership,
  SelectedShippingOption,
} from '../carts/pricing/pricing-input.ts'
import type { ProductRecord } from '../catalogue/products/product-store.ts'
import { variantDiscountedPrice, variantListPrice } from '../catalogue/products/product-wire.ts'
import { type CoverableLine, covers, type HeldMembership, membershipsForLines } from '../plans/plan-rules.ts'
import type { PricingSetup } from './commerce-settings.ts'

/** What the buyer chose for an estimate or a checkout. */
export interface BuyerChoices {
  shippingAddress?: Address | undefined
  billingAddress?: Address | undefined
  selectedShippingOption?: SelectedShippingOption | undefined
  selectedMemberships?: readonly SelectedMembership[] | undefined
}

function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    name: row.name || undefined,
    value:
      row.kind === 'PERCENTAGE'
        ? { type: 'PERCENTAGE', basisPoints: row.value }
        : row.kind === 'FIXED_AMOUNT'
          ? { type: 'FIXED_AMOUNT', amount: row.value }
          : { type: 'FREE_SHIPPING' },
    minimumSubtotal: row.minimum_subtotal_minor ?? undefined,
    startsAt: row.starts_at ?? undefined,
    expiresAt: row.expires_at ?? undefined,
    usageLimit: row.usage_limit ?? undefined,
    timesUsed: row.uses,
    eligibleCatalogItemIds: row.product_ids ?? undefined,
  }
}

/**
 * The pricing engine's input for a cart as it stands: each line priced from the catalogue now and
 * charged for the units in stock (lines that cannot be bought are left out), custom lines at their
 * own price, the cart's coupon and merchant discounts (decision 044), the site's setup, the buyer's
 * choices. Without a shipping or billing address the cart's contact address stands in (decision 044),
 * so an estimate finds the shipping region and tax of the address the buyer already gave. A line whose
 * product a held membership covers may be paid by it (decision 046): the memberships name their lines.
 */
export function pricingInputForCart(input: {
  cart: CartWithLines
  products: ReadonlyMap<string, ProductRecord>
  /** The services of the cart's service lines (decision 065). */
  services?: ReadonlyMap<string, SoldService> | undefined
  currency: string
  coupon: CouponRow | undefined
  setup: PricingSetup
  choices: BuyerChoices
  /** The buyer's memberships (a member's; none for a visitor). */
  memberships?: readonly HeldMembership[] | undefined
  now: Date
}): PricingInput {
  const held = (input.memberships ?? []).filter((membership) => membership.sessionsLeft !== 0)
  const coverable: CoverableLine[] = []
  const lines = input.cart.lines.flatMap((line): PricedLine[] => {
    if (line.custom) {
      return [
        {
          id: line.id,
          quantity: line.quantity,
          unitPrice: line.custom.priceMinor,
          itemType: line.custom.itemType.preset,
          paymentOption: line.custom.paymentOption,
          isShippable:
            line.custom.physicalProperties?.shippable ?? line.custom.itemType.preset === 'PHYSICAL',
          weight: line.custom.physicalProperties?.weight,
        },
      ]
    }
    if (line.service_properties || line.ticket_properties) {
      // A booked slot or reserved tickets of the services catalogue, at the service's price now; never shipped (decision 065).
      const service = line.catalog_item_id ? input.services?.get(line.catalog_item_id) : undefined
      if (!service) return []
      // A booked slot of a service plans may pay is covered like a product (decision 085); the option the
      // shopper chose on the bookings checkout is the line's (MEMBERSHIP: a plan must pay it).
      const isPlanPayable = line.service_properties !== null && service.paymentOptions?.includes('MEMBERSHIP')
      const coverableLine = { id: line.id, catalogItemId: service.id, collectionIds: [], isService: true }
      if (isPlanPayable) coverable.push(coverableLine)
      const chosen = line.service_properties?.paymentOption ?? 'FULL_PAYMENT_ONLINE'
      return [
        {
          id: line.id,
          quantity: line.quantity,
          unitPrice: service.unitPriceMinor,
          itemType: 'SERVICE',
          paymentOption: chosen,
          ...(chosen === 'DEPOSIT_ONLINE' ? { depositUnitPrice: service.depositMinor } : {}),
          catalogItemId: service.id,
          isShippable: false,
          membershipOptional:
            chosen === 'FULL_PAYMENT_ONLINE' &&
            isPlanPayable &&
            held.some((membership) => covers(membership, coverableLine)),
        },
      ]
    }
    const record = line.catalog_item_id ? input.products.get(line.catalog_item_id) : undefined
    const variant = record?.variants.find((v) => v.id === line.variant_id)
    const availability = availabilityOf(line, record)
    const quantity =
      availability.status === 'AVAILABLE'
        ? line.quantity
        : availability.status === 'PARTIALLY_AVAILABLE'
          ? availability.quantityAvailable
          : 0
    if (!record || !variant || quantity === 0) return []
    const coverableLine = {
      id: line.id,
      catalogItemId: record.product.id,
      collectionIds: record.collectionIds,
    }
    coverable.push(coverableLine)
    return [
      {
        id: line.id,
        quantity,
        unitPrice: variantDiscountedPrice(record, variant),
        fullUnitPrice: variantListPrice(record, variant),
        itemType: record.product.product_type === 'digital' ? 'DIGITAL' : 'PHYSICAL',
        paymentOption: 'FULL_PAYMENT_ONLINE',
        catalogItemId: record.product.id,
        isShippable: record.product.product_type === 'physical',
        weight: variant.weight ?? record.product.weight ?? undefined,
        membershipOptional: held.some((membership) => covers(membership, coverableLine)),
      },
    ]
  })
  const contactAddress = input.cart.cart.contact_info?.address
  return {
    currency: input.currency,
    now: input.now,
    lines,
    coupon: input.coupon && toCoupon(input.coupon),
    merchantDiscounts: liveMerchantDiscounts(input.cart.cart.merchant_discounts, input.cart.lines).map(
      toPricingDiscount,
    ),
    shipping: input.setup.shipping,
    tax: input.setup.tax,
    additionalFees: input.setup.additionalFees,
    memberships: membershipsForLines(input.memberships ?? [], coverable),
    selectedShippingOption: input.choices.selectedShippingOption,
    shippingAddress: input.choices.shippingAddress ?? contactAddress,
    billingAddress: input.choices.billingAddress ?? contactAddress,
    selectedMemberships: input.choices.selectedMemberships,
  }
}
