import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { addressKind, isLocalHostName } from './outbound-address.ts'

/** How host names are resolved: `dns.lookup`'s signature with `all: true` (tests inject their own). */
export type ResolveHost = (
  hostname: string,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

/** Resolves with the system's resolver, every address of the name. */
export const systemResolveHost: ResolveHost = (hostname, callback) =>
  dnsLookup(hostname, { all: true, verbatim: true }, callback)

/** Thrown for a URL the platform may not reach: the URL itself, or an address its name resolves to. */
export class OutboundAddressRefused extends Error {
  override name = 'OutboundAddressRefused'
}

/**
 * Whether the platform may send a request to a URL of a site's choosing (a webhook receiver, an identity
 * provider's keys): `https` to a public host; never credentials in the URL. A site in local development
 * mode may also use hosts on loopback or private addresses, over `http` too (local receivers and tests);
 * no other site may, so a site cannot aim the platform at its own network. An IP address is judged in
 * every form (IPv4-mapped, IPv4-compatible, NAT64, 6to4); a name is judged here by what can be told
 * without DNS, and again by its addresses when {@link sendOutboundRequest} connects.
 */
export function isAllowedOutboundUrl(value: string, site: { localDevelopment: boolean }): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  if (url.username || url.password) return false
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const kind = isIP(host) === 0 ? (isLocalHostName(host) ? 'local' : 'public') : addressKind(host)
  // Cloud metadata lives on link-local addresses: never a receiver, in any mode.
  if (kind === 'link-local') return false
  if (kind === 'local') return site.localDevelopment
  return url.protocol === 'https:'
}

/** A request to a URL of a site's choosing. */
export interface OutboundRequest {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  body?: string | undefined
  /** The whole exchange, connection to the answer's last byte. */
  timeoutMs: number
  /** Whether the site may reach loopback and private addresses (local development mode, where allowed). */
  allowLocal: boolean
  resolve: ResolveHost
  /** How many characters of the answer to read at most: the rest is not read. */
  maxChars: number
}

/** The answer: its status and headers, and the body up to `maxChars` (`complete` false when cut there). */
export interface OutboundAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
  complete: boolean
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
 * Sends a request to a URL of a site's choosing, connecting only to an allowed address: the URL is
 * judged again (it may have been saved under older rules), an IP host by itself, a name by every address
 * it resolves to at connection time. Redirects are not followed (a redirect is the receiver's answer).
 *
 * @throws OutboundAddressRefused for a URL the platform may not reach; network errors and a
 * `TimeoutError` as they come.
 */
export function sendOutboundRequest(request: OutboundRequest): Promise<OutboundAnswer> {
  const url = new URL(request.url)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!isAllowedOutboundUrl(request.url, { localDevelopment: request.allowLocal }))
    return Promise.reject(new OutboundAddressRefused(`${url.host} is not an allowed receiver`))
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const headers =
      request.body === undefined
        ? request.headers
        : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) }
    const outgoing = send(url, {
      method: request.method,
      headers,
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
      let complete = false
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        // Enough kept: the rest of the answer is not read.
        if (text.length > request.maxChars) response.destroy()
      })
      const done = () => {
        clearTimeout(timer)
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: text.slice(0, request.maxChars),
          complete,
        })
      }
      response.on('end', () => {
        complete = text.length <= request.maxChars
        done()
      })
      response.on('close', done)
      response.on('error', done)
    })
    outgoing.end(request.body)
  })
}
