// SQLSTATE codes of a server that is gone, restarting or full: 08 connection exception, 57P01-57P03
// the server shutting down, crashing or starting up, 53300 too many connections.
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/
/** Node socket errors of a server that is gone or unreachable. */
export const SOCKET_ERRORS: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
// node-postgres and its pool report a lost or timed-out connection without a code.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection (timeout|ended)|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i

/**
 * Whether `error` (or an error it wraps as its `cause`) means the database cannot be reached right now:
 * the server is down, restarting, refusing connections or out of connections. Such a request may
 * succeed if sent again a moment later, unlike one that broke a constraint or hit bad SQL.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  let current = error
  // A cause chain is short; the bound only guards against a cycle.
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || SOCKET_ERRORS.has(code))) return true
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true
    current = current.cause
  }
  return false
}
