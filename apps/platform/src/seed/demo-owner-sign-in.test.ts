import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config.ts'
import { demoOwnerSignIn } from './demo-owner-sign-in.ts'

// What the start log and `npm start`'s banner say about the dashboard's demo owner, from the environment
// as the platform reads it.

describe('demoOwnerSignIn', () => {
  it('names the published password outside production, where it is the default', () => {
    expect(demoOwnerSignIn(parseConfig({}))).toBe(
      'demo owner owner@demo.aisle.dev, password aisle-demo-owner',
    )
  })

  it('says where a chosen password comes from and never prints it', () => {
    const chosen = 'correct horse battery staple'
    for (const env of [
      { DEMO_OWNER_PASSWORD: chosen },
      { NODE_ENV: 'production', SEED: 'demo', DEMO_OWNER_PASSWORD: chosen },
    ]) {
      const signIn = demoOwnerSignIn(parseConfig(env))
      expect(signIn).toBe('demo owner owner@demo.aisle.dev, password from DEMO_OWNER_PASSWORD')
      expect(signIn).not.toContain(chosen)
    }
  })

  it('says production seeded no demo owner without DEMO_OWNER_PASSWORD', () => {
    expect(demoOwnerSignIn(parseConfig({ NODE_ENV: 'production', SEED: 'demo' }))).toBe(
      'no demo owner: set DEMO_OWNER_PASSWORD',
    )
  })

  it('says nothing when no demo store is seeded (production by default)', () => {
    expect(demoOwnerSignIn(parseConfig({ SEED: 'none' }))).toBeUndefined()
    expect(demoOwnerSignIn(parseConfig({ NODE_ENV: 'production' }))).toBeUndefined()
  })
})
