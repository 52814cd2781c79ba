import { z } from 'zod'
import type { MemberRow } from './member-store.ts'

const text = (max = 200) => z.string().max(max)

/** A custom field's value: one typed form, nested lists and maps at most three levels deep. */
function customValue(depth: number): z.ZodType {
  const scalar = {
    strValue: text(2_000).optional(),
    // Non-finite numbers travel as these strings (docs/architecture.md, "The wire contract").
    numValue: z.union([z.number(), z.enum(['NaN', 'Infinity', '-Infinity'])]).optional(),
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
    .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
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

/** Captcha answers of a registration or login: `Recaptcha` the visible one's, `InvisibleRecaptcha` the other's. */
export const CaptchaTokens = z
  .array(z.object({ Recaptcha: text(4_000).optional(), InvisibleRecaptcha: text(4_000).optional() }))
  .max(2)

// The e-mail is checked by the handler, whose violation carries `ruleName: 'EMAIL'` (spec section 5).
const LoginId = z.object({ email: z.string().max(1_000) })

/** `POST /identity/v2/register` (spec section 3, "Registration payload"). */
export const RegisterV2Body = z.object({
  loginId: LoginId,
  password: z.string().max(4_096),
  profile: IdentityProfileInput.optional(),
  captchaTokens: CaptchaTokens.optional(),
  clientMetaData: z.record(text(100), text(1_000)).optional(),
})

/** `POST /identity/v2/login`. */
export const LoginV2Body = z.object({
  loginId: LoginId,
  password: z.string().max(4_096),
  captchaTokens: CaptchaTokens.optional(),
})

/** The server auth states of spec section 4. */
export type AuthState = 'SUCCESS' | 'REQUIRE_OWNER_APPROVAL' | 'REQUIRE_EMAIL_VERIFICATION' | 'STATUS_CHECK'

export const IdentitySchema = z.object({
  id: z.uuid(),
  revision: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
  email: z.object({ address: z.string(), isVerified: z.boolean() }),
  status: z.object({
    name: z.enum(['UNKNOWN_STATUS', 'PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE']),
    reasons: z.array(z.enum(['PENDING_ADMIN_APPROVAL_REQUIRED', 'PENDING_EMAIL_VERIFICATION_REQUIRED'])),
  }),
  identityProfile: z.record(z.string(), z.unknown()),
})

/** The answer of v2 register and login (docs/architecture.md, "Planned wire"). */
export const AuthenticationResponse = z.object({
  identity: IdentitySchema,
  state: z.enum(['SUCCESS', 'REQUIRE_OWNER_APPROVAL', 'REQUIRE_EMAIL_VERIFICATION', 'STATUS_CHECK']),
  sessionToken: z.string().optional(),
  stateToken: z.string().optional(),
  additionalData: z.record(z.string(), z.unknown()),
})

export type Identity = z.output<typeof IdentitySchema>

/** A member as the wire shows it: the spec's identity. */
export function toWireIdentity(member: MemberRow): Identity {
  return {
    id: member.id,
    revision: String(new Date(member.updated_date).getTime()),
    createdDate: new Date(member.created_date).toISOString(),
    updatedDate: new Date(member.updated_date).toISOString(),
    email: { address: member.login_email, isVerified: member.email_verified },
    status: { name: member.status, reasons: member.pending_reason ? [member.pending_reason] : [] },
    identityProfile: member.profile,
  }
}
