import { z } from 'zod'
import { CartSchema } from '../carts/cart-schemas.ts'
import { wireNumber } from '../http/wire-number.ts'
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

const text = (max: number) => z.string().trim().max(max)

/** An address as the buyer gives it (estimate, checkout, the hosted checkout form). */
export const AddressInput = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO-3166 alpha-2 code')
    .optional(),
  subdivision: text(10).optional(),
  city: text(100).optional(),
  postalCode: text(20).optional(),
  addressLine: text(200).optional(),
  addressLine2: text(200).optional(),
  streetAddress: z
    .object({ name: text(200).optional(), number: text(20).optional(), apt: text(20).optional() })
    .optional(),
  formattedAddress: text(500).optional(),
  geocode: z
    .object({
      latitude: wireNumber(z.number().min(-90).max(90)),
      longitude: wireNumber(z.number().min(-180).max(180)),
    })
    .optional(),
  vatId: z
    .object({ id: text(40), type: z.enum(['UNSPECIFIED', 'CPF', 'CNPJ']).default('UNSPECIFIED') })
    .optional(),
})

const ShippingChoice = z.object({ code: z.string().min(1).max(50), carrierId: z.string().max(50).optional() })

/** `POST /ecom/v1/carts/current/estimate-totals` (and GraphQL's `estimateCurrentCartTotals`). */
export const EstimateBody = z.object({
  selectedShippingOption: ShippingChoice.optional(),
  shippingAddress: AddressInput.optional(),
  billingAddress: AddressInput.optional(),
  selectedMemberships: z
    .object({
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
    .optional(),
})

export type EstimateInput = z.output<typeof EstimateBody>

/** The answer of an estimate: the cart as it is and what it would cost. */
export const CartEstimateSchema = z.object({ cart: CartSchema, ...WireTotalsSchema.shape })

/** `POST /ecom/v1/carts/current/create-checkout`. */
export const CreateCheckoutBody = z.object({
  channelType: z.enum(channelTypes).default('WEB'),
  shippingAddress: AddressInput.optional(),
  billingAddress: AddressInput.optional(),
  selectedShippingOption: ShippingChoice.optional(),
  email: z.email().max(254).optional(),
})

export type CreateCheckoutInput = z.output<typeof CreateCheckoutBody>
