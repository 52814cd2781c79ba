import { isIP } from 'node:net'
import { addressKind, isLocalHostName } from './outbound-address.ts'

/**
 * Whether a webhook endpoint URL is acceptable: `https` to a public host; never credentials in the URL.
 * A site in local development mode may also use hosts on loopback or private addresses, over `http`
 * too (local receivers and tests); no other site may, so an endpoint cannot aim the platform at its own
 * network. An IP address is judged in every form (IPv4-mapped, IPv4-compatible, NAT64, 6to4); a name
 * is judged here by what can be told without DNS, and again by its addresses when the worker connects.
 */
export function isAllowedEndpointUrl(value: string, site: { localDevelopment: boolean }): boolean {
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
