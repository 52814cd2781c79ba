import type { VatType } from './enumerations.js'

/** A point on the map. */
export interface AddressLocation {
  latitude?: number
  longitude?: number
}

/** Street name and number of an address. */
export interface StreetAddress {
  name?: string
  number?: string
  apt?: string
}

/** A postal address (spec section 3, "Address"). */
export interface Address {
  /** ISO-3166 alpha-2 country code. */
  country?: string
  /** ISO-3166 subdivision code, e.g. `US-NY`. */
  subdivision?: string
  city?: string
  postalCode?: string
  addressLine?: string
  addressLine2?: string
  streetAddress?: StreetAddress
  formattedAddress?: string
  geocode?: AddressLocation
}

/** Contact details that go with an address. */
export interface ContactDetails {
  firstName?: string
  lastName?: string
  phone?: string
  company?: string
  /** Tax id (`_id`, `id` on the wire, renamed like every id) and its type (`VatType`). */
  vatId?: { _id?: string; type?: VatType }
}

/** An address and the person at it. */
export interface AddressWithContact {
  address?: Address
  contactDetails?: ContactDetails
}
