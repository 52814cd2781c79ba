import { z } from 'zod'
import { AddressInput } from './address-input.ts'
import { WireAddressSchema } from './address-wire.ts'

const text = (max: number) => z.string().trim().max(max)

/**
 * Who an address is for (spec section 3's `contactDetails`, as Wix's eCom keeps it beside `address`): the
 * person's names, company and phone, and a tax id (it goes with the person, as Wix's contact keeps it).
 * The one shape of the cart's contact, a checkout's recipient and payer, and an order's.
 */
export const ContactDetailsInput = z.object({
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  phone: text(30).optional(),
  company: text(100).optional(),
  vatId: z
    .object({ id: text(40), type: z.enum(['UNSPECIFIED', 'CPF', 'CNPJ']).default('UNSPECIFIED') })
    .optional(),
})

/** Contact details as given and stored. */
export type ContactDetails = z.output<typeof ContactDetailsInput>

/** Contact details as the platform answers them: as given, each part absent until given. */
export const WireContactDetailsSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  company: z.string().optional(),
  vatId: z.object({ id: z.string(), type: z.enum(['UNSPECIFIED', 'CPF', 'CNPJ']) }).optional(),
})

/**
 * The buyer's contact on a cart (spec section 3, "Cart": `contactInfo.address` with its geocode), given in
 * `cartInfo.contactInfo` of the cart's update call, as Wix's `updateCurrentCart` takes it. Estimates use
 * its address when they are given no shipping address, and checkouts take it (address and details) as
 * their recipient's and payer's default.
 */
export const ContactInfoInput = z.object({
  address: AddressInput.omit({ vatId: true }).optional(),
  contactDetails: ContactDetailsInput.optional(),
})

/** A cart's contact as stored (`carts.contact_info`) and answered. */
export type ContactInfo = z.output<typeof ContactInfoInput>

/** The cart's `contactInfo` on the wire: as given, absent until given. */
export const ContactInfoSchema = z.object({
  address: WireAddressSchema.optional(),
  contactDetails: WireContactDetailsSchema.optional(),
})
