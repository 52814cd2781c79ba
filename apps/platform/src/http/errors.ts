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
  DATABASE_UNAVAILABLE: 503,
  OWNED_CART_NOT_FOUND: 404,
  CART_NOT_FOUND: 404,
  CUSTOM_LINE_ITEMS_FORBIDDEN: 403,
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
  BULK_OPERATION_UNDONE: 409,
  ORDER_NOT_FOUND: 404,
  NOT_READY: 503,
  BAD_REQUEST: 400,
  REQUEST_TIMEOUT: 408,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
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
