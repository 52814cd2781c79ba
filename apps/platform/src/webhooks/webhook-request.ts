import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isAllowedEndpointUrl } from './endpoint-url.ts'
import { addressKind } from './outbound-address.ts'

/** How host names are resolved: `dns.lookup`'s signature with `all: true` (tests inject their own). */
export type ResolveHost = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

/** Resolves with the system's resolver, every address of the name. */
export const systemResolveHost: ResolveHost = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, callback)

/** Thrown for a receiver the platform may not reach: the URL, or an address its name resolves to. */
export class OutboundAddressRefused extends Error {
  override name = 'OutboundAddressRefused'
}

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
 * A `lookup` for the connection that resolves the host once, refuses it when any of its addresses is
 * not allowed, and hands the checked addresses to the socket: the address checked is the address
 * connected to, so a second answer from DNS (rebinding) is never asked for.
 */
function checkedLookup(resolve: ResolveHost, allowLocal: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0)
      const refused = addresses.find((entry) => {
        const kind = addressKind(entry.address)
        return kind === 'link-local' || (kind === 'local' && !allowLocal)
      })
      if (refused || addresses.length === 0) {
        const reason = refused
          ? `${hostname} resolves to ${refused.address}, a loopback, private or reserved address`
          : `${hostname} resolves to no address`
        return callback(Object.assign(new OutboundAddressRefused(reason), { code: 'EREFUSED' }), '', 0)
      }
      const wanted = addresses.filter((entry) => !options.family || entry.family === options.family)
      if (wanted.length === 0)
        return callback(new OutboundAddressRefused(`${hostname}: no address of that family`), '', 0)
      if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, wanted)
      callback(null, wanted[0]!.address, wanted[0]!.family)
    })
  }
}

/**
 * POSTs a webhook to its receiver, connecting only to an allowed address: the URL is judged again (it
 * may have been saved under older rules), an IP host by itself, a name by every address it resolves to
 * at connection time. Redirects are not followed (a redirect is the receiver's answer, a failure).
 *
 * @throws OutboundAddressRefused for a receiver the platform may not reach; network errors as they come.
 */
export function postWebhook(request: WebhookRequest): Promise<WebhookAnswer> {
  const url = new URL(request.url)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!isAllowedEndpointUrl(request.url, { localDevelopment: request.allowLocal }))
    return Promise.reject(new OutboundAddressRefused(`${url.host} is not an allowed receiver`))
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const outgoing = send(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      // An IP host connects without a lookup, and was judged above; a name goes through the check.
      lookup: isIP(host) ? undefined : checkedLookup(request.resolve, request.allowLocal),
      agent: false,
    })
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${request.timeoutMs} ms`)
      error.name = 'TimeoutError'
      outgoing.destroy(error)
    }, request.timeoutMs)
    outgoing.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    outgoing.on('response', (response: IncomingMessage) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        // Enough kept: the rest of the answer is not read.
        if (text.length >= request.excerptChars) response.destroy()
      })
      const done = () => {
        clearTimeout(timer)
        resolve({ status: response.statusCode ?? 0, body: text.slice(0, request.excerptChars) })
      }
      response.on('end', done)
      response.on('close', done)
      response.on('error', done)
    })
    outgoing.end(request.body)
  })
}
