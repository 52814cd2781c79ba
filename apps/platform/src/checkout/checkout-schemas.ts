import { z } from 'zod'
import { AddressInput } from '../carts/address-input.ts'
import { CartSchema } from '../carts/cart-schemas.ts'
import { ContactDetailsInput } from '../carts/contact-info.ts'
import { WireTotalsSchema } from './totals-wire.ts'

const channelTypes = [
  'UNSPECIFIED',
  'WEB',
  'POS',
  'OTHER_PLATFORM',
  'BACKOFFICE_MERCHANT',
  'AISLE_APP_STORE',
  'AISLE_INVOICES',
  'EBAY',
  'AMAZON',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'TIKTOK',
  'ETSY',
  'FAIRE_COM',
] as const

const ShippingChoice = z.object({ code: z.string().min(1).max(50), carrierId: z.string().max(50).optional() })

/**
 * The buyer's choice of which held membership pays which lines (`membershipOptions.eligibleMemberships`
 * names what may be chosen); `memberships: []` pays every line with money (decision 051).
 */
export const SelectedMembershipsInput = z.object({
  memberships: z
    .array(
      z.object({
        id: z.string().max(100),
        appId: z.string().max(100),
        lineItemIds: z.array(z.guid()).max(300),
      }),
    )
    .max(50),
})

/** `POST /ecom/v1/carts/current/estimate-totals` (and GraphQL's `estimateCurrentCartTotals`). */
export const EstimateBody = z.object({
  selectedShippingOption: ShippingChoice.optional(),
  shippingAddress: AddressInput.optional(),
  billingAddress: AddressInput.optional(),
  selectedMemberships: SelectedMembershipsInput.optional(),
})

export type EstimateInput = z.output<typeof EstimateBody>

/** The answer of an estimate: the cart as it is and what it would cost. */
export const CartEstimateSchema = z.object({ cart: CartSchema, ...WireTotalsSchema.shape })

/** `POST /ecom/v1/carts/current/create-checkout`. */
export const CreateCheckoutBody = z.object({
  channelType: z.enum(channelTypes).default('WEB'),
  shippingAddress: AddressInput.optional(),
  billingAddress: AddressInput.optional(),
  shippingContactDetails: ContactDetailsInput.optional().describe(
    "who receives the order (firstName, lastName, company, phone), beside `shippingAddress`; left out, the cart's `contactInfo.contactDetails` (decision 059)",
  ),
  billingContactDetails: ContactDetailsInput.optional().describe(
    'who pays, beside `billingAddress`; left out, the same as `shippingContactDetails`',
  ),
  selectedShippingOption: ShippingChoice.optional(),
  email: z.email().max(254).optional(),
  selectedMemberships: SelectedMembershipsInput.optional().describe(
    'which held memberships pay which lines, as chosen in the estimate: kept on the checkout and honoured when the order is placed; left out, no membership pays (decision 051)',
  ),
})

export type CreateCheckoutInput = z.output<typeof CreateCheckoutBody>
