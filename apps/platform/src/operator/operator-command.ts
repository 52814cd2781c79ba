import { parseArgs } from 'node:util'
import { type Config, ConfigError, parseConfig } from '../config.ts'
import { revokeSessionsOfSiteUser } from '../dashboard/session/session-store.ts'
import { saveSiteUser } from '../dashboard/session/site-user-store.ts'
import { DataDirLockedError } from '../db/data-dir-lock.ts'
import type { Db } from '../db/db.ts'
import { migrate } from '../db/migrate.ts'
import { openDatabase } from '../db/open-database.ts'
import { ValidationError } from '../http/errors.ts'
import { createArgon2idHasher } from '../passwords/argon2id-hasher.ts'
import { prepareDatabase, SCALE_PRESET_PRODUCTS } from '../prepare-database.ts'
import { DEMO_OWNER_EMAIL } from '../seed/demo-ids.ts'
import { createProgress, type ProgressStream } from './operator-progress.ts'
import { formatDatabaseStatus, formatVersion, readDatabaseStatus } from './operator-status.ts'
import { listSites } from './operator-status-store.ts'

/** What the operator command reads and writes: results on `stdout`, progress and errors on `stderr`. */
export interface OperatorIo {
  env: Record<string, string | undefined>
  stdout: { write(text: string): unknown }
  stderr: ProgressStream
  /** Asked only when `SITE_OWNER_PASSWORD` is unset. */
  readPassword: () => Promise<string>
}

export const OPERATOR_USAGE = `usage: aisle <command> [options]

  migrate                        apply the migrations this release has and the database lacks
  seed [demo|10k]                migrate, then seed an empty database with the demo store (10k: and
                                 10,000 generated products); registers DEMO_REDIRECT_URIS either way
  create-owner --email <e-mail> [--site <site id>]
                                 create a dashboard owner, or set a new password for one (their sessions
                                 end); the password comes from SITE_OWNER_PASSWORD, the terminal, or
                                 the first line of standard input
  status [--json]                whether the database answers, migrations applied and pending, row counts;
                                 exits 1 when unreachable, 3 when migrations are pending

The database is DATABASE_URL's (or the embedded one in DATA_DIR, while the platform is stopped).
Results go to standard output; progress and errors to standard error.
`

/** Exit codes: 0 done, 1 failed, 2 a usage or setting error, 3 (status) migrations pending. */
export const EXIT = { ok: 0, failed: 1, usage: 2, pending: 3 } as const

/** Thrown for arguments the command cannot use. */
class UsageError extends Error {
  override name = 'UsageError'
}

/**
 * Runs `aisle <command>` with `args` (after the command name's own `aisle`) and returns the exit code.
 * Every command works through the platform's own functions: `migrate`, `prepareDatabase`, `saveSiteUser`.
 */
export async function runOperatorCommand(args: readonly string[], io: OperatorIo): Promise<number> {
  const [command, ...rest] = args
  try {
    switch (command) {
      case 'migrate':
        return await withDatabase(io, rest, (db) => migrateCommand(db, io))
      case 'seed': {
        const preset = parsePreset(rest[0])
        return await withDatabase(io, rest.slice(1), (db, config) => seedCommand(db, config, io, preset))
      }
      case 'create-owner': {
        const { values } = parseArgs({
          args: [...rest],
          options: { email: { type: 'string' }, site: { type: 'string' } },
        })
        if (!values.email) throw new UsageError('create-owner needs --email <e-mail>')
        const email = values.email
        return await withDatabase(io, [], (db, config) =>
          createOwnerCommand(db, config, io, { email, site: values.site }),
        )
      }
      case 'status': {
        const { values } = parseArgs({ args: [...rest], options: { json: { type: 'boolean' } } })
        return await statusCommand(io, values.json === true)
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout.write(OPERATOR_USAGE)
        return command === undefined ? EXIT.usage : EXIT.ok
      default:
        throw new UsageError(`unknown command "${command}"`)
    }
  } catch (error) {
    return reportFailure(io, command ?? 'aisle', error)
  }
}

async function withDatabase(
  io: OperatorIo,
  extraArgs: readonly string[],
  work: (db: Db, config: Config) => Promise<number>,
): Promise<number> {
  if (extraArgs.length > 0) throw new UsageError(`unexpected argument "${extraArgs[0]}"`)
  const config = parseConfig(io.env)
  // The primary only: migrations and seeds write, and a replica would refuse them.
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    return await work(db, config)
  } finally {
    await db.close()
  }
}

/** Applies what is missing, one line on standard error per migration as it commits. */
async function runMigrations(db: Db, io: OperatorIo): Promise<number[]> {
  return migrate(db, {
    onApplied: (migration, ms) =>
      io.stderr.write(`migrated ${formatVersion(migration)} in ${Math.round(ms)} ms\n`),
  })
}

async function migrateCommand(db: Db, io: OperatorIo): Promise<number> {
  const applied = await runMigrations(db, io)
  io.stdout.write(
    applied.length > 0
      ? `Applied ${applied.length} migration(s); the database is at version ${applied.at(-1)}.\n`
      : 'Nothing to apply: the database has every migration of this release.\n',
  )
  return EXIT.ok
}

function parsePreset(preset: string | undefined): 'demo' | '10k' {
  if (preset === undefined || preset === 'demo' || preset === '10k') return preset ?? 'demo'
  throw new UsageError(`seed takes "demo" or "10k", not "${preset}"`)
}

async function seedCommand(db: Db, config: Config, io: OperatorIo, preset: 'demo' | '10k'): Promise<number> {
  await runMigrations(db, io)
  const progress = createProgress(io.stderr)
  const { seeded, demoOwner } = await prepareDatabase(db, {
    seed: preset,
    demoClientId: config.demoClientId,
    demoReturnUris: config.demoReturnUris,
    // The well-known default password is for a laptop: an operator names one, or runs create-owner.
    demoOwnerPassword: io.env.DEMO_OWNER_PASSWORD || undefined,
    onProgress: (done, total) => progress('seeding products', done, total),
  })
  if (!seeded) {
    io.stdout.write('The database already has a site: nothing seeded (return addresses registered).\n')
    return EXIT.ok
  }
  io.stdout.write(
    `Seeded the demo store: ${seeded.products.toLocaleString('en')} products${preset === '10k' ? ` (${SCALE_PRESET_PRODUCTS.toLocaleString('en')} generated)` : ''}, OAuth client ${seeded.clientId}.\n`,
  )
  io.stdout.write(
    demoOwner
      ? `Created the demo owner ${DEMO_OWNER_EMAIL} with DEMO_OWNER_PASSWORD.\n`
      : 'No dashboard owner yet: run `aisle create-owner --email <e-mail>`.\n',
  )
  return EXIT.ok
}

async function createOwnerCommand(
  db: Db,
  config: Config,
  io: OperatorIo,
  input: { email: string; site: string | undefined },
): Promise<number> {
  await runMigrations(db, io)
  const sites = await listSites(db)
  const site = input.site
    ? sites.find((candidate) => candidate.id === input.site)
    : sites.length === 1
      ? sites[0]
      : undefined
  if (!site) {
    const known = sites.map((s) => `  ${s.id}  ${s.name}`).join('\n') || '  (none: run `aisle seed` first)'
    throw new UsageError(`--site must name one of the sites:\n${known}`)
  }
  const password = io.env.SITE_OWNER_PASSWORD ?? (await io.readPassword())
  const now = new Date()
  const { user, existed } = await saveSiteUser(
    db,
    createArgon2idHasher(),
    { siteId: site.id, email: input.email, password },
    now,
  )
  const ended = existed ? await revokeSessionsOfSiteUser(db, user.id, now) : 0
  io.stdout.write(
    existed
      ? `Set a new password for ${user.email} on ${site.name}; ended ${ended} session(s).\n`
      : `Created site owner ${user.email} for ${site.name}. Sign in at ${config.publicUrl}/dashboard\n`,
  )
  return EXIT.ok
}

async function statusCommand(io: OperatorIo, asJson: boolean): Promise<number> {
  const config = parseConfig(io.env)
  const database = describeDatabase(config)
  let db: Db | undefined
  let status: Awaited<ReturnType<typeof readDatabaseStatus>>
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    status = await readDatabaseStatus(db, database)
  } catch (error) {
    // An embedded database the running platform holds, or one that cannot open, cannot be read.
    status = { database, reachable: false, error: error instanceof Error ? error.message : String(error) }
  } finally {
    await db?.close().catch(() => {})
  }
  io.stdout.write(asJson ? `${JSON.stringify(status)}\n` : formatDatabaseStatus(status))
  if (!status.reachable) return EXIT.failed
  return status.pending.length > 0 ? EXIT.pending : EXIT.ok
}

/** The database as an operator recognises it, without a password. */
function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `pglite ${config.dataDir}`
  try {
    const url = new URL(config.databaseUrl)
    return `postgres ${url.host}${url.pathname}`
  } catch {
    return 'postgres (DATABASE_URL is not a URL)'
  }
}

function reportFailure(io: OperatorIo, command: string, error: unknown): number {
  const prefix = `aisle ${command}`
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
    // parseArgs throws TypeErrors with ERR_PARSE_ARGS_* codes for unknown or malformed options.
    io.stderr.write(`${prefix}: ${error.message}\n\n${OPERATOR_USAGE}`)
    return EXIT.usage
  }
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    io.stderr.write(`${prefix}: ${error.message}\n`)
    return EXIT.usage
  }
  if (error instanceof ValidationError) {
    const problems = error.fieldViolations.map((v) => `${v.field} ${v.description}`).join('; ')
    io.stderr.write(`${prefix}: ${problems}\n`)
    return EXIT.usage
  }
  io.stderr.write(`${prefix} failed: ${error instanceof Error ? error.message : String(error)}\n`)
  return EXIT.failed
}
