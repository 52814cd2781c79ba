import { describe, expect, it } from 'vitest'
import { createScryptHasher } from './password-hasher.ts'

describe('createScryptHasher', () => {
  it('hashes with N=2^17, r=8, p=1 and a 16-byte salt by default, and verifies', async () => {
    const hasher = createScryptHasher()
    const stored = await hasher.hash('correct horse battery staple')
    const [, algorithm, parameters, salt, key] = stored.split('$')
    expect(algorithm).toBe('scrypt')
    expect(parameters).toBe('ln=17,r=8,p=1')
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16)
    expect(Buffer.from(key!, 'base64')).toHaveLength(32)
    expect(await hasher.verify('correct horse battery staple', stored)).toBe(true)
    expect(await hasher.verify('correct horse battery stapler', stored)).toBe(false)
  })

  const cheap = createScryptHasher({ logCost: 4 })

  it('salts every hash', async () => {
    expect(await cheap.hash('same password')).not.toBe(await cheap.hash('same password'))
  })

  it('takes NUL and characters beyond the BMP exactly', async () => {
    const password = 'a\u0000b 🔑 пароль'
    const stored = await cheap.hash(password)
    expect(await cheap.verify(password, stored)).toBe(true)
    expect(await cheap.verify('a\u0000c 🔑 пароль', stored)).toBe(false)
    expect(await cheap.verify('a', stored)).toBe(false)
  })

  it('reads parameters from the stored hash, so a cheaper or dearer past setting still verifies', async () => {
    const stored = await createScryptHasher({ logCost: 5 }).hash('old password')
    expect(await cheap.verify('old password', stored)).toBe(true)
  })

  it.each([
    [
      'a planted cost of 2^30',
      '$scrypt$ln=30,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U',
    ],
    [
      'a planted block size of 64',
      '$scrypt$ln=10,r=64,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U',
    ],
    ['another algorithm', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$a2V5'],
    ['garbage', 'not a hash'],
  ])('refuses %s without running it', async (_name, stored) => {
    expect(await cheap.verify('anything', stored)).toBe(false)
  })

  it('refuses a password longer than 1,024 characters without hashing it', async () => {
    const stored = await cheap.hash('x'.repeat(1_024))
    expect(await cheap.verify('x'.repeat(1_025), stored)).toBe(false)
  })
})
