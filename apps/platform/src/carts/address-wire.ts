import { z } from 'zod'

/**
 * An address as the platform answers it (spec section 3, "Address"): the cart's contact, an estimate's
 * pickup point. Its geocode's parts are optional, as in the SDK's `Address` and Wix's `AddressLocation`,
 * though every address given (`AddressInput`) carries both or neither.
 */
export const WireAddressSchema = z.object({
  country: z.string().optional(),
  subdivision: z.string().optional(),
  city: z.string().optional(),
  postalCode: z.string().optional(),
  addressLine: z.string().optional(),
  addressLine2: z.string().optional(),
  streetAddress: z
    .object({ name: z.string().optional(), number: z.string().optional(), apt: z.string().optional() })
    .optional(),
  formattedAddress: z.string().optional(),
  geocode: z.object({ latitude: z.number().optional(), longitude: z.number().optional() }).optional(),
})
