import { createHash } from 'node:crypto'

/** A UUID derived from a name (RFC 9562 version 8, SHA-256 based): the same name gives the same id. */
export function deterministicId(name: string): string {
  const bytes = createHash('sha256').update(name).digest().subarray(0, 16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
