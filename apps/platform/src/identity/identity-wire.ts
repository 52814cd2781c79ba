import { z } from 'zod'
import { type IdentityProfile, IdentityProfileInput, text } from './identity-profile.ts'
import type { MemberRow } from './members/member-store.ts'

export { type IdentityProfile, IdentityProfileInput }

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
  identityProfile: IdentityProfileInput,
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
