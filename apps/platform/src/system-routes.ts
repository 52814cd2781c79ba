import { z } from 'zod'
import type { Db } from './db/db.ts'
import type { Api } from './http/api.ts'

/** `GET /health`: the process answers and its database does too. */
export function registerSystemRoutes(api: Api, deps: { db: Db }) {
  api.route(
    {
      method: 'get',
      path: '/health',
      operationId: 'health',
      summary: 'Liveness and database reachability',
      tag: 'System',
      auth: 'none',
      response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
      cacheControl: 'no-store',
    },
    async () => {
      await deps.db.query('select 1')
      return { status: 'ok' as const, database: deps.db.kind }
    },
  )
}
