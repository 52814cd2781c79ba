import {
  hasCountry,
  hasPostalCodePrefix,
  normaliseCountry,
  normaliseSubdivision,
} from './address-matching.ts'
import { applyShippingDiscounts } from './discounts.ts'
import type {
  Address,
  CarrierServiceOptionSetup,
  Coupon,
  MerchantDiscount,
  PricedLine,
  SelectedShippingOption,
  ShippingDestination,
  ShippingOptionSetup,
  ShippingRate,
  ShippingRegion,
  ShippingSetup,
} from './pricing-input.ts'
import type { AppliedDiscount, ShippingInfo, ShippingOptionEstimate } from './totals-estimate.ts'
import { toViolation, type Violation } from './violations.ts'

/** Weights are compared in thousandths of the weight unit, as integers, so sums never drift. */
const WEIGHT_SCALE = 1000

function toThousandths(weight: number): number {
  return Math.round(weight * WEIGHT_SCALE)
}

/**
 * How specifically a destination names an address: `*` scores 0, a country 1, plus 2 for a matching
 * subdivision, plus 4 for a matching postal-code prefix; `undefined` when it does not match.
 */
function destinationScore(destination: ShippingDestination, address: Address): number | undefined {
  const country = normaliseCountry(address.country)
  if (destination.country === '*') return 0
  if (normaliseCountry(destination.country) !== country) return undefined
  let score = 1
  if (destination.subdivisions !== undefined) {
    const subdivision = normaliseSubdivision(address.subdivision, address.country)
    const listed = destination.subdivisions.map((code) => normaliseSubdivision(code, destination.country))
    if (subdivision === '' || !listed.includes(subdivision)) return undefined
    score += 2
  }
  if (destination.postalCodePrefixes !== undefined) {
    if (!hasPostalCodePrefix(address, destination.postalCodePrefixes)) return undefined
    score += 4
  }
  return score
}

/**
 * The region that ships to an address: the one with the most specific matching destination
 * (postal-code prefix over subdivision over country over `*`), the earlier region on a tie.
 */
export function findShippingRegion(
  regions: readonly ShippingRegion[],
  address: Address,
): ShippingRegion | undefined {
  let best: { region: ShippingRegion; score: number } | undefined
  for (const region of regions) {
    for (const destination of region.destinations) {
      const score = destinationScore(destination, address)
      if (score !== undefined && (best === undefined || score > best.score)) best = { region, score }
    }
  }
  return best?.region
}

/** Weight of the shippable units, in thousandths of the weight unit. */
export function shippableWeight(lines: readonly PricedLine[]): number {
  return lines
    .filter((line) => line.isShippable)
    .reduce((sum, line) => sum + toThousandths(line.weight ?? 0) * line.quantity, 0)
}

/** A rate's price for a weight (thousandths), or `undefined` when it does not take that weight. */
export function ratePrice(rate: ShippingRate, weight: number): number | undefined {
  if (rate.type === 'FLAT') return rate.price
  const tiers = [...rate.tiers].sort((a, b) => a.maxWeight - b.maxWeight)
  return tiers.find((tier) => weight <= toThousandths(tier.maxWeight))?.price
}

/** What the selected option needs from the cart to price it. */
export interface ShippingContext {
  setup: ShippingSetup | undefined
  lines: readonly PricedLine[]
  address: Address | undefined
  selected: SelectedShippingOption | undefined
  /** Item subtotal after cart discounts: what `freeOverSubtotal` compares with. */
  discountedSubtotal: number
  merchantDiscounts: readonly MerchantDiscount[]
  /** A usable free-shipping coupon. */
  freeShippingCoupon: Coupon | undefined
}

/** The shipping part of an estimate. */
export interface ShippingEstimate {
  info: ShippingInfo
  violations: Violation[]
  /** Where the buyer collects, when the selected option is a pickup. */
  pickupAddress?: Address
  /** SHIPPING discounts on the selected option. */
  appliedDiscounts: AppliedDiscount[]
}

interface Offered {
  carrierId: string
  options: { setup: ShippingOptionSetup; estimate: ShippingOptionEstimate }[]
}

/**
 * Offers the shipping options for a cart and an address and prices the selected one. Nothing ships
 * when no line is shippable. Pickup options are offered with or without an address. The selected
 * option is the buyer's choice when it is offered, otherwise the first offered option (regions'
 * delivery options before pickups, in the setup's order), with a WARNING if the choice was dropped.
 * Shipping problems are violations, never exceptions; an ERROR leaves nothing selected and shipping at 0.
 */
export function estimateShipping(context: ShippingContext): ShippingEstimate {
  const none: ShippingEstimate = { info: { carrierServiceOptions: [] }, violations: [], appliedDiscounts: [] }
  const needsShipping = context.lines.some((line) => line.isShippable && line.quantity > 0)
  if (!needsShipping) return none

  const weight = shippableWeight(context.lines)
  const offer = (carriers: readonly CarrierServiceOptionSetup[]): Offered[] =>
    carriers
      .map((carrier) => ({
        carrierId: carrier.carrierId,
        options: carrier.shippingOptions.flatMap((setup) => {
          const price = ratePrice(setup.rate, weight)
          if (price === undefined) return []
          return [{ setup, estimate: toOptionEstimate(setup, carrier.carrierId, price, context) }]
        }),
      }))
      .filter((carrier) => carrier.options.length > 0)

  const violations: Violation[] = []
  const address = context.address
  const hasAddress = hasCountry(address)
  const region = hasAddress && context.setup ? findShippingRegion(context.setup.regions, address) : undefined
  const delivery = region ? offer(region.carrierServiceOptions) : []
  const pickups = offer(context.setup?.pickupCarrierServiceOptions ?? [])
  const offered = [...delivery, ...pickups]

  if (!hasAddress) {
    violations.push(
      toViolation('SHIPPING_ADDRESS_REQUIRED', 'A shipping address is needed to offer delivery options'),
    )
  } else if (delivery.length === 0 && pickups.length > 0) {
    violations.push(
      toViolation('DELIVERY_UNAVAILABLE', 'Nothing delivers this cart to this address; pickup is available'),
    )
  } else if (!region) {
    violations.push(toViolation('NO_SHIPPING_TO_REGION', 'The store does not ship to this address'))
  } else if (delivery.length === 0) {
    violations.push(
      toViolation('NO_SHIPPING_OPTION_AVAILABLE', 'No shipping option takes this cart to this address'),
    )
  }

  const all = offered.flatMap((carrier) => carrier.options)
  const wanted = context.selected
  let chosen = wanted
    ? all.find(
        ({ estimate }) =>
          estimate.code === wanted.code &&
          (wanted.carrierId === undefined || estimate.carrierId === wanted.carrierId),
      )
    : undefined
  if (wanted && !chosen && all.length > 0) {
    violations.push(
      toViolation(
        'SELECTED_SHIPPING_OPTION_UNAVAILABLE',
        `Shipping option ${wanted.code} is not available for this cart`,
      ),
    )
  }
  chosen ??= all[0]

  const info: ShippingInfo = {
    ...(region ? { region: { id: region.id, name: region.name } } : {}),
    carrierServiceOptions: offered.map((carrier) => ({
      carrierId: carrier.carrierId,
      shippingOptions: carrier.options.map(({ estimate }) => estimate),
    })),
    ...(chosen ? { selectedCarrierServiceOption: chosen.estimate } : {}),
  }
  if (!chosen) return { ...none, info, violations }
  return {
    info,
    violations,
    ...(chosen.setup.pickup ? { pickupAddress: chosen.setup.pickup.address } : {}),
    appliedDiscounts: applyShippingDiscounts(
      chosen.estimate.cost.price,
      context.merchantDiscounts,
      context.freeShippingCoupon,
    ).applied,
  }
}

function toOptionEstimate(
  setup: ShippingOptionSetup,
  carrierId: string,
  ratedPrice: number,
  context: ShippingContext,
): ShippingOptionEstimate {
  const isFree = setup.freeOverSubtotal !== undefined && context.discountedSubtotal >= setup.freeOverSubtotal
  const price = isFree ? 0 : ratedPrice
  const discount = applyShippingDiscounts(price, context.merchantDiscounts, context.freeShippingCoupon).total
  return {
    code: setup.code,
    title: setup.title,
    carrierId,
    cost: { price, discount, totalPrice: price - discount },
    logistics: {
      ...(setup.deliveryTime === undefined ? {} : { deliveryTime: setup.deliveryTime }),
      ...(setup.deliveryTimeSlot === undefined ? {} : { deliveryTimeSlot: setup.deliveryTimeSlot }),
      ...(setup.pickup === undefined
        ? {}
        : {
            pickupDetails: {
              address: setup.pickup.address,
              pickupMethod: setup.pickup.method,
              ...(setup.pickup.instructions === undefined ? {} : { instructions: setup.pickup.instructions }),
            },
          }),
    },
  }
}
