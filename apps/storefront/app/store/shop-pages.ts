import { formatPrice } from './money'
import type { ShopAddress, ShopInfo, ShopRate, ShopShippingOption } from './shop-info.server'
import { STORE_LOCALE } from './store'

// Every sentence here is made of the shop's own setup (GET /ecom/v1/shop-info): where the platform holds no
// policy text (a returns window, an e-mail address), the pages say so instead of inventing one.

/** A shipping option in words: its name, price (and when it is free) and delivery time. */
export interface ShippingOptionView {
  title: string
  price: string
  note?: string | undefined
  deliveryTime?: string | undefined
}

/** A place to pick orders up, in words. */
export interface PickupView {
  title: string
  price: string
  address: string[]
  instructions?: string | undefined
}

export interface ShippingPageView {
  regions: { name: string; countries: string; options: ShippingOptionView[] }[]
  pickup: PickupView[]
}

const countryNames = new Intl.DisplayNames([STORE_LOCALE], { type: 'region' })
const listFormat = new Intl.ListFormat(STORE_LOCALE, { type: 'conjunction' })

/** A country's name in the store's language (`DE` is `Germany`); `*` reads as everywhere else. */
export function toCountryName(code: string): string {
  if (code === '*') return 'everywhere else'
  try {
    return countryNames.of(code) ?? code
  } catch {
    return code
  }
}

function toPrice(rate: ShopRate, currency: string): string {
  if (Number(rate.amount) === 0) return 'Free'
  const price = formatPrice(rate.amount, currency)
  return rate.type === 'WEIGHT_TIERS' ? `From ${price}, by weight` : price
}

function toOptionView(option: ShopShippingOption, currency: string): ShippingOptionView {
  return {
    title: option.title,
    price: toPrice(option.rate, currency),
    note:
      option.freeOverSubtotal === undefined
        ? undefined
        : `Free on orders over ${formatPrice(option.freeOverSubtotal, currency)}`,
    deliveryTime: option.deliveryTime,
  }
}

/** An address as the lines of a label: street, then city with region and postcode, then country. */
export function toAddressLines(address: ShopAddress): string[] {
  const region = address.subdivision?.replace(/^[A-Z]{2}-/, '')
  const cityLine = [address.city, [region, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  return [
    address.addressLine,
    address.addressLine2,
    cityLine,
    address.country ? toCountryName(address.country) : undefined,
  ].filter((line): line is string => Boolean(line))
}

/** The shipping page: each region with the countries it covers and its options, then the pickup places. */
export function toShippingPage(shop: ShopInfo): ShippingPageView {
  return {
    regions: shop.regions.map((region) => ({
      name: region.name,
      countries: listFormat.format(region.countries.map(toCountryName)),
      options: region.options.map((option) => toOptionView(option, shop.currency)),
    })),
    pickup: toPickupViews(shop),
  }
}

export function toPickupViews(shop: ShopInfo): PickupView[] {
  return shop.pickup.map((place) => ({
    title: place.title,
    price: toPrice(place.rate, shop.currency),
    address: toAddressLines(place.address),
    instructions: place.instructions,
  }))
}

/** One sentence of where the shop delivers: `Aisle Demo Store delivers to 10 countries: …`. */
export function toDeliverySummary(shop: ShopInfo): string {
  const countries = shop.regions.flatMap((region) => region.countries)
  if (countries.length === 0) return `${shop.name} does not deliver at the moment.`
  const places = listFormat.format(countries.map(toCountryName))
  return `${shop.name} delivers to ${countries.length === 1 ? '' : `${countries.length} countries: `}${places}.`
}

/** The currency the shop sells in, by name (`US dollars`). */
export function toCurrencyName(currency: string): string {
  try {
    const name = new Intl.DisplayNames([STORE_LOCALE], { type: 'currency' }).of(currency)
    return name ? `${currency} (${name})` : currency
  } catch {
    return currency
  }
}
