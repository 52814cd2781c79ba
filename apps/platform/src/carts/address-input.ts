import { z } from 'zod'
import { wireNumber } from '../http/wire-number.ts'

const text = (max: number) => z.string().trim().max(max)

/** An address as the buyer gives it (the cart's contact, an estimate, a checkout, the hosted checkout form). */
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
