import { z } from 'zod'
import { WireAddressSchema as ShopAddress } from '../carts/address-wire.ts'
import { toDecimalString } from '../money/money.ts'
import type { DisplayCurrency } from '../sites/display-currencies/display-currencies.ts'
import type { Site } from '../sites/site-store.ts'
import type { CommerceSettings } from './commerce-settings.ts'
import type { ShopIcon } from './shop-icon.ts'

const ShopShippingOption = z.object({
  title: z.string(),
  /** FLAT: the one price; WEIGHT_TIERS: the lightest tier's price, as "from". */
  rate: z.object({ type: z.enum(['FLAT', 'WEIGHT_TIERS']), amount: z.string() }),
  freeOverSubtotal: z.string().optional(),
  deliveryTime: z.string().optional(),
})

/** What any shopper may read about the shop: its name and currency, where it ships and where to pick up. */
export const ShopInfoSchema = z.object({
  name: z.string().describe("the site's name"),
  currency: z.string().describe('ISO-4217 code; every amount below is a decimal string in it'),
  locale: z.string(),
  icon: z
    .object({ url: z.string(), width: z.number(), height: z.number() })
    .optional()
    .describe("the shop's icon (its pages' favicon), set in its dashboard; absent for the default icon"),
  displayCurrencies: z
    .array(z.object({ currency: z.string(), rate: z.number() }))
    .describe(
      "currencies a shopper may see prices in (ask with the x-wix-currency header), each with how much one unit of the store's currency is in it; payment is always in `currency`",
    ),
  shipping: z.object({
    regions: z.array(
      z.object({
        name: z.string(),
        /** ISO-3166 alpha-2 codes, or `*` for anywhere else. */
        countries: z.array(z.string()),
        options: z.array(ShopShippingOption),
      }),
    ),
    pickup: z.array(
      z.object({
        title: z.string(),
        rate: ShopShippingOption.shape.rate,
        method: z.enum(['STORE_PICKUP', 'PICKUP_POINT']),
        address: ShopAddress,
        instructions: z.string().optional(),
      }),
    ),
  }),
})

export type ShopInfo = z.output<typeof ShopInfoSchema>

type ShippingOption =
  CommerceSettings['shipping']['regions'][number]['carrierServiceOptions'][number]['shippingOptions'][number]

/**
 * The shopper's view of the site's setup: names, countries, rates and delivery times of its shipping, and its
 * pickup places. Tax rules, fees and carrier ids stay with the merchant; a weight-tiered rate shows its lowest
 * tier, the price a light parcel pays.
 */
export function toShopInfo(
  site: Site,
  settings: CommerceSettings,
  displayCurrencies: readonly DisplayCurrency[] = [],
  icon?: ShopIcon | undefined,
): ShopInfo {
  const money = (minor: number) => toDecimalString(minor, site.currency)
  const toRate = (option: ShippingOption) =>
    option.rate.type === 'FLAT'
      ? { type: 'FLAT' as const, amount: money(option.rate.price) }
      : {
          type: 'WEIGHT_TIERS' as const,
          amount: money(Math.min(...option.rate.tiers.map((tier) => tier.price))),
        }
  const toOption = (option: ShippingOption) => ({
    title: option.title,
    rate: toRate(option),
    ...(option.freeOverSubtotal === undefined ? {} : { freeOverSubtotal: money(option.freeOverSubtotal) }),
    ...(option.deliveryTime ? { deliveryTime: option.deliveryTime } : {}),
  })
  const pickupOptions = (settings.shipping.pickupCarrierServiceOptions ?? []).flatMap(
    (carrier) => carrier.shippingOptions,
  )
  return {
    name: site.name,
    currency: site.currency,
    locale: site.locale,
    ...(icon ? { icon: { url: icon.url, width: icon.width, height: icon.height } } : {}),
    displayCurrencies: displayCurrencies.map(({ currency, rate }) => ({ currency, rate })),
    shipping: {
      regions: settings.shipping.regions.map((region) => ({
        name: region.name,
        countries: region.destinations.map((destination) => destination.country),
        options: region.carrierServiceOptions.flatMap((carrier) => carrier.shippingOptions.map(toOption)),
      })),
      pickup: pickupOptions.flatMap((option) =>
        option.pickup
          ? [
              {
                title: option.title,
                rate: toRate(option),
                method: option.pickup.method,
                address: option.pickup.address,
                ...(option.pickup.instructions ? { instructions: option.pickup.instructions } : {}),
              },
            ]
          : [],
      ),
    },
  }
}
