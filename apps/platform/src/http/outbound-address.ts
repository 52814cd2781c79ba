import { BlockList, isIP } from 'node:net'

/** What an address is to the platform's outbound requests: anyone's, this network's, or the metadata range. */
export type AddressKind = 'public' | 'local' | 'link-local'

// IPv4 ranges no public receiver lives in: this host, private networks, carrier NAT, IETF protocol
// assignments, documentation, benchmarking, the 6to4 relay, multicast, reserved and broadcast.
const localIpv4 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  localIpv4.addSubnet(network, prefix, 'ipv4')

// IPv6 ranges that are not the public internet (the forms that embed an IPv4 address are read apart):
// discard-only, IETF protocol assignments (Teredo among them), documentation, the NAT64 local-use
// prefix, unique local, site-local, multicast.
const localIpv6 = new BlockList()
for (const [network, prefix] of [
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  localIpv6.addSubnet(network, prefix, 'ipv6')

/** The 16 bytes of an IPv6 address, or `undefined` when it is not one. */
function ipv6Bytes(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined
  let text = address.toLowerCase().split('%')[0]!
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16))
  const first = groups(head)
  const last = tail === undefined ? [] : groups(tail)
  const all =
    tail === undefined ? first : [...first, ...Array(8 - first.length - last.length).fill(0), ...last]
  return all.flatMap((group) => [group >> 8, group & 0xff])
}

const ipv4Of = (bytes: readonly number[], at: number) => bytes.slice(at, at + 4).join('.')

/**
 * The IPv4 address an IPv6 address stands for, where it embeds one: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`, `::7f00:1`), NAT64 (`64:ff9b::/96`) and 6to4 (`2002:AABB:CCDD::/48`).
 */
function embeddedIpv4(bytes: readonly number[]): string | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0)
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return ipv4Of(bytes, 12)
  if (zeros(0, 12)) return ipv4Of(bytes, 12)
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return ipv4Of(bytes, 12)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return ipv4Of(bytes, 2)
  return undefined
}

function ipv4Kind(address: string): AddressKind {
  if (address.startsWith('169.254.')) return 'link-local'
  return localIpv4.check(address, 'ipv4') ? 'local' : 'public'
}

/**
 * What an IP address is to an outbound request: `link-local` (cloud metadata lives there: never a
 * receiver), `local` (loopback, private, unspecified, multicast, reserved and the like: only for sites in
 * local development mode) or `public`. Every IPv6 form that embeds an IPv4 address is judged by that
 * address. Anything that is not an IP address is `local`: refused unless local.
 */
export function addressKind(address: string): AddressKind {
  const plain = address.replace(/^\[|\]$/g, '')
  const version = isIP(plain)
  if (version === 4) return ipv4Kind(plain)
  const bytes = ipv6Bytes(plain)
  if (!bytes) return 'local'
  // fe80::/10
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return 'link-local'
  if (bytes.slice(0, 15).every((byte) => byte === 0) && (bytes[15] === 0 || bytes[15] === 1)) return 'local'
  const embedded = embeddedIpv4(bytes)
  if (embedded) return ipv4Kind(embedded)
  return localIpv6.check(plain, 'ipv6') ? 'local' : 'public'
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
