import { isAllowedOutboundUrl } from '../http/outbound-request.ts'

/**
 * Whether a webhook endpoint URL is acceptable: the platform's rule for every URL a site chooses
 * ({@link isAllowedOutboundUrl}): `https` to a public host, loopback and private hosts (and `http`) only
 * for a site in local development mode, link-local never, no credentials in the URL.
 */
export function isAllowedEndpointUrl(value: string, site: { localDevelopment: boolean }): boolean {
  return isAllowedOutboundUrl(value, site)
}
