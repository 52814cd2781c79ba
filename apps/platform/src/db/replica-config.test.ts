import { describe, expect, it } from 'vitest'
import { DEFAULT_REPLICA_MAX_LAG_MS, parseReplicaConfig, ReplicaConfigError } from './replica-config.ts'

describe('parseReplicaConfig', () => {
  it('has no replicas by default', () => {
    expect(parseReplicaConfig({})).toEqual({ urls: [], maxLagMs: DEFAULT_REPLICA_MAX_LAG_MS })
  })

  it('reads a comma-separated list of replicas and the lag bound', () => {
    const config = parseReplicaConfig({
      DATABASE_URL: 'postgres://primary/aisle',
      DATABASE_REPLICA_URLS: ' postgres://r1:5433/aisle, postgresql://r2/aisle ,',
      DATABASE_REPLICA_MAX_LAG_MS: '500',
    })
    expect(config).toEqual({ urls: ['postgres://r1:5433/aisle', 'postgresql://r2/aisle'], maxLagMs: 500 })
  })

  it.each([
    [{ DATABASE_URL: 'postgres://p/a', DATABASE_REPLICA_URLS: 'mysql://r/a' }, /DATABASE_REPLICA_URLS/],
    [{ DATABASE_REPLICA_URLS: 'postgres://r/a' }, /needs DATABASE_URL/],
    [{ DATABASE_REPLICA_MAX_LAG_MS: 'soon' }, /DATABASE_REPLICA_MAX_LAG_MS/],
    [{ DATABASE_REPLICA_MAX_LAG_MS: '-1' }, /DATABASE_REPLICA_MAX_LAG_MS/],
  ])('refuses %o', (env, message) => {
    expect(() => parseReplicaConfig(env)).toThrow(ReplicaConfigError)
    expect(() => parseReplicaConfig(env)).toThrow(message)
  })
})
