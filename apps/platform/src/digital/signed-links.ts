import { createHash, createHmac, createSecretKey, timingSafeEqual } from 'node:crypto'

/** What checking a signed link found. */
export type LinkCheck = 'valid' | 'expired' | 'invalid'

/** A link's signature and the second it ends at (Unix time). */
export interface SignedLink {
  expires: number
  signature: string
}

/**
 * Signs and checks the platform's expiring links (decision 047): an HMAC-SHA256 under the platform's
 * signing key over what the link grants (its parts: a file, an order...) and the second it ends.
 */
export interface LinkSigner {
  sign(parts: readonly string[], expiresAt: Date): SignedLink
  /** Whether `signature` is ours for these parts and `expires`, and whether `now` is still before it. */
  check(parts: readonly string[], expires: number, signature: string, now: Date): LinkCheck
}

// Versioned, so that a later form of link can never be read as this one.
const DOMAIN = 'aisle-link-v1'

/** The signer of a key (at least 32 random bytes: `signing-key-store.ts` keeps the platform's). */
export function createLinkSigner(key: Uint8Array): LinkSigner {
  if (key.byteLength < 32) throw new Error('a link-signing key needs at least 32 bytes')
  // Made into a key object once: Node 24 makes one from raw bytes on every HMAC otherwise, at six times the
  // cost of the HMAC itself.
  const secret = createSecretKey(key)
  const mac = (parts: readonly string[], expires: number) =>
    createHmac('sha256', secret)
      .update([DOMAIN, ...parts, String(expires)].join('\0'))
      .digest('base64url')
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return {
    sign(parts, expiresAt) {
      const expires = Math.floor(expiresAt.getTime() / 1000)
      return { expires, signature: mac(parts, expires) }
    },
    check(parts, expires, signature, now) {
      if (!Number.isSafeInteger(expires) || expires < 0) return 'invalid'
      // Digests of both sides: one comparison of equal lengths, whatever length was presented.
      if (!timingSafeEqual(digest(mac(parts, expires)), digest(signature))) return 'invalid'
      return now.getTime() < expires * 1000 ? 'valid' : 'expired'
    },
  }
}
