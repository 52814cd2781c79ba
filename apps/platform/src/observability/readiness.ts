import { ConfigError } from '../config.ts'
import type { Db } from '../db/db.ts'
import { migrations } from '../db/migrate.ts'

/** Whether the process is shutting down: `main.ts` starts draining on SIGTERM, `/ready` then answers 503. */
export interface DrainState {
  isDraining(): boolean
  startDraining(): void
}

/** The longest drain delay `DRAIN_DELAY_MS` may ask for: a minute. */
export const MAX_DRAIN_DELAY_MS = 60_000

/**
 * Reads `DRAIN_DELAY_MS`: how long, after SIGTERM, the process keeps serving while `/ready` answers 503,
 * before it stops accepting connections, so that a load balancer polling `/ready` takes it out first
 * (set it a little above the balancer's check interval). Unset or empty: 0, close at once.
 *
 * @throws ConfigError for anything but a whole number of milliseconds from 0 to `MAX_DRAIN_DELAY_MS`.
 */
export function parseDrainDelay(value: string | undefined): number {
  const text = value?.trim()
  if (!text) return 0
  const delay = Number(text)
  if (!/^\d+$/.test(text) || delay > MAX_DRAIN_DELAY_MS)
    throw new ConfigError(
      `DRAIN_DELAY_MS must be a whole number of milliseconds from 0 to ${MAX_DRAIN_DELAY_MS}, got "${text.slice(0, 40)}"`,
    )
  return delay
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
