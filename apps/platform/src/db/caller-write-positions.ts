import { type Db, prepared } from './db.ts'
import { parseWalPosition, type WalPosition } from './wal-position.ts'

// Any fixed number: keeps processes that start together from creating the table at the same time.
const CREATE_LOCK = 7_310_428

/**
 * Creates the primary's table of callers' last write positions when it is missing. It exists only
 * where read replicas do, and holds nothing worth keeping: unlogged (no WAL, not replicated, emptied
 * by a crash), so it lives beside the migrations rather than in them (decision 013).
 */
export async function ensureCallerWritePositions(primary: Db): Promise<void> {
  await primary.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [CREATE_LOCK])
    await tx.query(`create unlogged table if not exists caller_write_positions (
      caller text primary key,
      position pg_lsn not null,
      recorded_at timestamptz not null default now()
    )`)
    await tx.query(
      'create index if not exists caller_write_positions_recorded on caller_write_positions (recorded_at)',
    )
  })
}

// Both run on most requests of a caller who wrote (one to record, one to read), so they are prepared: as
// text, PostgreSQL parsed and planned them on every call.
const RECORD_CALLER_WRITE = prepared(`insert into caller_write_positions (caller, position, recorded_at)
     values ($1, pg_current_wal_insert_lsn(), now())
     on conflict (caller) do update
       set position = greatest(caller_write_positions.position, excluded.position), recorded_at = now()`)
const FIND_CALLER_WRITE = prepared(
  'select position::text as position from caller_write_positions where caller = $1',
)

/**
 * Remembers that `caller` (a hash of its credential) has just written: the primary's WAL insert
 * position now is at or past the commit of everything the caller's request wrote.
 */
export async function recordCallerWrite(primary: Db, caller: string): Promise<void> {
  await primary.query(RECORD_CALLER_WRITE, [caller])
}

/** The WAL position of `caller`'s last write, if it wrote recently. */
export async function findCallerWrite(primary: Db, caller: string): Promise<WalPosition | undefined> {
  const [row] = await primary.query<{ position: string }>(FIND_CALLER_WRITE, [caller])
  return row ? parseWalPosition(row.position) : undefined
}

/** Forgets writes older than `before`: by then every usable replica has replayed them. */
export async function forgetCallerWrites(primary: Db, before: Date): Promise<void> {
  await primary.query('delete from caller_write_positions where recorded_at < $1', [before])
}
