import { BlockList, isIP } from 'node:net'
import type { Context } from 'hono'

/** The proxies whose `X-Forwarded-For` the platform believes: addresses and CIDR ranges. */
export type TrustedProxies = BlockList

/** Thrown for a `TRUSTED_PROXIES` entry that is no address or range. */
export class TrustedProxiesError extends Error {
  override name = 'TrustedProxiesError'
}

/**
 * Reads `TRUSTED_PROXIES`: a comma list of IP addresses and CIDR ranges (`10.0.0.0/8`, `::1`), or
 * `loopback` for 127.0.0.0/8 and ::1 (a storefront or proxy on the same machine). Empty trusts none.
 *
 * @throws TrustedProxiesError naming the entry it cannot read.
 */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const list = new BlockList()
  for (const entry of (text ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4')
      list.addAddress('::1', 'ipv6')
      continue
    }
    const [address = '', prefix] = entry.split('/')
    const version = isIP(address)
    const bits = prefix === undefined ? undefined : Number(prefix)
    const maxBits = version === 6 ? 128 : 32
    if (version === 0 || (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= maxBits)))
      throw new TrustedProxiesError(
        `"${entry.slice(0, 60)}" is not an IP address, a CIDR range or "loopback"`,
      )
    const type = version === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, bits, type)
  }
  return list
}

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) is `192.0.2.1`. */
function toPlainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  return mapped?.[1] ?? address
}

function isTrusted(trusted: TrustedProxies, address: string): boolean {
  const version = isIP(address)
  return version !== 0 && trusted.check(address, version === 6 ? 'ipv6' : 'ipv4')
}

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } }

/** The socket's peer address under `@hono/node-server` (the `incoming` request in the env), if any. */
function socketAddress(c: Context): string | undefined {
  const env = c.env as (NodeBindings & { server?: NodeBindings }) | undefined
  const address = (env?.server ?? env)?.incoming?.socket?.remoteAddress
  return address ? toPlainAddress(address) : undefined
}

/**
 * The address of the client that sent a request: the socket's peer, or, when that peer is a trusted
 * proxy, the nearest address in `X-Forwarded-For` that is not a trusted proxy (read from the right: the
 * left part is whatever the client wrote). `undefined` when no address can be known (an in-process
 * request, a malformed header): callers then count every such request together (fail closed).
 *
 * @see SECURITY.md Q4
 */
export function findClientAddress(c: Context, trusted: TrustedProxies): string | undefined {
  const peer = socketAddress(c)
  if (!peer || !isTrusted(trusted, peer)) return peer
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => toPlainAddress(part.trim()))
    .filter((part) => part !== '')
  for (let index = forwarded.length - 1; index >= 0; index--) {
    const hop = forwarded[index]!
    if (isIP(hop) === 0) return undefined
    if (!isTrusted(trusted, hop) || index === 0) return hop
  }
  return peer
}

/**
 * The part of an address one client controls: an IPv4 address, or the /64 network of an IPv6 one
 * (one subscriber usually gets a whole /64). Every request whose address is unknown is one client,
 * `unknown`, so that counting by client never leaves it unlimited (SECURITY.md Q4).
 */
export function toClientNetwork(address: string | undefined): string {
  if (!address) return 'unknown'
  if (isIP(address) !== 6) return address
  const [head = '', tail = ''] = address.split('::')
  const groups = [...head.split(':').filter(Boolean)]
  const tailGroups = tail.split(':').filter(Boolean)
  const missing = address.includes('::') ? 8 - groups.length - tailGroups.length : 0
  const full = [...groups, ...Array.from({ length: missing }, () => '0'), ...tailGroups]
  return `${full
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
