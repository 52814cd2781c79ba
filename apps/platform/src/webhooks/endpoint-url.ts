import { isIP } from 'node:net'

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

// IPv4 ranges no public receiver lives in: this host, private networks, carrier NAT, link-local (cloud
// metadata at 169.254.169.254), multicast and reserved.
// [first octet, second octet, prefix length] of each range; every one is /16 or wider.
const privateIpv4: readonly (readonly [number, number, number])[] = [
  [0, 0, 8],
  [10, 0, 8],
  [100, 64, 10],
  [127, 0, 8],
  [169, 254, 16],
  [172, 16, 12],
  [192, 168, 16],
  [224, 0, 4],
  [240, 0, 4],
]

function isPrivateIpv4(host: string): boolean {
  const [a = 0, b = 0] = host.split('.').map(Number)
  const value = a * 256 + b
  return privateIpv4.some(([first, second, bits]) => {
    const start = first * 256 + second
    return value >= start && value < start + 2 ** (16 - bits)
  })
}

function isPrivateIpv6(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase()
  return (
    address === '::' ||
    address === '::1' ||
    /^f[cd]/.test(address) ||
    /^fe[89ab]/.test(address) ||
    /^ff/.test(address) ||
    address.startsWith('::ffff:')
  )
}

/**
 * Whether a webhook endpoint URL is acceptable: `https` to a public host; never credentials in the URL.
 * A site in local development mode may also use hosts on loopback or private addresses, over `http`
 * too (local receivers and tests); no other site may, so an endpoint cannot aim the platform at its own
 * network.
 */
export function isAllowedEndpointUrl(value: string, site: { localDevelopment: boolean }): boolean {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  if (url.username || url.password) return false
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false
  const host = url.hostname.replace(/^\[|\]$/g, '')
  // Cloud metadata lives on link-local addresses: never a receiver, in any mode.
  if (/^169\.254\./.test(host) || /^fe[89ab]/i.test(host)) return false
  const isLocal =
    loopbackHosts.has(url.hostname) ||
    (isIP(host) === 4 && isPrivateIpv4(host)) ||
    (isIP(host) === 6 && isPrivateIpv6(host)) ||
    (isIP(host) === 0 && (!host.includes('.') || host.endsWith('.localhost') || host.endsWith('.internal')))
  if (isLocal) return site.localDevelopment
  return url.protocol === 'https:'
}
