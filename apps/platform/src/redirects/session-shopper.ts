import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { getSite } from '../sites/site-store.ts'
import type { RedirectSession } from './redirect-session-store.ts'

/**
 * The visitor or member who created a session, as the shopper its hosted page acts for (their cart,
 * their orders): `undefined` for a member who is no longer active (blocked, deleted) on the site.
 */
export async function findSessionShopper(
  db: Db,
  session: RedirectSession,
): Promise<ShopperCaller | undefined> {
  if (session.creator.role === 'member') {
    const member = await queryOne<{ status: string }>(
      db,
      'select status from members where id = $1 and site_id = $2',
      [session.creator.id, session.siteId],
    )
    if (member?.status !== 'ACTIVE') return undefined
  }
  return {
    kind: session.creator.role,
    siteId: session.siteId,
    site: await getSite(db, session.siteId),
    clientId: session.clientId,
    subjectId: session.creator.id,
  }
}
