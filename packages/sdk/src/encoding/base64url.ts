// Chunked so that large payloads (a long query, a big cookie) never overflow the argument limit of
// String.fromCharCode.
const chunkSize = 0x8000

/**
 * Encodes bytes as base64url without padding (RFC 4648 section 5), using only `btoa`, so it runs in
 * browsers and in Node 20 alike.
 *
 * @see https://www.rfc-editor.org/rfc/rfc4648#section-5
 */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (let start = 0; start < bytes.length; start += chunkSize) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunkSize))
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * Decodes base64url (padded or not) into bytes.
 *
 * @throws {Error} when `value` is not base64url (the `atob` error, a `DOMException` named
 * `InvalidCharacterError`).
 */
export function decodeBase64Url(value: string): Uint8Array {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** Encodes a string as UTF-8 and then as base64url without padding. */
export function encodeTextBase64Url(text: string): string {
  return encodeBase64Url(new TextEncoder().encode(text))
}

/**
 * Decodes base64url into a UTF-8 string.
 *
 * @throws {Error} when `value` is not base64url or not UTF-8.
 */
export function decodeTextBase64Url(value: string): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64Url(value))
}
