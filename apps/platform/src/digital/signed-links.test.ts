import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createLinkSigner } from './signed-links.ts'

describe('signed links', () => {
  const signer = createLinkSigner(randomBytes(32))
  const now = new Date('2026-06-01T12:00:00Z')
  const parts = ['file', 'f1', 'order', 'o1']
  const link = signer.sign(parts, new Date(now.getTime() + 60_000))

  it('are valid for what they were signed for until their second ends', () => {
    expect(signer.check(parts, link.expires, link.signature, now)).toBe('valid')
    expect(signer.check(parts, link.expires, link.signature, new Date(link.expires * 1000 - 1))).toBe('valid')
    expect(signer.check(parts, link.expires, link.signature, new Date(link.expires * 1000))).toBe('expired')
  })

  it('are refused when any part, the expiry or the signature is altered', () => {
    expect(signer.check(['file', 'f1', 'order', 'o2'], link.expires, link.signature, now)).toBe('invalid')
    expect(signer.check(['file', 'f2', 'order', 'o1'], link.expires, link.signature, now)).toBe('invalid')
    expect(signer.check(['file', 'f1', 'merchant'], link.expires, link.signature, now)).toBe('invalid')
    expect(signer.check(parts, link.expires + 1, link.signature, now)).toBe('invalid')
    expect(signer.check(parts, link.expires, `${link.signature.slice(0, -1)}x`, now)).toBe('invalid')
    expect(signer.check(parts, link.expires, '', now)).toBe('invalid')
    expect(signer.check(parts, Number.NaN, link.signature, now)).toBe('invalid')
  })

  it('tell an altered link from an expired one: the signature is checked before the time', () => {
    const later = new Date(link.expires * 1000 + 1)
    expect(signer.check(['file', 'f1', 'order', 'o2'], link.expires, link.signature, later)).toBe('invalid')
  })

  it('are not good under another key, and keep parts apart (no joining two into one)', () => {
    const other = createLinkSigner(randomBytes(32))
    expect(other.check(parts, link.expires, link.signature, now)).toBe('invalid')
    const joined = signer.sign(['ab', 'c'], new Date(now.getTime() + 60_000))
    expect(signer.check(['a', 'bc'], joined.expires, joined.signature, now)).toBe('invalid')
  })

  it('refuse a key shorter than 32 bytes', () => {
    expect(() => createLinkSigner(randomBytes(16))).toThrow(/32 bytes/)
  })
})
