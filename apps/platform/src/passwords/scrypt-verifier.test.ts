import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { LEGACY_SCRYPT_HASHES } from '../testing/legacy-scrypt-hashes.ts'
import { createScryptVerifier, isScryptHash } from './scrypt-verifier.ts'

describe('createScryptVerifier', () => {
  const verifyScrypt = createScryptVerifier()

  it('verifies a hash the owners’ hasher wrote at its production cost, N=2^17, r=8, p=1', async () => {
    expect(await verifyScrypt('correct horse battery staple', LEGACY_SCRYPT_HASHES.production)).toBe(true)
    expect(await verifyScrypt('correct horse battery stapler', LEGACY_SCRYPT_HASHES.production)).toBe(false)
  })

  it('takes NUL and characters beyond the BMP exactly, and NFC-normalises', async () => {
    expect(await verifyScrypt('a\u0000b 🔑 пароль', LEGACY_SCRYPT_HASHES.nulAndEmoji)).toBe(true)
    expect(await verifyScrypt('a\u0000c 🔑 пароль', LEGACY_SCRYPT_HASHES.nulAndEmoji)).toBe(false)
    expect(await verifyScrypt('a', LEGACY_SCRYPT_HASHES.nulAndEmoji)).toBe(false)
    expect(await verifyScrypt('cafe\u0301 au lait', LEGACY_SCRYPT_HASHES.composed)).toBe(true)
  })

  it('verifies a 1,024-character password and refuses a longer one without hashing it', async () => {
    expect(await verifyScrypt('x'.repeat(1_024), LEGACY_SCRYPT_HASHES.longest)).toBe(true)
    expect(await verifyScrypt('x'.repeat(1_025), LEGACY_SCRYPT_HASHES.longest)).toBe(false)
  })

  /** A genuine scrypt hash of `password` with the given parameters, in the owners' former format. */
  const planted = (password: string, logCost: number, blockSize: number, parallelism: number) => {
    const salt = Buffer.from('saltsaltsaltsalt')
    const N = 2 ** logCost
    const key = scryptSync(password, salt, 32, {
      N,
      r: blockSize,
      p: parallelism,
      maxmem: 256 * N * blockSize + 1024 * 1024,
    })
    const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '')
    return `$scrypt$ln=${logCost},r=${blockSize},p=${parallelism}$${base64(salt)}$${base64(key)}`
  }

  it('verifies a hash made as the planted ones below are, at the tests’ cost', async () => {
    expect(await verifyScrypt('right password', planted('right password', 4, 8, 1))).toBe(true)
  })

  it.each([
    ['a cost of 2^18', 18, 2, 1],
    ['a block size of 16', 4, 16, 1],
    ['a parallelism of 2', 4, 8, 2],
  ])(
    'refuses a planted hash with %s without running it, even with the right password',
    async (_name, ...parameters) => {
      expect(await verifyScrypt('right password', planted('right password', ...parameters))).toBe(false)
    },
  )

  it.each([
    ['a short key', '$scrypt$ln=4,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5'],
    ['another algorithm', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$a2V5'],
    ['garbage', 'not a hash'],
  ])('refuses %s', async (_name, stored) => {
    expect(await verifyScrypt('anything', stored)).toBe(false)
  })

  it('tells a scrypt hash from an argon2id one', () => {
    expect(isScryptHash(LEGACY_SCRYPT_HASHES.owner)).toBe(true)
    expect(isScryptHash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$a2V5')).toBe(false)
  })
})
