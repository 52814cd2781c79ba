/** The request that failed, named on every error that comes from a call. */
export interface FailedRequest {
  /** HTTP method, e.g. `POST`. */
  method: string
  /** Full URL that was called, e.g. `http://127.0.0.1:4000/ecom/v1/carts/current/add-to-cart`. */
  url: string
}

/** A non-200 answer, already read: what `toAisleError` needs. */
export interface FailedAnswer {
  status: number
  statusText: string
  requestId: string | undefined
  /** The parsed JSON body, or `undefined` when it was empty or not JSON. */
  body: unknown
}

/** Everything an {@link AisleError} is built from. */
export interface AisleErrorOptions {
  /** Plain-text message, in the spec's wording (section 8). */
  message: string
  /** Stable string code: `INVALID_ARGUMENT`, an application code such as `OWNED_CART_NOT_FOUND`, or the status text in upper snake case. */
  code: string
  /** HTTP status of the answer; `undefined` when no answer arrived (network failure) or the error is local. */
  status?: number | undefined
  /** The `x-request-id` header of the answer, when there was one. */
  requestId?: string | undefined
  /** The server's `details` (`validationError` or `applicationError`), or `{}`. */
  details?: Record<string, unknown> | undefined
  /** Method and URL of the call, when the error comes from one. */
  request?: FailedRequest | undefined
  /** The underlying error (for example the `TypeError` of a dropped connection). */
  cause?: unknown
  /** Whether trying again later may succeed; by default derived from `status` (see {@link AisleError.retryable}). */
  retryable?: boolean | undefined
}

/**
 * The one error class of the SDK: every failed call rejects with it (spec section 8).
 *
 * Use {@link isAisleError} rather than `instanceof` to recognise it: the guard also works across realms
 * and duplicate copies of the SDK.
 *
 * @example
 * ```ts
 * try {
 *   await client.currentCart.getCurrentCart()
 * } catch (error) {
 *   if (isAisleError(error) && error.code === 'OWNED_CART_NOT_FOUND') return undefined
 *   throw error
 * }
 * ```
 */
export class AisleError extends Error {
  override readonly name = 'AisleError'
  /** Stable string code; see {@link AisleErrorOptions.code}. */
  declare readonly code: string
  /** HTTP status, or `undefined` when no answer arrived. */
  declare readonly status: number | undefined
  /** The `x-request-id` of the answer, when known. */
  declare readonly requestId: string | undefined
  /** The server's `details`, or `{}`. */
  declare readonly details: Record<string, unknown>
  /** Method and URL of the failed call, when the error comes from one. */
  declare readonly request: FailedRequest | undefined
  /**
   * Whether the same call may succeed later: no answer arrived (`NETWORK_ERROR`), or the status is 408,
   * 429 or 5xx. A member whose token refresh fails this way is still a member.
   */
  declare readonly retryable: boolean

  // The fields above are `declare`d so that they are not emitted as class fields: the constructor
  // sets each one (a smaller bundle, the same properties in the same order).

  /** Builds an error from its parts; the SDK does this for you. */
  constructor(options: AisleErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause })
    const { status } = options
    this.code = options.code
    this.status = status
    this.requestId = options.requestId
    this.details = options.details ?? {}
    this.request = options.request
    this.retryable =
      options.retryable ??
      (status === undefined
        ? options.code === 'NETWORK_ERROR'
        : status > 499 || status === 408 || status === 429)
  }
}

/** Builds the error of a bad argument, found before any call: code `INVALID_ARGUMENT`. */
export function invalidArgument(message: string): AisleError {
  return new AisleError({ code: 'INVALID_ARGUMENT', message })
}

/**
 * Tells whether `value` is an {@link AisleError}, also one from another realm (an iframe, a second copy
 * of the SDK in a bundle), by its name and shape.
 */
export function isAisleError(value: unknown): value is AisleError {
  if (value instanceof AisleError) return true
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<'name' | 'code' | 'message', unknown>>
  return (
    candidate.name === 'AisleError' &&
    typeof candidate.code === 'string' &&
    typeof candidate.message === 'string'
  )
}
