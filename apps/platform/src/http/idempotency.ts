import { createHash } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { Caller } from './caller.ts'
import { ApplicationError, ValidationError } from './errors.ts'

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/
// A key is remembered this long; after that the same key starts a new request.
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000
/**
 * A claim still running after this long was abandoned (its process died, or the database went away
 * before the claim could be released): the same request may claim the key again. Far longer than any
 * write runs; a live claim is never taken over.
 */
export const ABANDONED_CLAIM_MS = 60 * 1000

function ownerOf(caller: Caller): string {
  return caller.kind === 'merchant' ? `merchant:${caller.apiKeyId}` : `${caller.kind}:${caller.subjectId}`
}

/**
 * Runs a write once per `Idempotency-Key`: the first request with a key runs and its answer (2xx or
 * 4xx) is kept for a day; a retry with the same key and the same request gets that answer again,
 * marked `idempotent-replayed: true`; the same key with another request is refused; a retry while the
 * first is still running gets 409. A 5xx is not kept, so the retry runs again; nor is a claim whose
 * request never finished (a killed process, a lost database): after {@link ABANDONED_CLAIM_MS} the same
 * request runs again.
 */
export async function runIdempotently(
  db: Db,
  request: { key: string; caller: Caller; fingerprint: string; now: Date },
  execute: () => Promise<Response>,
): Promise<Response> {
  if (!KEY_FORMAT.test(request.key)) {
    throw new ValidationError([
      {
        field: 'Idempotency-Key',
        description: 'must be 1 to 255 visible ASCII characters',
        violatedRule: 'FORMAT',
      },
    ])
  }
  const siteId = request.caller.siteId
  const owner = ownerOf(request.caller)
  const hash = createHash('sha256').update(request.fingerprint).digest('base64url')
  const expired = new Date(request.now.getTime() - KEY_LIFETIME_MS)
  await db.query(
    'delete from idempotency_keys where site_id = $1 and owner = $2 and key = $3 and created_date < $4',
    [siteId, owner, request.key, expired],
  )
  const abandoned = new Date(request.now.getTime() - ABANDONED_CLAIM_MS)
  const claimed = await db.query(
    `insert into idempotency_keys (site_id, owner, key, request_hash, status, response, created_date)
     values ($1, $2, $3, $4, 0, '', $5)
     on conflict (site_id, owner, key) do update set created_date = excluded.created_date
       where idempotency_keys.status = 0 and idempotency_keys.request_hash = excluded.request_hash
         and idempotency_keys.created_date < $6
     returning key`,
    [siteId, owner, request.key, hash, request.now, abandoned],
  )
  if (claimed.length === 0) {
    const kept = await queryOne<{ request_hash: string; status: number; response: string }>(
      db,
      'select request_hash, status, response from idempotency_keys where site_id = $1 and owner = $2 and key = $3',
      [siteId, owner, request.key],
    )
    if (!kept || kept.request_hash !== hash) {
      throw new ApplicationError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for another request',
        {},
      )
    }
    if (kept.status === 0) {
      throw new ApplicationError(
        'IDEMPOTENCY_KEY_IN_PROGRESS',
        'A request with this Idempotency-Key is still running',
        {},
      )
    }
    return new Response(kept.response, {
      status: kept.status,
      headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
    })
  }
  let response: Response
  try {
    response = await execute()
  } catch (error) {
    const status = error instanceof ApplicationError || error instanceof ValidationError ? error.status : 500
    if (status >= 500) {
      await db.query('delete from idempotency_keys where site_id = $1 and owner = $2 and key = $3', [
        siteId,
        owner,
        request.key,
      ])
    } else {
      await db.query(
        'update idempotency_keys set status = $4, response = $5 where site_id = $1 and owner = $2 and key = $3',
        [
          siteId,
          owner,
          request.key,
          status,
          JSON.stringify((error as ApplicationError | ValidationError).toBody()),
        ],
      )
    }
    throw error
  }
  await db.query(
    'update idempotency_keys set status = $4, response = $5 where site_id = $1 and owner = $2 and key = $3',
    [siteId, owner, request.key, response.status, await response.clone().text()],
  )
  return response
}
