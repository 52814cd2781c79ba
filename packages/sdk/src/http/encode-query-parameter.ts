import { encodeTextBase64Url } from '../encoding/base64url.js'
import { toWire } from './wire-transform.js'

/**
 * Encodes a value for the `q` query parameter of a cacheable GET: the JSON of its wire form, as
 * base64url without padding (the wire contract in docs/architecture.md).
 *
 * @example
 * ```ts
 * encodeQueryParameter({ query: { paging: { limit: 12 } } }) // 'eyJxdWVyeSI6eyJwYWdpbmciOnsibGltaXQiOjEyfX19'
 * ```
 */
export function encodeQueryParameter(value: unknown): string {
  return encodeTextBase64Url(JSON.stringify(toWire(value)))
}
