import { describe, expect, it } from 'vitest'
import { findDemoOwnerSignIn } from './demo-owner-sign-in.mjs'

// `npm start`'s banner takes the demo owner's sign-in from the platform's own rule
// (apps/platform/src/seed/demo-owner-sign-in.test.ts has every case).

describe('findDemoOwnerSignIn', () => {
  it('reads the platform rule for the environment npm start gives it', async () => {
    expect(await findDemoOwnerSignIn({ PORT: '4100' })).toBe(
      'demo owner owner@demo.aisle.dev, password aisle-demo-owner',
    )
    expect(await findDemoOwnerSignIn({ DEMO_OWNER_PASSWORD: 'a chosen one' })).toBe(
      'demo owner owner@demo.aisle.dev, password from DEMO_OWNER_PASSWORD',
    )
  }, 30_000)

  it('fails as the platform would on a published password in production', async () => {
    await expect(
      findDemoOwnerSignIn({ NODE_ENV: 'production', DEMO_OWNER_PASSWORD: 'aisle-demo-owner' }),
    ).rejects.toThrow(/cannot be the published demo password/)
  }, 30_000)
})
