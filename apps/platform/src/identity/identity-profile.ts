import { z } from 'zod'
import { NON_FINITE_SPELLINGS, wireNumber } from '../http/wire-number.ts'

/** A bounded string. */
export const text = (max = 200) => z.string().max(max)

/** A custom field's value as parsed: non-finite numbers stay the strings they travel as. */
export interface CustomValue {
  strValue?: string | undefined
  numValue?: number | 'NaN' | 'Infinity' | '-Infinity' | undefined
  dateValue?: string | undefined
  listValue?: { value?: CustomValue[] | undefined } | undefined
  mapValue?: { value?: Record<string, CustomValue> | undefined } | undefined
}

/** A custom field's value: one typed form, nested lists and maps at most three levels deep. */
function customValue(depth: number): z.ZodType<CustomValue> {
  const scalar = {
    strValue: text(2_000).optional(),
    // The one number field whose domain holds non-finite numbers: they travel and are kept in their
    // wire spellings (a jsonb cannot hold NaN), which the SDK reads back as numbers.
    numValue: z.union([z.number(), z.enum(NON_FINITE_SPELLINGS)]).optional(),
    dateValue: z.iso.datetime({ offset: true }).optional(),
  }
  if (depth === 0) return z.object(scalar)
  const inner = customValue(depth - 1)
  return z.object({
    ...scalar,
    listValue: z.object({ value: z.array(inner).max(50).optional() }).optional(),
    mapValue: z.object({ value: z.record(text(100), inner).optional() }).optional(),
  })
}

const Address = z.object({
  country: text(2).optional(),
  subdivision: text(10).optional(),
  city: text().optional(),
  postalCode: text(30).optional(),
  addressLine: text().optional(),
  addressLine2: text().optional(),
  formattedAddress: text(500).optional(),
  streetAddress: z
    .object({ name: text().optional(), number: text(30).optional(), apt: text(30).optional() })
    .optional(),
  geocode: z
    .object({
      latitude: wireNumber(z.number().min(-90).max(90)),
      longitude: wireNumber(z.number().min(-180).max(180)),
    })
    .optional(),
})

/** A member's profile (spec section 3, "Identity"), as registration and the member may send it. */
export const IdentityProfileInput = z.object({
  firstName: text().optional(),
  lastName: text().optional(),
  nickname: text().optional(),
  picture: z
    .url({ protocol: /^https$/ })
    .max(2_000)
    .optional(),
  language: text(20).optional(),
  privacyStatus: z.enum(['UNDEFINED', 'PUBLIC', 'PRIVATE']).optional(),
  emails: z
    .array(
      z.object({ email: text(254).optional(), tag: z.enum(['UNTAGGED', 'MAIN', 'HOME', 'WORK']).optional() }),
    )
    .max(10)
    .optional(),
  phones: z
    .array(
      z.object({
        phone: text(30).optional(),
        countryCode: text(5).optional(),
        tag: z.enum(['UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX']).optional(),
      }),
    )
    .max(10)
    .optional(),
  addresses: z
    .array(
      z.object({
        /** Kept across edits of the profile; a new address gets one. */
        id: z.guid().optional(),
        tag: z.enum(['UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING']).optional(),
        address: Address.optional(),
      }),
    )
    .max(10)
    .optional(),
  birthdate: z.iso.date().optional(),
  position: text().optional(),
  labels: z.array(text(100)).max(50).optional(),
  customFields: z
    .array(z.object({ name: text(100), value: customValue(3).optional() }))
    .max(50)
    .optional(),
})

export type IdentityProfile = z.output<typeof IdentityProfileInput>
