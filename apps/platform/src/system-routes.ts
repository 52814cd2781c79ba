import { z } from 'zod'
import type { Db } from './db/db.ts'
import type { Api } from './http/api.ts'
import { ApplicationError } from './http/errors.ts'
import { checkReadiness, createDrainState, type DrainState } from './observability/readiness.ts'

/**
 * `GET /health`: liveness, the process answers (its database is not asked, so that a database restart
 * does not get every process restarted too). `GET /ready`: readiness, the database answers in time at
 * the expected schema version and the process is not draining; 503 `NOT_READY` otherwise.
 */
export function registerSystemRoutes(api: Api, deps: { db: Db; drain?: DrainState }) {
  const drain = deps.drain ?? createDrainState()
  api.route(
    {
      method: 'get',
      path: '/health',
      operationId: 'health',
      summary: 'Liveness: the process answers',
      tag: 'System',
      auth: 'none',
      response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
      cacheControl: 'no-store',
    },
    async () => ({ status: 'ok' as const, database: deps.db.kind }),
  )
  api.route(
    {
      method: 'get',
      path: '/ready',
      operationId: 'ready',
      summary: 'Readiness: database reachable at the expected schema version, not shutting down',
      tag: 'System',
      auth: 'none',
      response: z.object({
        status: z.literal('ready'),
        database: z.enum(['pglite', 'postgres']),
        migrationVersion: z.number().int(),
      }),
      cacheControl: 'no-store',
    },
    async (_input, c) => {
      const readiness = await checkReadiness({ db: deps.db, drain })
      c.header('cache-control', 'no-store')
      if (!readiness.isReady) {
        throw new ApplicationError('NOT_READY', describeNotReady(readiness), { ...readiness })
      }
      return {
        status: 'ready' as const,
        database: deps.db.kind,
        migrationVersion: readiness.expectedMigrationVersion,
      }
    },
  )
}

function describeNotReady(readiness: Awaited<ReturnType<typeof checkReadiness>>): string {
  if (readiness.isDraining) return 'The platform is shutting down'
  if (readiness.database === 'timeout') return 'The database did not answer in time'
  if (readiness.database === 'unreachable') return 'The database cannot be reached'
  return `The database schema is at version ${readiness.migrationVersion}, this platform expects ${readiness.expectedMigrationVersion}`
}
