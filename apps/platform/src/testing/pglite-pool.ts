import { PGlite } from '@electric-sql/pglite'
import type { Db, Statement } from '../db/db.ts'
import { fromPglite } from '../db/pglite-db.ts'

/**
 * A worker's PGlite databases, kept open after a test file closes them and reset to their template for the
 * next file (decision 073). Opening a clone of the 44 MB template costs about a second of CPU (the data
 * directory unpacked into memory, PostgreSQL started), and the suite opened some 300; a reset truncates
 * every table and writes the template's rows back, in a tenth of that.
 *
 * A database comes back to the pool only as its template left it in all but its rows: the schema, the
 * roles and the extensions are compared with the template's on every reuse (a migration test changes
 * them, and its database is closed instead). The first reset of each template in a worker is checked row
 * by row against the template; if it differs, this worker clones again from then on.
 */
export type TemplateName = 'empty' | 'demo'

interface TableCopy {
  /** The table's quoted, qualified name. */
  name: string
  /** Its quoted columns, without generated ones. */
  columns: string
  /** Its rows as a JSON array, '[]' when it has none. */
  rows: string
}

interface Baseline {
  tables: TableCopy[]
  sequences: { name: string; lastValue: string; isCalled: boolean }[]
  schema: string
  rowDigest: string
  /** The first reset of this worker reproduced the template's rows (undefined until one was made). */
  isResetTrusted: boolean | undefined
}

interface Entry {
  template: TemplateName
  pglite: PGlite
}

/** At most this many open, unused databases per template wait in a worker. */
const MAX_IDLE = 2
const idle: Entry[] = []
const baselines = new Map<TemplateName, Baseline>()

// Everything a test could create or change beside rows: relations, columns, constraints, functions,
// triggers, types, roles and extensions.
const SCHEMA_FINGERPRINT = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
    select format('rel %s.%s %s', n.nspname, c.relname, c.relkind) as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
       and n.nspname not like 'pg_temp%'
    union all
    select format('col %s.%s.%s %s %s %s', n.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                  a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attnum > 0 and not a.attisdropped and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
    union all
    select format('con %s %s', conname, pg_get_constraintdef(oid)) from pg_constraint
     where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all
    select format('fn %s.%s %s', n.nspname, p.proname, md5(p.prosrc))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname not in ('pg_catalog', 'information_schema')
    union all
    select format('trigger %s %s', tgname, tgenabled) from pg_trigger where not tgisinternal
    union all
    select format('type %s.%s', n.nspname, t.typname) from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
       and n.nspname not like 'pg_temp%'
    union all
    select 'role ' || rolname from pg_roles
    union all
    select 'extension ' || extname || ' ' || extversion from pg_extension
  ) as items`

const USER_TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name,
         (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
     and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
   order by 1`

const SEQUENCES = `
  select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as last_value,
         last_value is not null as is_called
    from pg_sequences`

async function fingerprintOf(pglite: PGlite): Promise<string> {
  const [row] = (await pglite.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT)).rows
  return row?.fingerprint ?? ''
}

async function rowDigestOf(pglite: PGlite, tables: readonly TableCopy[]): Promise<string> {
  const parts: string[] = []
  for (const table of tables) {
    const [row] = (
      await pglite.query<{ digest: string | null }>(
        `select md5(string_agg(t::text, '|' order by t::text)) as digest from ${table.name} as t`,
      )
    ).rows
    parts.push(`${table.name}:${row?.digest ?? ''}`)
  }
  return parts.join(',')
}

async function captureBaseline(pglite: PGlite): Promise<Baseline> {
  const tables: TableCopy[] = []
  for (const { name, columns } of (await pglite.query<{ name: string; columns: string }>(USER_TABLES)).rows) {
    const [row] = (
      await pglite.query<{ rows: string }>(
        `select coalesce(json_agg(t), '[]')::text as rows from ${name} as t`,
      )
    ).rows
    tables.push({ name, columns, rows: row?.rows ?? '[]' })
  }
  const sequences = (
    await pglite.query<{ name: string; last_value: string; is_called: boolean }>(SEQUENCES)
  ).rows.map((row) => ({ name: row.name, lastValue: row.last_value, isCalled: row.is_called }))
  return {
    tables,
    sequences,
    schema: await fingerprintOf(pglite),
    rowDigest: await rowDigestOf(pglite, tables),
    isResetTrusted: undefined,
  }
}

/** Puts the template's rows and sequence values back, after ending whatever the last file left open. */
async function reset(pglite: PGlite, baseline: Baseline): Promise<void> {
  await pglite.exec('rollback').catch(() => undefined)
  await pglite.exec('discard all')
  await pglite.transaction(async (tx) => {
    // Foreign keys and triggers stay quiet while the rows go back exactly as they were.
    await tx.exec('set local session_replication_role = replica')
    if (baseline.tables.length > 0)
      await tx.exec(`truncate ${baseline.tables.map((table) => table.name).join(', ')}`)
    for (const table of baseline.tables) {
      if (table.rows === '[]') continue
      await tx.query(
        `insert into ${table.name} (${table.columns}) overriding system value
         select ${table.columns} from json_populate_recordset(null::${table.name}, $1::json)`,
        [table.rows],
      )
    }
    for (const sequence of baseline.sequences)
      await tx.query('select setval($1::regclass, $2::bigint, $3)', [
        sequence.name,
        sequence.lastValue,
        sequence.isCalled,
      ])
  })
}

async function openClone(template: TemplateName, snapshot: () => Blob): Promise<Entry> {
  const pglite = await PGlite.create({ loadDataDir: snapshot() })
  if (!baselines.has(template)) baselines.set(template, await captureBaseline(pglite))
  return { template, pglite }
}

/** An idle database of the template reset to it, if this worker has one it may reuse. */
async function takeIdle(template: TemplateName): Promise<Entry | undefined> {
  const baseline = baselines.get(template)
  if (!baseline || baseline.isResetTrusted === false) return undefined
  for (let index = idle.findIndex((entry) => entry.template === template); index >= 0; ) {
    const [entry] = idle.splice(index, 1)
    if (!entry) break
    if (!entry.pglite.closed && (await fingerprintOf(entry.pglite)) === baseline.schema) {
      await reset(entry.pglite, baseline)
      if (baseline.isResetTrusted === undefined) {
        baseline.isResetTrusted = (await rowDigestOf(entry.pglite, baseline.tables)) === baseline.rowDigest
        if (!baseline.isResetTrusted) {
          console.warn(`test databases: a reset of the ${template} template differs from it; cloning instead`)
          await entry.pglite.close()
          return undefined
        }
      }
      return entry
    }
    await entry.pglite.close().catch(() => undefined)
    index = idle.findIndex((other) => other.template === template)
  }
  return undefined
}

async function giveBack(entry: Entry): Promise<void> {
  if (entry.pglite.closed) return
  if (idle.filter((other) => other.template === entry.template).length >= MAX_IDLE) {
    await entry.pglite.close()
    return
  }
  idle.push(entry)
}

/**
 * A PGlite database holding `template` (the snapshot read by `snapshot` when a new one must be opened):
 * an idle one of this worker reset to it, or a new clone. Closing the `Db` gives it back; the `Db` then
 * refuses further statements, as a closed database would, so that nothing a finished file left running
 * writes into the next file's database.
 */
export async function openPooledPglite(template: TemplateName, snapshot: () => Blob): Promise<Db> {
  const entry = (await takeIdle(template)) ?? (await openClone(template, snapshot))
  const db = fromPglite(entry.pglite)
  let isClosed = false
  const refuseWhenClosed = () => {
    if (isClosed) throw new Error('the test database is closed')
  }
  return {
    kind: 'pglite',
    query<Row>(sql: Statement, params?: readonly unknown[]) {
      refuseWhenClosed()
      return db.query<Row>(sql, params)
    },
    transaction<T>(fn: (tx: Db) => Promise<T>) {
      refuseWhenClosed()
      return db.transaction(fn)
    },
    async close() {
      if (isClosed) return
      isClosed = true
      await giveBack(entry)
    },
  }
}
