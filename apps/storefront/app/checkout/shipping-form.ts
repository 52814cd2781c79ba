/** The `intent` of the form that estimates shipping and tax for an address. */
export const SHIPPING_ADDRESS_INTENT = 'estimate-shipping'
/** The `intent` of the form that picks one of the shipping options offered for that address. */
export const SHIPPING_OPTION_INTENT = 'choose-shipping'

/** The intents of the shipping estimate's forms; both post to the cart's action. */
export type ShippingIntent = typeof SHIPPING_ADDRESS_INTENT | typeof SHIPPING_OPTION_INTENT

/** The fields of the shipping estimate's address form, named as the SDK's `Address` names them. */
export type ShippingAddressField = 'country' | 'subdivision' | 'city' | 'postalCode'

/** What the shopper typed in the address form, as text. */
export type ShippingAddressValues = Record<ShippingAddressField, string>

/** What a shipping form's post answers: saved, or why not in the shopper's words, field by field. */
export type ShippingFormResult =
  | { ok: true; intent: ShippingIntent; message: string }
  | {
      ok: false
      intent: ShippingIntent
      message: string
      /** What the shopper typed, so a page rendered without JavaScript shows it again. */
      values?: ShippingAddressValues
      fieldErrors?: Partial<Record<ShippingAddressField, string>>
    }

/** Tells whether a form's `intent` is one of the shipping estimate's. */
export function isShippingIntent(intent: unknown): intent is ShippingIntent {
  return intent === SHIPPING_ADDRESS_INTENT || intent === SHIPPING_OPTION_INTENT
}
