import { hash } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import { createArgon2idHasher, MAX_MEMBER_PASSWORD_LENGTH } from './password-hasher.ts'

describe('createArgon2idHasher', () => {
  const hasher = createArgon2idHasher()

  it('hashes with argon2id at OWASP’s m=19456, t=2, p=1 as a PHC string, and verifies', async () => {
    const stored = await hasher.hash('correct horse battery staple')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(await hasher.verify('correct horse battery staple', stored)).toBe(true)
    expect(await hasher.verify('correct horse battery stapl', stored)).toBe(false)
    expect(hasher.needsRehash(stored)).toBe(false)
  })

  it('salts every hash', async () => {
    expect(await hasher.hash('same password')).not.toBe(await hasher.hash('same password'))
  })

  it('keeps NUL and characters outside the BMP exactly, and NFC-normalises', async () => {
    const password = 'pass\u0000word 🔑 \u{1F600}'
    const stored = await hasher.hash(password)
    expect(await hasher.verify(password, stored)).toBe(true)
    expect(await hasher.verify('pass', stored)).toBe(false)
    const composed = await hasher.hash('caf\u00e9 au lait')
    expect(await hasher.verify('cafe\u0301 au lait', composed)).toBe(true)
  })

  it('refuses a 10,000-character password without hashing it', async () => {
    const stored = await hasher.hash('a'.repeat(MAX_MEMBER_PASSWORD_LENGTH))
    expect(await hasher.verify('a'.repeat(MAX_MEMBER_PASSWORD_LENGTH), stored)).toBe(true)
    expect(await hasher.verify('a'.repeat(10_000), stored)).toBe(false)
    await expect(hasher.hash('a'.repeat(10_000))).rejects.toThrow(RangeError)
  })

  it('refuses stored hashes with parameters past its bounds, even with the right password', async () => {
    const argon2id = 2 as never
    for (const options of [
      { memoryCost: 65_537, timeCost: 1, parallelism: 1 },
      { memoryCost: 1_024, timeCost: 11, parallelism: 1 },
      { memoryCost: 1_024, timeCost: 1, parallelism: 5 },
    ]) {
      const planted = await hash('right password', { ...options, algorithm: argon2id })
      expect(await hasher.verify('right password', planted)).toBe(false)
    }
    const argon2i = await hash('right password', { memoryCost: 1_024, timeCost: 1, algorithm: 1 as never })
    expect(await hasher.verify('right password', argon2i)).toBe(false)
    expect(await hasher.verify('right password', '$argon2id$v=19$m=4194304,t=1000,p=1$c2FsdA$a2V5')).toBe(
      false,
    )
    expect(await hasher.verify('right password', 'not a hash')).toBe(false)
  })

  it('asks for a rehash of a hash made with other parameters', async () => {
    const weaker = await hash('password', {
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
      algorithm: 2 as never,
    })
    expect(await hasher.verify('password', weaker)).toBe(true)
    expect(hasher.needsRehash(weaker)).toBe(true)
  })
})
