import type { CallbackType, LocationType, MembersAccountSection, Prompt } from './enumerations.js'

/** An authorization request of a redirect session: the PKCE login of spec section 7. */
export interface AuthRequest {
  redirectUri?: string
  clientId: string
  codeChallenge: string
  codeChallengeMethod: 'S256'
  /** How the code comes back: `fragment` (default), `query` or `web_message` (silent login). */
  responseMode: 'fragment' | 'query' | 'web_message'
  responseType: 'code'
  scope: 'offline_access'
  state: string
  /** A session token from a direct login, turned into a code without a login page. */
  sessionToken?: string
}

/** Where the platform sends the visitor back, by flow. */
export interface RedirectCallbacks {
  /** Where to go after the hosted flow, e.g. after logout. */
  postFlowUrl?: string
  thankYouPageUrl?: string
  cartPageUrl?: string
  planListUrl?: string
  loginUrl?: string
  bookingsServiceListUrl?: string
  callbackType?: CallbackType
}

/** How the hosted pages behave. */
export interface RedirectPreferences {
  /** Keep the query parameters of the caller's URL on the way back. */
  maintainQueryParams?: boolean
  additionalQueryParameters?: Record<string, string>
  membersAccountSection?: MembersAccountSection
}

/**
 * What a redirect session leads to (spec section 3, "Redirect session input"): one of the flows, plus
 * callbacks and preferences.
 */
export interface RedirectSessionInput {
  bookingsCheckout?: { slotAvailability?: Record<string, unknown>; timezone?: string }
  ecomCheckout?: { checkoutId: string }
  eventsCheckout?: { eventSlug: string; reservationId: string }
  paidPlansCheckout?: { planId: string; checkoutData?: string }
  login?: Record<string, never>
  logout?: { clientId: string }
  /** The PKCE login page; `prompt` defaults to `login`. */
  auth?: { authRequest: AuthRequest; prompt?: Prompt }
  storesProduct?: { productSlug: string }
  /** The member's account pages, opened at `section` (ACCOUNT_INFO by default). */
  membersAccount?: { section?: MembersAccountSection }
  bookingsBook?: { resourceId?: string }
  callbacks?: RedirectCallbacks
  preferences?: RedirectPreferences
}

/** A redirect session: the hosted page's URL and how it was built. */
export interface RedirectSession {
  _id?: string
  /** The URL to send the visitor to. */
  fullUrl?: string
  urlDetails?: { endpoint?: string; searchParams?: Record<string, string>; locationType?: LocationType }
  /** A token the hosted page uses to recognise the session. */
  sessionToken?: string
  locationType?: LocationType
}

/** Answer of `redirects.createRedirectSession`. */
export interface CreateRedirectSessionResponse {
  redirectSession?: RedirectSession
}
