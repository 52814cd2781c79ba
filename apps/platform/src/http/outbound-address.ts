import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/** What an address is to the platform's outbound requests: anyone's, this network's, or the metadata range. */
export type AddressKind = 'public' | 'local' | 'link-local'

type IPv4 = ipaddr.IPv4
type IPv6 = ipaddr.IPv6

const cidrs = <T extends IPv4 | IPv6>(list: readonly string[]) =>
  list.map((cidr) => ipaddr.parseCIDR(cidr) as [T, number])

// What the classification library (ipaddr.js: `range()`) calls `unicast` but the IANA special-purpose
// registries keep from the public internet.
const moreLocalIpv4 = cidrs<IPv4>([
  '198.18.0.0/15', // benchmarking
])
const moreLocalIpv6 = cidrs<IPv6>([
  '::/96', // IPv4-compatible (deprecated): never a public receiver
  '100::/64', // discard-only
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, ORCHID, ORCHIDv2 and the rest
  '3fff::/20', // documentation
  '5f00::/16', // segment routing (SRv6) SIDs
  '64:ff9b:1::/48', // NAT64 local use
  'fec0::/10', // site-local (deprecated)
])

function ipv4Kind(address: IPv4): AddressKind {
  const range = address.range()
  if (range === 'linkLocal') return 'link-local'
  if (range !== 'unicast') return 'local'
  return moreLocalIpv4.some((cidr) => address.match(cidr)) ? 'local' : 'public'
}

/**
 * The IPv4 address an IPv6 address stands for, where it embeds one: IPv4-mapped (`::ffff:0:0/96`),
 * IPv4-translated (`::ffff:0:0:0/96`), NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`).
 */
function embeddedIpv4(address: IPv6): IPv4 | undefined {
  const bytes = address.toByteArray()
  switch (address.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
    case 'rfc6052':
      return new ipaddr.IPv4(bytes.slice(12, 16))
    case '6to4':
      return new ipaddr.IPv4(bytes.slice(2, 6))
    default:
      return undefined
  }
}

function ipv6Kind(address: IPv6): AddressKind {
  const embedded = embeddedIpv4(address)
  if (embedded) return ipv4Kind(embedded)
  const range = address.range()
  if (range === 'linkLocal') return 'link-local'
  if (range !== 'unicast') return 'local'
  return moreLocalIpv6.some((cidr) => address.match(cidr)) ? 'local' : 'public'
}

/** An IPv6 address in its URL form (`[64:ff9b::8.8.8.8]` is `[64:ff9b::808:808]`), without a zone. */
function canonicalIpv6(address: string): string | undefined {
  try {
    return new URL(`http://[${address.split('%')[0]}]/`).hostname.slice(1, -1)
  } catch {
    return undefined
  }
}

/**
 * What an IP address is to an outbound request: `link-local` (cloud metadata lives there: never a
 * receiver), `local` (loopback, private, unspecified, multicast, documentation, benchmarking, reserved
 * and every other special-purpose range of the IANA registries: only for sites in local development
 * mode) or `public`. Ranges come from ipaddr.js, with the few it calls unicast added here; every IPv6
 * form that embeds an IPv4 address (mapped, translated, NAT64, 6to4) is judged by that address.
 * Anything that is not an IP address is `local`: refused unless local.
 */
export function addressKind(address: string): AddressKind {
  const plain = address.replace(/^\[|\]$/g, '')
  const version = isIP(plain)
  if (version === 4) return ipv4Kind(ipaddr.IPv4.parse(plain))
  if (version !== 6) return 'local'
  const canonical = canonicalIpv6(plain)
  if (!canonical || !ipaddr.IPv6.isValid(canonical)) return 'local'
  return ipv6Kind(ipaddr.IPv6.parse(canonical))
}

/**
 * Whether a host name is one of this network's by its name alone: no dot (`intranet`), `localhost` or
 * under `.localhost`, `.local`, `.localdomain`, `.internal`, `.home.arpa`; a trailing dot changes nothing.
 */
export function isLocalHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '')
  if (!name.includes('.')) return true
  return ['localhost', 'local', 'localdomain', 'internal', 'home.arpa'].some(
    (suffix) => name === suffix || name.endsWith(`.${suffix}`),
  )
}
