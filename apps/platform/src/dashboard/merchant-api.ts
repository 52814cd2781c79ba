import type { Hono } from 'hono'
import type { AppEnv } from '../http/api.ts'
import type { MerchantCaller } from '../http/caller.ts'
import {
  ApplicationError,
  type ApplicationErrorCode,
  applicationErrorStatus,
  type FieldViolation,
  ValidationError,
} from '../http/errors.ts'
import { IN_PROCESS_CALLER } from '../oauth/authenticate.ts'

/** The merchant JSON API, called in process for a signed-in site owner. */
export interface MerchantApi {
  /** Calls a route and returns its JSON answer. @throws the route's `ValidationError` or `ApplicationError`. */
  call<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T>
  /** Uploads a file to `POST /stores/v1/media` and returns the answer's `media`. */
  upload(bytes: Uint8Array<ArrayBuffer>, fileName: string): Promise<{ id: string; image: { url: string } }>
}

// Never on the network: in-process requests need some origin to be a URL.
const IN_PROCESS_ORIGIN = 'http://in-process.aisle'

/**
 * The JSON API as the dashboard uses it: the same routes, validation, transactions and events a merchant
 * API key gets, with the site owner as the caller (their events name the site user). Errors come back as
 * the same error classes the route threw, so forms can show the field violations.
 */
export function createMerchantApi(
  hono: Hono<AppEnv>,
  caller: MerchantCaller,
  requestId: string,
): MerchantApi {
  const env = { [IN_PROCESS_CALLER]: caller }

  async function send<T>(path: string, init: RequestInit): Promise<T> {
    const response = await hono.request(`${IN_PROCESS_ORIGIN}${path}`, init, env)
    const json = (await response.json()) as Record<string, unknown>
    if (response.ok) return json as T
    throw toError(response.status, json)
  }

  return {
    call(method, path, body) {
      const headers: Record<string, string> = { 'x-request-id': requestId }
      if (body !== undefined) headers['content-type'] = 'application/json'
      return send(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    },
    async upload(bytes, fileName) {
      const answer = await send<{ media: { id: string; image: { url: string } } }>('/stores/v1/media', {
        method: 'POST',
        headers: {
          'x-request-id': requestId,
          'x-file-name': fileName,
          'content-type': 'application/octet-stream',
        },
        body: bytes,
      })
      return answer.media
    },
  }
}

/** Rebuilds the error a route answered with from its wire body. */
function toError(status: number, body: Record<string, unknown>): Error {
  const details = (body.details ?? {}) as {
    validationError?: { fieldViolations: FieldViolation[] }
    applicationError?: { code: string; description: string; data: Record<string, unknown> }
  }
  if (details.validationError) return new ValidationError(details.validationError.fieldViolations)
  const known = details.applicationError
  if (known && Object.hasOwn(applicationErrorStatus, known.code))
    return new ApplicationError(known.code as ApplicationErrorCode, known.description, known.data)
  return new Error(`The merchant API answered ${status}: ${String(body.message ?? '')}`)
}
