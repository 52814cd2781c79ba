import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

/** At most `limit` requests per key in each window of `windowSeconds`. */
export interface RateLimit {
  limit: number
  windowSeconds: number
}

/** One request counted against a key: how many the window holds now, this one included, and when it ends. */
export interface RateLimitHit {
  hits: number
  resetsAt: Date
}

/** The start of the fixed window `now` falls in (windows are aligned to the epoch, the same in every process). */
function windowStart(now: Date, windowSeconds: number): Date {
  const length = windowSeconds * 1000
  return new Date(Math.floor(now.getTime() / length) * length)
}

/**
 * Counts one request against `key` in its current window, in one statement: the upsert's row lock
 * orders concurrent requests, so each gets its own count and no more than `limit` of them can see a
 * count within the limit, in any number of processes. A new window resets the count in place; a
 * process whose clock lags keeps counting in the newer window.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimit, now: Date): Promise<RateLimitHit> {
  const start = windowStart(now, rule.windowSeconds)
  const end = new Date(start.getTime() + rule.windowSeconds * 1000)
  const row = await queryOne<{ hits: number; expires_at: Date }>(
    db,
    `insert into rate_limit_counters as c (key, window_start, hits, expires_at) values ($1, $2, 1, $3)
     on conflict (key) do update set
       hits = case when c.window_start >= excluded.window_start then c.hits + 1 else 1 end,
       window_start = greatest(c.window_start, excluded.window_start),
       expires_at = greatest(c.expires_at, excluded.expires_at)
     returning hits, expires_at`,
    [key, start, end],
  )
  if (!row) throw new Error('the rate-limit upsert returned no row')
  return { hits: Number(row.hits), resetsAt: new Date(row.expires_at) }
}

/** Deletes the counters of windows that have ended. Returns how many it deleted. */
export async function purgeRateLimits(db: Db, now: Date): Promise<number> {
  const rows = await db.query('delete from rate_limit_counters where expires_at <= $1 returning key', [now])
  return rows.length
}
