import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import type { MerchantCaller, ShopperCaller } from '../http/caller.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { apiKeyPermissions } from '../sites/api-key-store.ts'
import { getSite } from '../sites/site-store.ts'

/**
 * A site owner of the demo store as the dashboard passes them to domain functions: a merchant with
 * every permission, no API key, and a site user id that events name as their source.
 */
export async function createOwnerCaller(db: Db, siteUserId: string = randomUUID()): Promise<MerchantCaller> {
  return {
    kind: 'merchant',
    siteId: DEMO_SITE_ID,
    site: await getSite(db, DEMO_SITE_ID),
    apiKeyId: '',
    siteUserId,
    permissions: apiKeyPermissions,
  }
}

/** A visitor of the demo store, as the token check passes them to domain functions. */
export async function createVisitorCaller(
  db: Db,
  subjectId = 'v1',
  clientId = 'storefront',
): Promise<ShopperCaller> {
  return { kind: 'visitor', siteId: DEMO_SITE_ID, site: await getSite(db, DEMO_SITE_ID), clientId, subjectId }
}
