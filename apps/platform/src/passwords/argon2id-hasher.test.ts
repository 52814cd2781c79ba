import { hash } from '@node-rs/argon2'
import { describe, expect, it } from 'vitest'
import { LEGACY_SCRYPT_HASHES } from '../testing/legacy-scrypt-hashes.ts'
import { createArgon2idHasher } from './argon2id-hasher.ts'

const argon2id = 2 as never

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

  it('takes a 1,024-character password and refuses a 10,000-character one without hashing it', async () => {
    const stored = await hasher.hash('a'.repeat(1_024))
    expect(await hasher.verify('a'.repeat(1_024), stored)).toBe(true)
    expect(await hasher.verify('a'.repeat(10_000), stored)).toBe(false)
    await expect(hasher.hash('a'.repeat(1_025))).rejects.toThrow(RangeError)
  })

  it('refuses stored hashes with parameters past its bounds, even with the right password', async () => {
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
      algorithm: argon2id,
    })
    expect(await hasher.verify('password', weaker)).toBe(true)
    expect(hasher.needsRehash(weaker)).toBe(true)
  })

  it('verifies the owners’ former scrypt hashes and asks for their upgrade', async () => {
    expect(await hasher.verify('correct horse battery', LEGACY_SCRYPT_HASHES.owner)).toBe(true)
    expect(await hasher.verify('correct horse batter', LEGACY_SCRYPT_HASHES.owner)).toBe(false)
    expect(await hasher.verify('x'.repeat(1_024), LEGACY_SCRYPT_HASHES.longest)).toBe(true)
    expect(hasher.needsRehash(LEGACY_SCRYPT_HASHES.owner)).toBe(true)
  })

  it('spends a verification on a dummy hash, which no password matches', async () => {
    await expect(hasher.verifyDummy('correct horse battery staple')).resolves.toBeUndefined()
  })

  it('hashes with the parameters it is given, and counts them as current', async () => {
    const cheap = createArgon2idHasher({ parameters: { memoryCost: 1_024, timeCost: 1, parallelism: 1 } })
    const stored = await cheap.hash('correct horse battery staple')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/)
    expect(await cheap.verify('correct horse battery staple', stored)).toBe(true)
    expect(cheap.needsRehash(stored)).toBe(false)
    expect(hasher.needsRehash(stored)).toBe(true)
  })
})
