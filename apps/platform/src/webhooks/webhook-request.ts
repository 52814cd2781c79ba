import { type ResolveHost, sendOutboundRequest } from '../http/outbound-request.ts'

/** A delivery's answer: the status and the first characters of the body. */
export interface WebhookAnswer {
  status: number
  body: string
}

export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  body: string
  timeoutMs: number
  /** Whether the site may reach loopback and private addresses (local development mode, where allowed). */
  allowLocal: boolean
  resolve: ResolveHost
  /** How many characters of the answer to keep. */
  excerptChars: number
}

/**
 * POSTs a webhook to its receiver through {@link sendOutboundRequest}: only to an allowed address,
 * judged by the URL and again by every address the name resolves to when it connects; redirects are
 * not followed (a redirect is the receiver's answer, a failure).
 *
 * @throws OutboundAddressRefused for a receiver the platform may not reach; network errors as they come.
 */
export async function postWebhook(request: WebhookRequest): Promise<WebhookAnswer> {
  const answer = await sendOutboundRequest({
    method: 'POST',
    url: request.url,
    headers: request.headers,
    body: request.body,
    timeoutMs: request.timeoutMs,
    allowLocal: request.allowLocal,
    resolve: request.resolve,
    maxChars: request.excerptChars,
  })
  return { status: answer.status, body: answer.body }
}
