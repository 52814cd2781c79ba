/** The RuleType enumeration of the spec: which rule a field violation broke. */
export type RuleType =
  | 'VALIDATION'
  | 'OTHER'
  | 'MAX'
  | 'MIN'
  | 'MAX_LENGTH'
  | 'MIN_LENGTH'
  | 'MAX_SIZE'
  | 'MIN_SIZE'
  | 'FORMAT'
  | 'DECIMAL_LTE'
  | 'DECIMAL_GTE'
  | 'DECIMAL_LT'
  | 'DECIMAL_GT'
  | 'DECIMAL_MAX_SCALE'
  | 'INVALID_ENUM_VALUE'
  | 'REQUIRED_FIELD'
  | 'FIELD_NOT_ALLOWED'
  | 'ONE_OF_ALIGNMENT'

export interface FieldViolation {
  field: string
  description: string
  violatedRule: RuleType
  data?: Record<string, unknown>
}

/** Stable application error codes and the HTTP status each one answers with: the one table. */
export const applicationErrorStatus = {
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  TOO_MANY_REQUESTS: 429,
  FORBIDDEN: 403,
  PRODUCT_NOT_FOUND: 404,
  COLLECTION_NOT_FOUND: 404,
  MEDIA_NOT_FOUND: 404,
  MEDIA_STORAGE_UNAVAILABLE: 503,
  /** A `Range` wholly past a media file's end; `Content-Range` tells the size (decision 052). */
  RANGE_NOT_SATISFIABLE: 416,
  DATABASE_UNAVAILABLE: 503,
  OWNED_CART_NOT_FOUND: 404,
  CART_NOT_FOUND: 404,
  CUSTOM_LINE_ITEMS_FORBIDDEN: 403,
  /** A visitor or member sent merchant discounts: the merchant sets them on the cart by its id (decision 044). */
  MERCHANT_DISCOUNTS_FORBIDDEN: 403,
  CART_LINE_ITEM_LIMIT: 409,
  VARIANT_NOT_FOUND: 404,
  SLUG_TAKEN: 409,
  BULK_OPERATION_NOT_FOUND: 404,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  COUPON_NOT_FOUND: 404,
  COUPON_NOT_APPLICABLE: 400,
  LINE_ITEM_NOT_FOUND: 404,
  CART_NOT_PURCHASABLE: 409,
  /** A chosen membership is not the buyer's, does not cover a line it names, or lacks sessions (decision 051). */
  MEMBERSHIP_NOT_APPLICABLE: 400,
  PLAN_PURCHASE_NOT_FOUND: 404,
  /** The member bought the plan as many times as it may be bought per member (decision 051). */
  PLAN_PURCHASE_LIMIT_REACHED: 409,
  SERVICE_NOT_FOUND: 404,
  SLOT_NOT_AVAILABLE: 409,
  /** More participants than one booking of the service may have: a class's places, an appointment's one. */
  TOO_MANY_PARTICIPANTS: 400,
  /** The service does not take that way of paying (decision 085). */
  PAYMENT_OPTION_NOT_OFFERED: 400,
  /** Events and tickets (decision 070): no published event, or no ticket type of it, has the id. */
  EVENT_NOT_FOUND: 404,
  TICKET_TYPE_NOT_FOUND: 404,
  /** Registration is not open (not yet, closed, the event cancelled or over), or a ticket type is not on sale. */
  REGISTRATION_CLOSED: 409,
  /** Fewer tickets are left than asked for (the type's quantity or the event's capacity). */
  TICKETS_SOLD_OUT: 409,
  /** More tickets of a type than one order may have. */
  TICKET_LIMIT_EXCEEDED: 400,
  RESERVATION_NOT_FOUND: 404,
  /** The reservation's hold lapsed (its tickets went back on sale) or it was paid already. */
  RESERVATION_NOT_OPEN: 409,
  TICKET_NOT_FOUND: 404,
  /** The merchant's side of events (decision 075): a refunded ticket, or one of a cancelled event, passes no door. */
  TICKET_CANCELLED: 409,
  /** A cancelled event is changed no more; a draft is published only with a ticket type. */
  EVENT_NOT_EDITABLE: 409,
  /** A ticket type some ticket was reserved of stays (its tickets name it). */
  TICKET_TYPE_IN_USE: 409,
  BOOKING_NOT_FOUND: 404,
  /** The service's policy allows the shopper to cancel only until a time before the start (decision 069). */
  BOOKING_CANCEL_TOO_LATE: 409,
  BOOKING_RESCHEDULE_TOO_LATE: 409,
  /** A cancelled booking cannot be moved or marked attended (decision 074). */
  BOOKING_NOT_CONFIRMED: 409,
  /** Whether the customer came can be said only once the booking has started (decision 074). */
  BOOKING_NOT_STARTED: 409,
  BULK_OPERATION_UNDONE: 409,
  ORDER_NOT_FOUND: 404,
  CHECKOUT_NOT_FOUND: 404,
  PAYMENT_NOTIFICATION_REFUSED: 400,
  PAYMENT_NOT_REFUNDABLE: 409,
  REFUND_EXCEEDS_PAYMENT: 409,
  REFUND_FAILED: 502,
  /** A payment provider (Stripe) did not answer: nothing is known to have happened; the same request may be sent again. */
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  /** The order desk: an action the order's state refuses (decision 034), or a refund the provider refused. */
  ORDER_CANCELED: 409,
  ORDER_ALREADY_FULFILLED: 409,
  ORDER_ALREADY_SHIPPED: 409,
  ORDER_ALREADY_PAID: 409,
  ORDER_REFUNDED: 409,
  ORDER_NOT_PAID: 409,
  ORDER_FULLY_REFUNDED: 409,
  REFUND_NOT_SUPPORTED: 409,
  REFUND_DECLINED: 409,
  NOT_READY: 503,
  BAD_REQUEST: 400,
  REQUEST_TIMEOUT: 408,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  // The identity calls: the numeric codes of spec section 8 (as strings, like every code), then words of
  // ours. None is 401: the SDK renews its token and replays a call that answers 401, and a wrong
  // password is no expired token.
  /** Registration: the e-mail already has an account on the site. */
  '-19995': 409,
  /** Login: wrong e-mail or password (one answer for both). */
  '-19976': 400,
  /** Login: the member must reset the password first. */
  '-19973': 400,
  /** A captcha answer is required. */
  '-19971': 400,
  /** The captcha answer is invalid. */
  '-19970': 400,
  // Beside the spec's numeric codes, the identity calls it names without codes answer stable words.
  /** The state token is unknown, expired, finished, or of another client: the member signs in again. */
  STATE_TOKEN_INVALID: 400,
  /** The e-mail verification code is not the one sent. */
  VERIFICATION_CODE_INVALID: 400,
  /** The code's 15 minutes are over: a resend gives a new one. */
  VERIFICATION_CODE_EXPIRED: 400,
  /** Five codes were tried in this flow: it is over, the member signs in again for a new one. */
  VERIFICATION_ATTEMPTS_EXHAUSTED: 400,
  /** The flow sent as many codes as it may. */
  VERIFICATION_RESEND_LIMIT: 400,
  /** The e-mail is verified already. */
  EMAIL_ALREADY_VERIFIED: 409,
  /** The recovery or activation link is unknown, expired or used. */
  RECOVERY_TOKEN_INVALID: 400,
  /** No member of the caller's site has this id. */
  MEMBER_NOT_FOUND: 404,
  /** The member is not in a status the change applies to (approving an active member). */
  MEMBER_STATUS_CONFLICT: 409,
  /** The profile changed since the revision the edit was made on: read it again. */
  IDENTITY_REVISION_CONFLICT: 409,
  /** No identity-provider connection of the caller's site has this id (or it is disabled). */
  IDP_CONNECTION_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  /** No OAuth client of the site has this id. */
  OAUTH_CLIENT_NOT_FOUND: 404,
  CART_AMOUNT_TOO_LARGE: 400,
  /** The identity provider's token is not one the connection trusts (signature, issuer, audience, age, reuse). */
  ID_TOKEN_INVALID: 400,
  /** Digital products (decision 047): a download link that is not the platform's, or altered. */
  DOWNLOAD_LINK_INVALID: 403,
  /** A download link past its expiry: the order page or the mail's page gives a fresh one. */
  DOWNLOAD_LINK_EXPIRED: 410,
  /** The order gives no downloads (not paid, canceled, refunded in full), or not this file. */
  DOWNLOAD_NOT_ALLOWED: 403,
  /** The order line that bought the file was refunded (decision 055): its links are gone for good. */
  DOWNLOAD_REFUNDED: 410,
  SECURE_FILE_NOT_FOUND: 404,
  /** A secure file of a content type that is no picture, video, document, music or archive. */
  SECURE_FILE_TYPE_NOT_ACCEPTED: 415,
  /** Secure files belong to digital products (`productType: digital`). */
  PRODUCT_NOT_DIGITAL: 409,
} as const

export type ApplicationErrorCode = keyof typeof applicationErrorStatus

/** Any error the platform answers on purpose; `toBody` gives its wire form. */
export abstract class ApiError extends Error {
  abstract readonly status: number
  abstract toBody(): unknown
}

/** A request whose fields break their rules: `400` with the field violations. */
export class ValidationError extends ApiError {
  override name = 'ValidationError'
  readonly status = 400
  readonly fieldViolations: FieldViolation[]
  constructor(fieldViolations: FieldViolation[], options?: ErrorOptions) {
    const sorted = [...fieldViolations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0))
    super(`INVALID_ARGUMENT: ${sorted.map((v) => `${v.field} ${v.description}`).join(', ')}`, options)
    this.fieldViolations = sorted
  }
  toBody() {
    return { message: this.message, details: { validationError: { fieldViolations: this.fieldViolations } } }
  }
}

/** A well-formed request the platform refuses, with a stable `code`. */
export class ApplicationError extends ApiError {
  override name = 'ApplicationError'
  readonly status: number
  readonly code: ApplicationErrorCode
  readonly description: string
  readonly data: Record<string, unknown>
  constructor(
    code: ApplicationErrorCode,
    description: string,
    data: Record<string, unknown> = {},
    options?: ErrorOptions,
  ) {
    super(description, options)
    this.code = code
    this.description = description
    this.data = data
    this.status = applicationErrorStatus[code]
  }
  toBody() {
    return {
      message: this.description,
      details: { applicationError: { description: this.description, code: this.code, data: this.data } },
    }
  }
}

/** Shorthand for a single field violation. */
export function invalidField(field: string, description: string, violatedRule: RuleType = 'VALIDATION') {
  return new ValidationError([{ field, description, violatedRule }])
}

/** The spec's 429 error for a request over a limit, saying when to try again (the app sets `Retry-After` from it). */
export function tooManyRequests(retryAfterSeconds: number): ApplicationError {
  return new ApplicationError(
    'TOO_MANY_REQUESTS',
    `Too many requests: try again in ${retryAfterSeconds} seconds`,
    {
      retryAfterSeconds,
    },
  )
}
