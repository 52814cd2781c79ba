// A statement that starts as a read...
const READ_START = /^\s*(select|with|values|table|show)\b/i
// ...but writes, locks rows (`for update`, `for share`) or has effects a standby refuses or must not skip.
const WRITES_OR_LOCKS =
  /\b(insert|update|delete|merge|share|nextval|setval|pg_advisory\w*|pg_notify|set_config|txid_current|pg_current_xact_id|pg_current_snapshot|pg_current_wal\w*)\b/i

/**
 * The verdicts on texts met before: a process sends the same few hundred statement texts again and
 * again, some of them kilobytes long, and the routing asks about every one (0.4 ms of CPU per order in
 * the funnel's profile). Bounded: a text made with its values in it cannot grow it past this.
 */
const verdicts = new Map<string, boolean>()
const MAX_VERDICTS = 2000

/**
 * Whether a statement only reads, so that a read replica may answer it. Conservative: a statement
 * that merely mentions a writing keyword (even in a string) counts as a write and goes to the primary.
 */
export function isReadOnlyStatement(sql: string): boolean {
  const known = verdicts.get(sql)
  if (known !== undefined) return known
  const verdict = READ_START.test(sql) && !WRITES_OR_LOCKS.test(sql)
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear()
  verdicts.set(sql, verdict)
  return verdict
}
