import { ApiError } from '../http/errors.ts'

export type WebhookErrorCode = 'WEBHOOK_ENDPOINT_NOT_FOUND' | 'WEBHOOK_DELIVERY_NOT_FOUND'

/** A webhook endpoint or delivery the site does not have: `404` with a stable code. */
export class WebhookNotFoundError extends ApiError {
  override name = 'WebhookNotFoundError'
  readonly status = 404
  readonly code: WebhookErrorCode
  readonly data: Record<string, unknown>
  constructor(code: WebhookErrorCode, description: string, data: Record<string, unknown> = {}) {
    super(description)
    this.code = code
    this.data = data
  }
  toBody() {
    return {
      message: this.message,
      details: { applicationError: { description: this.message, code: this.code, data: this.data } },
    }
  }
}
