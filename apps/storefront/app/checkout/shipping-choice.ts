import { findCountryName } from './countries'
import type { ShippingAddressField, ShippingAddressValues } from './shipping-form'

/** Where the shopper wants the cart shipped, as far as an estimate needs it. */
export interface ShippingAddress {
  /** ISO-3166 alpha-2, e.g. `US`. */
  country: string
  /** ISO-3166-2, e.g. `US-NY`. */
  subdivision?: string
  city?: string
  postalCode?: string
}

/** A shipping option by the codes the platform gave it. */
export interface ShippingOptionChoice {
  code: string
  carrierId?: string
}

/** The shopper's address and, once picked, shipping option: what the cart page remembers for the session. */
export interface ShippingChoice {
  address: ShippingAddress
  option?: ShippingOptionChoice
}

/** An address form that cannot be estimated; each message is for the shopper, by field. */
export class ShippingAddressError extends Error {
  override readonly name = 'ShippingAddressError'
  readonly code = 'INVALID_SHIPPING_ADDRESS'
  readonly fieldErrors: Partial<Record<ShippingAddressField, string>>

  constructor(fieldErrors: Partial<Record<ShippingAddressField, string>>) {
    super(Object.values(fieldErrors).join(' '))
    this.fieldErrors = fieldErrors
  }
}

const MAX_CITY_LENGTH = 100
const MAX_OPTION_CODE_LENGTH = 50
const POSTAL_CODE = /^[A-Z0-9](?:[A-Z0-9 -]{0,18}[A-Z0-9])?$/
const SUBDIVISION_CODE = /^[A-Z0-9]{1,3}$/
const FULL_SUBDIVISION_CODE = /^([A-Z]{2})-([A-Z0-9]{1,3})$/

function text(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** Reads the address form's fields as the shopper typed them. */
export function readShippingAddressValues(form: FormData): ShippingAddressValues {
  return {
    country: text(form, 'country'),
    subdivision: text(form, 'subdivision'),
    city: text(form, 'city'),
    postalCode: text(form, 'postalCode'),
  }
}

/** `NY` or `US-NY` for the United States is `US-NY`; anything else is undefined. */
function toSubdivisionCode(country: string, typed: string): string | undefined {
  const code = typed.replace(/\s+/g, '').toUpperCase()
  if (SUBDIVISION_CODE.test(code)) return `${country}-${code}`
  const full = FULL_SUBDIVISION_CODE.exec(code)
  return full && full[1] === country ? code : undefined
}

/**
 * Parses the address form into the address an estimate takes: a country from the list (required), the state
 * or region as its code (`NY` becomes `US-NY`), and a city and postal code as written (the postal code in
 * capitals). Blank optional fields are left out.
 * @throws {ShippingAddressError} naming each field that is wrong, in the shopper's words.
 */
export function parseShippingAddress(values: ShippingAddressValues): ShippingAddress {
  const errors: Partial<Record<ShippingAddressField, string>> = {}
  const country = values.country.trim().toUpperCase()
  if (!country) errors.country = 'Please choose your country.'
  else if (!/^[A-Z]{2}$/.test(country) || !findCountryName(country))
    errors.country = 'Please choose a country from the list.'
  const address: ShippingAddress = { country }

  const subdivision = values.subdivision.trim()
  if (subdivision && !errors.country) {
    const code = toSubdivisionCode(country, subdivision)
    if (code) address.subdivision = code
    else errors.subdivision = 'Please enter the state or region as its short code, such as NY.'
  }
  const city = values.city.trim().replace(/\s+/g, ' ')
  if (city.length > MAX_CITY_LENGTH) errors.city = `Please keep the city to ${MAX_CITY_LENGTH} characters.`
  else if (city) address.city = city
  const postalCode = values.postalCode.trim().replace(/\s+/g, ' ').toUpperCase()
  if (postalCode && !POSTAL_CODE.test(postalCode))
    errors.postalCode = 'Please check the postal code: letters, digits, spaces and hyphens only.'
  else if (postalCode) address.postalCode = postalCode

  if (Object.keys(errors).length > 0) throw new ShippingAddressError(errors)
  return address
}

/** Writes an address back as the form's fields show it (`US-NY` as `NY`). */
export function toShippingAddressValues(address: ShippingAddress | undefined): ShippingAddressValues {
  const subdivision = address?.subdivision ?? ''
  return {
    country: address?.country ?? '',
    subdivision: subdivision.startsWith(`${address?.country}-`) ? subdivision.slice(3) : subdivision,
    city: address?.city ?? '',
    postalCode: address?.postalCode ?? '',
  }
}

/** The value of a shipping option's radio button: carrier and code, each URI-encoded, joined by `/`. */
export function toShippingOptionValue(option: ShippingOptionChoice): string {
  return `${encodeURIComponent(option.carrierId ?? '')}/${encodeURIComponent(option.code)}`
}

/** Reads a shipping option's radio value back; undefined for anything that is not one. */
export function parseShippingOptionValue(value: unknown): ShippingOptionChoice | undefined {
  if (typeof value !== 'string') return undefined
  const [carrier, code, ...rest] = value.split('/')
  if (carrier === undefined || code === undefined || rest.length > 0) return undefined
  try {
    return toOptionChoice(decodeURIComponent(code), decodeURIComponent(carrier) || undefined)
  } catch {
    return undefined
  }
}

function toOptionChoice(code: unknown, carrierId: unknown): ShippingOptionChoice | undefined {
  const isCode = (part: unknown): part is string =>
    typeof part === 'string' && part.length > 0 && part.length <= MAX_OPTION_CODE_LENGTH
  if (!isCode(code) || (carrierId !== undefined && !isCode(carrierId))) return undefined
  return carrierId === undefined ? { code } : { code, carrierId }
}

/** Writes the choice as the cookie's value (JSON). */
export function serializeShippingChoice(choice: ShippingChoice): string {
  return JSON.stringify(choice)
}

/**
 * Reads a choice from the cookie's value, checking it as strictly as the form: a cookie is the shopper's
 * to change. Anything unreadable is no choice at all.
 */
export function parseShippingChoice(raw: string | undefined): ShippingChoice | undefined {
  if (!raw) return undefined
  try {
    const stored: unknown = JSON.parse(raw)
    if (typeof stored !== 'object' || stored === null) return undefined
    const { address, option } = stored as { address?: Partial<ShippingAddress>; option?: unknown }
    const asText = (value: unknown) => (typeof value === 'string' ? value : '')
    const parsed = parseShippingAddress({
      country: asText(address?.country),
      subdivision: asText(address?.subdivision),
      city: asText(address?.city),
      postalCode: asText(address?.postalCode),
    })
    if (typeof option !== 'object' || option === null) return { address: parsed }
    const { code, carrierId } = option as Partial<ShippingOptionChoice>
    const chosen = toOptionChoice(code, carrierId)
    return chosen ? { address: parsed, option: chosen } : { address: parsed }
  } catch {
    return undefined
  }
}
