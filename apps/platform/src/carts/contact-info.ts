import { z } from 'zod'
import { AddressInput } from './address-input.ts'
import { WireAddressSchema } from './address-wire.ts'

const text = (max: number) => z.string().trim().max(max)

/**
 * The buyer's contact on a cart (spec section 3, "Cart": `contactInfo.address` with its geocode), given in
 * `cartInfo.contactInfo` of the cart's update call, as Wix's `updateCurrentCart` takes it. Estimates use
 * its address when they are given no shipping address, and checkouts take it as their addresses' default.
 */
export const ContactInfoInput = z.object({
  // A tax id goes with the person (contactDetails.vatId), as Wix's contact keeps it.
  address: AddressInput.omit({ vatId: true }).optional(),
  contactDetails: z
    .object({
      firstName: text(100).optional(),
      lastName: text(100).optional(),
      phone: text(30).optional(),
      company: text(100).optional(),
      vatId: z
        .object({ id: text(40), type: z.enum(['UNSPECIFIED', 'CPF', 'CNPJ']).default('UNSPECIFIED') })
        .optional(),
    })
    .optional(),
})

/** A cart's contact as stored (`carts.contact_info`) and answered. */
export type ContactInfo = z.output<typeof ContactInfoInput>

/** The cart's `contactInfo` on the wire: as given, absent until given. */
export const ContactInfoSchema = z.object({
  address: WireAddressSchema.optional(),
  contactDetails: z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      phone: z.string().optional(),
      company: z.string().optional(),
      vatId: z.object({ id: z.string(), type: z.enum(['UNSPECIFIED', 'CPF', 'CNPJ']) }).optional(),
    })
    .optional(),
})
