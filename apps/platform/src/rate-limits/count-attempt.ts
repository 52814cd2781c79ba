import { createHash } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { toClientNetwork } from '../http/client-address.ts'
import type { RateLimitBucket, RateLimitScope, RateLimitSettings } from './rate-limit-settings.ts'
import { hitRateLimit } from './rate-limit-store.ts'

/** Who makes an attempt: the client's address (an IPv6 client counts by its /64) and the account it names. */
export interface Attempter {
  address: string | undefined
  account?: string | undefined
}

/** The key of a counter: bucket, scope and the hashed value (no address or e-mail is stored as is). */
function counterKey(bucket: RateLimitBucket, scope: RateLimitScope, value: string): string {
  return `${bucket}:${scope}:${createHash('sha256').update(value).digest('base64url')}`
}

/**
 * Counts one attempt against its bucket's counter for the client's address, then, within that, against
 * the account it names. Answers the seconds until the first counter past its limit resets, or `undefined`
 * while every counter is within its limit. The counters live in the database, shared by every process.
 */
export async function countAttempt(
  db: Db,
  settings: RateLimitSettings | 'off',
  bucket: RateLimitBucket,
  attempter: Attempter,
  now: Date,
): Promise<number | undefined> {
  const limits = settings === 'off' ? undefined : settings[bucket]
  if (!limits) return undefined
  const values: [RateLimitScope, string | undefined][] = [
    ['ip', toClientNetwork(attempter.address)],
    ['account', attempter.account],
  ]
  for (const [scope, value] of values) {
    const rule = limits[scope]
    if (!rule || value === undefined) continue
    const hit = await hitRateLimit(db, counterKey(bucket, scope, value), rule, now)
    if (hit.hits > rule.limit) return Math.max(1, Math.ceil((hit.resetsAt.getTime() - now.getTime()) / 1000))
  }
  return undefined
}
