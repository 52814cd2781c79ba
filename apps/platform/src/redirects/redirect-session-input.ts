import { z } from 'zod'
import { isTimeZone } from '../bookings/zoned-time.ts'
import {
  CALLBACK_TYPES,
  MEMBERS_ACCOUNT_SECTIONS,
  REDIRECT_KINDS,
  type RedirectKind,
} from './redirect-kinds.ts'

const url = z.string().min(1).max(2_000)
const Id = z.guid({ message: 'must be an id (UUID)' })
const PKCE_FORMAT = /^[A-Za-z0-9\-._~]{43,128}$/
const QUERY_NAME = /^[A-Za-z0-9_.~-]{1,100}$/

const AuthRequestInput = z.object({
  redirectUri: url.optional(),
  clientId: z.string().min(1).max(200),
  codeChallenge: z
    .string()
    .regex(PKCE_FORMAT, 'must be 43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_", "~" (RFC 7636 §4.2)'),
  codeChallengeMethod: z.literal('S256', { error: 'must be S256: "plain" is refused (RFC 9700 §2.1.1)' }),
  responseMode: z
    .enum(['query', 'fragment', 'web_message'], { error: 'must be "query", "fragment" or "web_message"' })
    .default('fragment'),
  responseType: z.literal('code', { error: 'must be "code"' }),
  scope: z.literal('offline_access').optional(),
  state: z.string().min(1).max(1_000),
  sessionToken: z.string().min(1).max(200).optional(),
})

/** A bookings slot as a booking site would describe it: kept as given, at most 10,000 characters of JSON. */
const SlotAvailability = z
  .record(z.string().max(100), z.unknown())
  .refine((slot) => JSON.stringify(slot).length <= 10_000, {
    message: 'must be at most 10,000 characters of JSON',
    params: { violatedRule: 'MAX_SIZE' },
  })

/** Each kind's own input. The kinds this platform does not sell are validated all the same. */
const kindInputs = {
  auth: z.object({
    authRequest: AuthRequestInput,
    prompt: z.enum(['login', 'none', 'consent', 'select_account']).default('login'),
  }),
  login: z.object({}),
  logout: z.object({ clientId: z.string().min(1).max(200) }),
  ecomCheckout: z.object({ checkoutId: Id }),
  storesProduct: z.object({ productSlug: z.string().trim().min(1).max(200) }),
  membersAccount: z.object({ section: z.enum(MEMBERS_ACCOUNT_SECTIONS).optional() }),
  bookingsCheckout: z.object({
    slotAvailability: SlotAvailability.optional(),
    timezone: z
      .string()
      .max(100)
      .refine(isTimeZone, {
        message: 'must be an IANA time zone, e.g. "Europe/Paris"',
        params: { violatedRule: 'FORMAT' },
      })
      .optional(),
  }),
  bookingsBook: z.object({ resourceId: Id.optional() }),
  eventsCheckout: z.object({ eventSlug: z.string().trim().min(1).max(200), reservationId: Id }),
  paidPlansCheckout: z.object({ planId: Id, checkoutData: z.string().max(2_000).optional() }),
} as const satisfies Record<RedirectKind, z.ZodType>

/** Where the hosted pages send the visitor back, by flow (spec Callbacks), and whose pages those are. */
export const CallbacksInput = z.object({
  postFlowUrl: url.optional(),
  thankYouPageUrl: url.optional(),
  cartPageUrl: url.optional(),
  planListUrl: url.optional(),
  loginUrl: url.optional(),
  bookingsServiceListUrl: url.optional(),
  callbackType: z.enum(CALLBACK_TYPES).optional(),
})

export type CallbacksInput = z.output<typeof CallbacksInput>

/** The callback fields that hold URLs, in the order they are checked. */
export const CALLBACK_URL_FIELDS = [
  'postFlowUrl',
  'thankYouPageUrl',
  'cartPageUrl',
  'planListUrl',
  'loginUrl',
  'bookingsServiceListUrl',
] as const satisfies readonly (keyof CallbacksInput)[]

export type CallbackUrlField = (typeof CALLBACK_URL_FIELDS)[number]

export const PreferencesInput = z.object({
  /** Whether the visitor returns to the callback URLs with their own query parameters (the default) or without. */
  maintainQueryParams: z.boolean().optional(),
  /** Added to the hosted page's URL; `session` is the platform's own. */
  additionalQueryParameters: z
    .record(
      z.string().regex(QUERY_NAME, 'must be 1 to 100 characters of A-Z, a-z, 0-9, "_", ".", "~", "-"'),
      z.string().max(1_000),
    )
    .refine((parameters) => Object.keys(parameters).length <= 20, {
      message: 'must hold at most 20 parameters',
      params: { violatedRule: 'MAX_SIZE' },
    })
    .refine((parameters) => !Object.hasOwn(parameters, 'session'), {
      message: 'must not name "session": the hosted page reads its session token there',
      params: { violatedRule: 'FIELD_NOT_ALLOWED' },
    })
    .optional(),
  membersAccountSection: z.enum(MEMBERS_ACCOUNT_SECTIONS).optional(),
})

export type PreferencesInput = z.output<typeof PreferencesInput>

/** `POST /redirects/v1/redirect-session`: exactly one kind, plus callbacks and preferences. */
export const RedirectSessionBody = z
  .object({
    auth: kindInputs.auth.optional(),
    login: kindInputs.login.optional(),
    logout: kindInputs.logout.optional(),
    ecomCheckout: kindInputs.ecomCheckout.optional(),
    storesProduct: kindInputs.storesProduct.optional(),
    membersAccount: kindInputs.membersAccount.optional(),
    bookingsCheckout: kindInputs.bookingsCheckout.optional(),
    bookingsBook: kindInputs.bookingsBook.optional(),
    eventsCheckout: kindInputs.eventsCheckout.optional(),
    paidPlansCheckout: kindInputs.paidPlansCheckout.optional(),
    callbacks: CallbacksInput.default({}),
    preferences: PreferencesInput.default({}),
  })
  .superRefine((body, context) => {
    const given = REDIRECT_KINDS.filter((kind) => body[kind] !== undefined)
    if (given.length !== 1)
      context.addIssue({
        code: 'custom',
        path: [],
        message: `must hold exactly one of ${REDIRECT_KINDS.join(', ')} (got ${given.length === 0 ? 'none' : given.join(' and ')})`,
        params: { violatedRule: 'ONE_OF_ALIGNMENT' },
      })
  })

export type RedirectSessionInput = z.output<typeof RedirectSessionBody>

/** The input of one kind, as validated. */
export type KindInput<K extends RedirectKind> = z.output<(typeof kindInputs)[K]>

/** The one kind a validated body holds. */
export function kindOf(body: RedirectSessionInput): RedirectKind {
  const kind = REDIRECT_KINDS.find((name) => body[name] !== undefined)
  if (!kind) throw new Error('a validated redirect session body holds one kind')
  return kind
}
