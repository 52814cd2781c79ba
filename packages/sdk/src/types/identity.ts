import type { Address } from './address.js'
import type {
  AddressTag,
  EmailTag,
  PhoneTag,
  PrivacyStatus,
  TenantType,
  VerificationTarget,
} from './enumerations.js'

/** Status of an identity (spec section 4, "Identity status"). */
export type IdentityStatus = 'UNKNOWN_STATUS' | 'PENDING' | 'ACTIVE' | 'DELETED' | 'BLOCKED' | 'OFFLINE'

/** Why an identity is pending (spec section 4, "Pending reasons"). */
export type PendingReason =
  | 'UNKNOWN_REASON'
  | 'PENDING_ADMIN_APPROVAL_REQUIRED'
  | 'PENDING_EMAIL_VERIFICATION_REQUIRED'

/** The server's auth state of a register, login or verify answer (spec section 4, "Server auth state"). */
export type StateType =
  | 'SUCCESS'
  | 'REQUIRE_OWNER_APPROVAL'
  | 'REQUIRE_EMAIL_VERIFICATION'
  | 'STATUS_CHECK'
  | 'UNKNOWN_STATE'

/** The value of a custom profile field: one of its typed forms. */
export interface CustomValue {
  strValue?: string
  numValue?: number
  /** ISO-8601 date-time. */
  dateValue?: string
  listValue?: { value?: CustomValue[] }
  mapValue?: { value?: Record<string, CustomValue> }
}

/** A custom field of a profile (spec section 3: value, dateValue, numValue, listValue, mapValue). */
export interface CustomField {
  name?: string
  value?: CustomValue
}

/** An address of a profile. */
export interface IdentityAddress {
  _id?: string
  tag?: AddressTag
  address?: Address
}

/** A member's profile. */
export interface IdentityProfile {
  firstName?: string
  lastName?: string
  nickname?: string
  picture?: string
  language?: string
  privacyStatus?: PrivacyStatus
  emails?: { email?: string; tag?: EmailTag }[]
  phones?: { phone?: string; countryCode?: string; tag?: PhoneTag }[]
  addresses?: IdentityAddress[]
  /** ISO-8601 date. */
  birthdate?: string
  position?: string
  labels?: string[]
  customFields?: CustomField[]
}

/** A member's identity (spec section 3, "Identity"). */
export interface Identity {
  _id?: string
  revision?: string
  _createdDate?: string
  _updatedDate?: string
  email?: { address?: string; isVerified?: boolean }
  status?: { name?: IdentityStatus; reasons?: PendingReason[] }
  identityProfile?: IdentityProfile
}

/** How a member identifies: an e-mail address (spec section 3, "Registration payload"). */
export interface LoginId {
  email: string
}

/** Captcha answers sent with a registration or login (`Recaptcha`: visible, `InvisibleRecaptcha`: invisible). */
export interface CaptchaToken {
  Recaptcha?: string
  InvisibleRecaptcha?: string
}

/** The captchas of a site (`GET /identity/v1/captcha-settings`): spec section 9's two site keys. */
export interface CaptchaSettings {
  /** Whether registration and login on the site need a captcha answer. */
  captchaRequired: boolean
  /** `recaptcha`, `hcaptcha`, `turnstile`, `test` (local) or `none`. */
  provider: string
  /** The invisible key (render it first) and the visible one (after `invalidCaptchaToken`). */
  siteKeys: { invisible: string; visible: string }
}

/** Answer of the v2 registration and login, and of the state-machine calls (spec section 7). */
export interface AuthenticationResponse {
  identity?: Identity
  /** Set when `state` is SUCCESS: exchange it for member tokens. */
  sessionToken?: string
  /** Set when a further step is needed (e-mail verification): pass it to that step. */
  stateToken?: string
  state?: StateType
  additionalData?: Record<string, unknown>
}

/** Body of `authentication.registerV2` (spec section 3, "Registration payload"). */
export interface RegisterV2Options {
  loginId: LoginId
  password: string
  profile?: IdentityProfile
  captchaTokens?: CaptchaToken[]
  clientMetaData?: Record<string, string>
}

/** Body of `authentication.loginV2`. */
export interface LoginV2Options {
  loginId: LoginId
  password: string
  captchaTokens?: CaptchaToken[]
}

/** A factor's inputs, by name (v1 register and login). */
export type AuthenticatorInputs = Record<string, string>

/** Body of `authentication.register` (v1). */
export interface RegisterOptions {
  identity?: Identity
  authenticatorId?: string
  inputs?: AuthenticatorInputs
  captchaTokens?: CaptchaToken[]
}

/** Body of `authentication.login` (v1). */
export interface LoginOptions {
  identifier?: { email?: string }
  authenticatorId?: string
  inputs?: AuthenticatorInputs
  captchaTokens?: CaptchaToken[]
  loginId?: LoginId
}

/** Body of `authentication.loginWithIdpConnectionTokenParams`. */
export interface LoginWithIdpConnectionTokenParamsOptions {
  idpConnectionId: string
  tokenParams: Record<string, string>
}

/** Body of `authentication.signOn`. */
export interface SignOnOptions {
  loginId: LoginId
  profile?: IdentityProfile
  verifyEmail?: boolean
  mergeExistingContact?: boolean
}

/** Answer of `authentication.signOn`. */
export interface SignOnResponse {
  identity?: Identity
  sessionToken?: string
}

/** Query of `authentication.logoutUrl`: where to go after logout, and the OAuth client. */
export interface LogoutUrlOptions {
  postLogoutRedirectUri: string
  clientId: string
}

/** Body of `recovery.sendRecoveryEmail`. */
export interface SendRecoveryEmailOptions {
  email: string
  /** Language of the e-mail, e.g. `en`. */
  language?: string
  /** Where the recovery link leads, and for which OAuth client. */
  redirect?: { url: string; clientId: string }
}

/** Body of `recovery.sendActivationEmail`. */
export interface SendActivationEmailOptions {
  identityId: string
  emailOptions?: { language?: string; redirect?: { url: string; clientId: string } }
}

/** Body of `recovery.recover`. */
export interface RecoverOptions {
  recoveryToken: string
  password: string
}

/** Body of `verification.start`. */
export interface StartVerificationOptions {
  identityId: string
  target: VerificationTarget
}

/** Answer of `verification.start`. */
export interface StartVerificationResponse {
  verificationId?: string
}

/** Body of `verification.verifyDuringAuthentication`. */
export interface VerifyDuringAuthenticationOptions {
  code: string
  stateToken: string
}

/** A tenant an identity belongs to. */
export interface Tenant {
  tenantType?: TenantType
  _id?: string
}

/** Body of `members.updateMyMember`: the profile fields to replace, and the revision they were read at. */
export interface UpdateMyMemberOptions {
  identityProfile: IdentityProfile
  /** The identity's `revision` when it was read: a profile changed since is refused (409). */
  revision?: string
}
