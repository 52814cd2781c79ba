import { createHash, randomBytes } from 'node:crypto'

/** A new opaque token: 256 bits from the CSPRNG, base64url. */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
