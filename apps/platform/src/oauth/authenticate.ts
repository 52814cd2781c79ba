import type { Context } from 'hono'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { AppEnv } from '../http/api.ts'
import type { Caller } from '../http/caller.ts'
import { ApplicationError } from '../http/errors.ts'
import { findCallerByAccessToken } from './token-store.ts'

/** Reads the access token from `Authorization` (raw, or after `Bearer `). */
export function readAccessToken(header: string | undefined): string | undefined {
  if (!header) return undefined
  const value = header.replace(/^Bearer\s+/i, '').trim()
  return value.length > 0 && value.length <= 512 ? value : undefined
}

/** Resolves the caller of a request, or ends it with 401. */
export function createAuthenticate(deps: { db: Db; clock: Clock }) {
  return async function requireCaller(c: Context<AppEnv>): Promise<Caller> {
    const token = readAccessToken(c.req.header('authorization'))
    if (!token)
      throw new ApplicationError('UNAUTHENTICATED', 'An access token is required in the Authorization header')
    const caller = await findCallerByAccessToken(deps.db, token, deps.clock())
    if (!caller)
      throw new ApplicationError('UNAUTHENTICATED', 'The access token is unknown, expired or revoked')
    return caller
  }
}
