import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config.ts'
import { DEMO_CLIENT_ID } from './seed/demo-ids.ts'

describe('parseConfig', () => {
  it('has a documented default for every setting', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:4000',
      databaseUrl: undefined,
      logLevel: 'info',
      seed: 'demo',
      demoClientId: DEMO_CLIENT_ID,
    })
    expect(config.dataDir).toMatch(/\.data$/)
  })

  it('reads the environment', () => {
    const config = parseConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://shop.example/',
      DATABASE_URL: 'postgres://x/y',
      LOG_LEVEL: 'warn',
      SEED: 'none',
    })
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://shop.example',
      databaseUrl: 'postgres://x/y',
      logLevel: 'warn',
      seed: 'none',
    })
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ SEED: 'maybe' }, /SEED/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(name)
  })
})
