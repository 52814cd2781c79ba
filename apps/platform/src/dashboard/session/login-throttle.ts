import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/db.ts'

/** Failed sign-ins allowed per e-mail and address within the window. */
export const LOGIN_FAILURE_LIMIT = 10
/**
 * Failed sign-ins allowed per e-mail from all addresses together within the window: guesses spread over
 * many addresses stop here. Twice the per-address limit, so one mistyping owner never reaches it alone.
 */
export const ACCOUNT_FAILURE_LIMIT = 2 * LOGIN_FAILURE_LIMIT
export const LOGIN_WINDOW_SECONDS = 15 * 60

/** An attempt that may go ahead (`finish` it with the outcome) or must wait `retryAfterSeconds`. */
export type LoginAttempt =
  | { allowed: true; finish(succeeded: boolean): Promise<void> }
  | { allowed: false; retryAfterSeconds: number }

// Any fixed number: the class of advisory locks that serialise attempts on one e-mail.
const THROTTLE_LOCK = 7_310_428

/** When the oldest of `recent` failures (newest first) ages out of the window: the seconds to wait. */
function waitFor(recent: readonly { failed_date: Date }[], now: Date): number {
  const freeAt = new Date(recent[recent.length - 1]!.failed_date).getTime() + LOGIN_WINDOW_SECONDS * 1000
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000))
}

/**
 * Starts a sign-in attempt for an e-mail from an address. The attempt is counted as a failure before
 * the password is checked, under a lock on that e-mail, so a burst of concurrent guesses gets exactly
 * the limit through. It is refused at {@link LOGIN_FAILURE_LIMIT} failures of that e-mail from that
 * address, or at {@link ACCOUNT_FAILURE_LIMIT} from all addresses; a success then clears the failures
 * of that e-mail and address.
 */
export async function startLoginAttempt(
  db: Db,
  key: { email: string; ip: string },
  now: Date,
): Promise<LoginAttempt> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_SECONDS * 1000)
  const retryAfter = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [THROTTLE_LOCK, key.email])
    await tx.query('delete from dashboard_login_failures where failed_date <= $1', [windowStart])
    const recent = await tx.query<{ failed_date: Date; ip: string }>(
      `select failed_date, ip from dashboard_login_failures
       where email = $1 and failed_date > $2 order by failed_date desc limit $3`,
      [key.email, windowStart, ACCOUNT_FAILURE_LIMIT],
    )
    if (recent.length >= ACCOUNT_FAILURE_LIMIT) return waitFor(recent, now)
    const fromAddress = recent.filter((failure) => failure.ip === key.ip).slice(0, LOGIN_FAILURE_LIMIT)
    // The oldest of the last `limit` failures must age out before one more attempt fits.
    if (fromAddress.length >= LOGIN_FAILURE_LIMIT) return waitFor(fromAddress, now)
    await tx.query(
      'insert into dashboard_login_failures (id, email, ip, failed_date) values ($1, $2, $3, $4)',
      [randomUUID(), key.email, key.ip, now],
    )
    return undefined
  })
  if (retryAfter !== undefined) return { allowed: false, retryAfterSeconds: retryAfter }
  return {
    allowed: true,
    async finish(succeeded) {
      if (succeeded)
        await db.query('delete from dashboard_login_failures where email = $1 and ip = $2', [
          key.email,
          key.ip,
        ])
    },
  }
}
