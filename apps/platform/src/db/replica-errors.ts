import { SOCKET_ERRORS } from './database-unavailable.ts'

// SQLSTATE classes and codes after which the same statement can run on the primary instead:
// 08 connection exception, 57P01-57P03 the server shutting down or starting, 25006 a write in a
// read-only transaction (a standby), 40001 a query cancelled by a conflict with recovery.
const RETRY_ON_PRIMARY_STATES = /^(08...|57P0[123]|25006|40001)$/

/**
 * Whether a replica's error means "ask the primary instead": the replica is down, restarting or
 * unreachable, refused a write, or cancelled the query for replay. Other errors (bad SQL, a violated
 * constraint) would fail on the primary too and are rethrown.
 */
export function isReplicaFallbackError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (RETRY_ON_PRIMARY_STATES.test(code) || SOCKET_ERRORS.has(code))) return true
  // node-postgres reports a connection that ended under it without a code.
  return /Connection terminated|connection (timeout|ended)|Client has encountered a connection error/i.test(
    error.message,
  )
}
