import type { PublicClient } from '../platform/aisle.server'
import { createSharedReads } from '../platform/shared-read.server'

/** A rate as the platform gives it: FLAT is the price, WEIGHT_TIERS the lightest parcel's price. */
export interface ShopRate {
  type: 'FLAT' | 'WEIGHT_TIERS'
  /** A decimal string in the shop's currency. */
  amount: string
}

export interface ShopShippingOption {
  title: string
  rate: ShopRate
  freeOverSubtotal?: string | undefined
  deliveryTime?: string | undefined
}

export interface ShopAddress {
  country?: string | undefined
  subdivision?: string | undefined
  city?: string | undefined
  postalCode?: string | undefined
  addressLine?: string | undefined
  addressLine2?: string | undefined
}

/** What the shop tells any shopper about itself (`GET /ecom/v1/shop-info`): the merchant's own setup. */
export interface ShopInfo {
  name: string
  currency: string
  regions: { name: string; countries: string[]; options: ShopShippingOption[] }[]
  pickup: { title: string; rate: ShopRate; address: ShopAddress; instructions?: string | undefined }[]
  /** Other currencies the shop shows prices in (payment stays in `currency`). */
  displayCurrencies: string[]
  /** The address of the shop's icon, set in its dashboard; undefined for the storefront's default. */
  iconUrl?: string | undefined
}

/**
 * The shop's name, shipping regions and pickup places, read with the public client (so one cached answer
 * serves every visitor); undefined when the platform cannot answer or answers in another shape.
 */
export async function findShopInfo(client: PublicClient): Promise<ShopInfo | undefined> {
  try {
    const response = await client.fetchWithAuth('/ecom/v1/shop-info')
    if (!response.ok) {
      await response.body?.cancel()
      return undefined
    }
    return parseShopInfo(await response.json())
  } catch {
    // No answer, or not JSON: the pages say the details cannot be shown rather than failing.
    return undefined
  }
}

/**
 * The shop info as `findShopInfo` reads it, read at most once per `SHARED_READ_MAX_AGE_MS` by the process
 * (every page's header shows the shop's name); an unreadable answer is not kept, so the next page asks again.
 */
export const findSharedShopInfo: (client: PublicClient) => Promise<ShopInfo | undefined> = createSharedReads(
  (client: PublicClient) => () => findShopInfo(client),
  { isKept: (shop) => shop !== undefined },
)

/**
 * The display currencies the shop offers (none when its shop info cannot be read), for the root middleware
 * to believe a shopper's currency cookie by (`createAisleMiddleware`).
 */
export async function findOfferedCurrencies(client: PublicClient): Promise<readonly string[]> {
  return (await findSharedShopInfo(client))?.displayCurrencies ?? []
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

function parseRate(value: unknown): ShopRate | undefined {
  if (!isObject(value)) return undefined
  const amount = text(value.amount)
  if ((value.type !== 'FLAT' && value.type !== 'WEIGHT_TIERS') || !amount || !/^\d+(\.\d+)?$/.test(amount))
    return undefined
  return { type: value.type, amount }
}

function parseOption(value: unknown): ShopShippingOption[] {
  if (!isObject(value)) return []
  const title = text(value.title)
  const rate = parseRate(value.rate)
  if (!title || !rate) return []
  return [
    { title, rate, freeOverSubtotal: text(value.freeOverSubtotal), deliveryTime: text(value.deliveryTime) },
  ]
}

function parseAddress(value: unknown): ShopAddress {
  const address = isObject(value) ? value : {}
  return {
    country: text(address.country),
    subdivision: text(address.subdivision),
    city: text(address.city),
    postalCode: text(address.postalCode),
    addressLine: text(address.addressLine),
    addressLine2: text(address.addressLine2),
  }
}

/** Reads the platform's answer, keeping what has the expected shape; undefined without a name or currency. */
export function parseShopInfo(value: unknown): ShopInfo | undefined {
  if (!isObject(value) || !isObject(value.shipping)) return undefined
  const name = text(value.name)
  const currency = text(value.currency)
  if (!name || !currency) return undefined
  const regions = list(value.shipping.regions).flatMap((region) => {
    if (!isObject(region) || !text(region.name)) return []
    const options = list(region.options).flatMap(parseOption)
    const countries = list(region.countries).flatMap((country) => text(country) ?? [])
    return options.length > 0 ? [{ name: region.name as string, countries, options }] : []
  })
  const pickup = list(value.shipping.pickup).flatMap((place) => {
    if (!isObject(place)) return []
    const title = text(place.title)
    const rate = parseRate(place.rate)
    if (!title || !rate) return []
    return [{ title, rate, address: parseAddress(place.address), instructions: text(place.instructions) }]
  })
  const displayCurrencies = list(value.displayCurrencies).flatMap((entry) =>
    isObject(entry) && text(entry.currency) && /^[A-Z]{3}$/.test(entry.currency as string)
      ? [entry.currency as string]
      : [],
  )
  // Only a web address may name the page's icon (no `javascript:` or `data:` from a confused answer).
  const iconUrl = isObject(value.icon) ? text(value.icon.url) : undefined
  return {
    name,
    currency,
    regions,
    pickup,
    displayCurrencies,
    ...(iconUrl && /^https?:\/\//.test(iconUrl) ? { iconUrl } : {}),
  }
}
