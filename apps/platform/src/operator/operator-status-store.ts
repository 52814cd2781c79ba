import type { Db } from '../db/db.ts'

/** The tables `aisle status` counts, in the order it shows them. */
export const COUNTED_TABLES = ['sites', 'site_users', 'products', 'members', 'carts', 'orders'] as const

export type CountedTable = (typeof COUNTED_TABLES)[number]

/** The server's version: the first statement `aisle status` sends, so a failure means "unreachable". */
export async function readServerVersion(db: Db): Promise<string> {
  const [row] = await db.query<{ version: string }>(`select current_setting('server_version') as version`)
  return row?.version ?? 'unknown'
}

/** The versions recorded in `schema_migrations`; none when the table does not exist yet. */
export async function readAppliedVersions(db: Db): Promise<number[]> {
  const [table] = await db.query<{ exists: boolean }>(
    `select to_regclass('schema_migrations') is not null as exists`,
  )
  if (!table?.exists) return []
  const rows = await db.query<{ version: number }>('select version from schema_migrations order by version')
  return rows.map((row) => row.version)
}

/** Rows per counted table; `null` for a table an unmigrated database does not have yet. */
export async function countRows(db: Db): Promise<Record<CountedTable, number | null>> {
  const present = await db.query<{ name: CountedTable }>(
    'select name from unnest($1::text[]) as name where to_regclass(name) is not null',
    [COUNTED_TABLES],
  )
  const counts = Object.fromEntries(COUNTED_TABLES.map((name) => [name, null])) as Record<
    CountedTable,
    number | null
  >
  if (present.length === 0) return counts
  // Table names come from the constant list above, never from input.
  const rows = await db.query<{ name: CountedTable; count: number }>(
    present
      .map(({ name }) => `select '${name}' as name, count(*)::int as count from ${name}`)
      .join(' union all '),
  )
  for (const row of rows) counts[row.name] = row.count
  return counts
}

/** The sites a new owner may belong to, oldest first. */
export function listSites(db: Db): Promise<{ id: string; name: string }[]> {
  return db.query<{ id: string; name: string }>('select id, name from sites order by created_date, id')
}
