import { describe, expect, it } from 'vitest'
import type { Db } from './db.ts'
import { estimateReplicaLagMs, isUsableReplica, pickReplica, type ReplicaState } from './replica-health.ts'

const samples = [
  { at: 1_000, position: 100n },
  { at: 1_500, position: 200n },
  { at: 2_000, position: 300n },
]

describe('estimateReplicaLagMs', () => {
  it('is 0 for a replica that has replayed the latest primary position', () => {
    expect(estimateReplicaLagMs(samples, 300n, 2_100)).toBe(0)
    expect(estimateReplicaLagMs(samples, 350n, 2_100)).toBe(0)
  })

  it('is the time since the newest primary position the replica has replayed', () => {
    expect(estimateReplicaLagMs(samples, 299n, 2_100)).toBe(600)
    expect(estimateReplicaLagMs(samples, 100n, 2_100)).toBe(1_100)
  })

  it('is unknown (infinite) for a replica behind every sample, or with no sample', () => {
    expect(estimateReplicaLagMs(samples, 99n, 2_100)).toBe(Number.POSITIVE_INFINITY)
    expect(estimateReplicaLagMs([], 99n, 2_100)).toBe(Number.POSITIVE_INFINITY)
  })
})

function replica(name: string, isUp: boolean, lagMs: number): ReplicaState {
  return { link: { name, db: {} as Db }, isUp, replayed: 0n, lagMs, lastError: undefined }
}

describe('pickReplica', () => {
  const states = [
    replica('a', true, 0),
    replica('down', false, 0),
    replica('behind', true, 5_000),
    replica('b', true, 900),
  ]

  it('takes turns among the replicas that are up and within the lag bound', () => {
    const names = [0, 1, 2, 3].map((turn) => pickReplica(states, 1_000, turn)?.link.name)
    expect(names).toEqual(['a', 'b', 'a', 'b'])
  })

  it('picks none when every replica is down or too far behind', () => {
    expect(pickReplica(states, 100, 1)?.link.name).toBe('a')
    expect(pickReplica(states.slice(1, 3), 1_000, 0)).toBeUndefined()
    expect(pickReplica([], 1_000, 0)).toBeUndefined()
  })

  it('keeps a replica exactly at the bound, not past it', () => {
    expect(isUsableReplica(replica('edge', true, 1_000), 1_000)).toBe(true)
    expect(isUsableReplica(replica('past', true, 1_001), 1_000)).toBe(false)
  })
})
