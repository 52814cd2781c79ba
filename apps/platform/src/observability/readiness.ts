import type { Db } from '../db/db.ts'
import { migrations } from '../db/migrate.ts'

/** Whether the process is shutting down: `main.ts` starts draining on SIGTERM, `/ready` then answers 503. */
export interface DrainState {
  isDraining(): boolean
  startDraining(): void
}

/** A drain state that starts out serving. */
export function createDrainState(): DrainState {
  let isDraining = false
  return {
    isDraining: () => isDraining,
    startDraining() {
      isDraining = true
    },
  }
}

/** How long `/ready` waits for the database before calling it unreachable. */
export const READINESS_TIMEOUT_MS = 1_000

/** The schema version this build of the platform expects: its last migration. */
export const EXPECTED_MIGRATION_VERSION = migrations.at(-1)?.version ?? 0

/** What `/ready` found: each check, and whether all of them passed. */
export interface Readiness {
  isReady: boolean
  database: 'ok' | 'unreachable' | 'timeout'
  /** The highest migration applied, when the database answered. */
  migrationVersion: number | undefined
  expectedMigrationVersion: number
  isDraining: boolean
}

class ReadinessTimeout extends Error {
  override name = 'ReadinessTimeout'
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReadinessTimeout()), timeoutMs)
    timer.unref()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Checks that this process can take traffic: the database answers within `timeoutMs`, its schema is
 * at the version this build expects (not behind, as while another process migrates, nor ahead, as
 * while a newer build rolls out), and the process is not draining.
 */
export async function checkReadiness(deps: {
  db: Db
  drain: DrainState
  timeoutMs?: number
  expectedMigrationVersion?: number
}): Promise<Readiness> {
  const expected = deps.expectedMigrationVersion ?? EXPECTED_MIGRATION_VERSION
  const isDraining = deps.drain.isDraining()
  let database: Readiness['database'] = 'ok'
  let migrationVersion: number | undefined
  try {
    const [row] = await withTimeout(
      deps.db.query<{ version: number }>(
        'select coalesce(max(version), 0)::int as version from schema_migrations',
      ),
      deps.timeoutMs ?? READINESS_TIMEOUT_MS,
    )
    migrationVersion = Number(row?.version ?? 0)
  } catch (error) {
    database = error instanceof ReadinessTimeout ? 'timeout' : 'unreachable'
  }
  return {
    isReady: !isDraining && database === 'ok' && migrationVersion === expected,
    database,
    migrationVersion,
    expectedMigrationVersion: expected,
    isDraining,
  }
}
