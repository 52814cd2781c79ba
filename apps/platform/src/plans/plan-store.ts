import type { Db } from '../db/db.ts'
import type { PlanDuration } from './plan-rules.ts'

/** A plan as stored: what a membership of it covers, lasts and costs (decision 046). */
export interface PlanRow {
  id: string
  site_id: string
  name: string
  description: string
  price_minor: string
  duration_unit: 'DAY' | 'MONTH' | null
  duration_count: number | null
  /** Unlimited when `null`. */
  sessions: number | null
  /** How many times one member may buy it; `null`: no limit, each purchase renews (decision 051). */
  max_purchases_per_member: number | null
  product_ids: string[]
  collection_ids: string[]
  /** The services it covers, one session a booking (migration 038, decision 085). */
  service_ids: string[]
  archived: boolean
  created_date: Date
  updated_date: Date
}

/** What the merchant sets on a plan. */
export interface PlanFields {
  name: string
  description: string
  priceMinor: number
  duration: PlanDuration
  sessions: number | null
  /** How many times one member may buy it (1: once per member); `null`: no limit. */
  maxPurchasesPerMember: number | null
  productIds: readonly string[]
  collectionIds: readonly string[]
  serviceIds: readonly string[]
}

/** A plan's duration as the rules read it. */
export function durationOf(plan: Pick<PlanRow, 'duration_unit' | 'duration_count'>): PlanDuration {
  return plan.duration_unit && plan.duration_count
    ? { unit: plan.duration_unit, count: plan.duration_count }
    : undefined
}

/** The site's plans, oldest first; archived ones only when asked for. */
export async function listPlans(
  db: Db,
  siteId: string,
  options: { includeArchived: boolean },
): Promise<PlanRow[]> {
  return db.query<PlanRow>(
    `select * from plans where site_id = $1 and ($2 or not archived) order by created_date, id`,
    [siteId, options.includeArchived],
  )
}

/** One plan of the site, archived or not; undefined for an id of another site or a malformed one. */
export async function findPlan(db: Db, siteId: string, planId: string): Promise<PlanRow | undefined> {
  const [row] = await db.query<PlanRow>(`select * from plans where site_id = $1 and id::text = $2`, [
    siteId,
    planId,
  ])
  return row
}

/**
 * Stores a new plan, or replaces the fields of one of the site's plans. Ids of products and collections
 * that are not the site's are dropped. Answers the stored plan, undefined when `id` names none of the site's.
 */
export async function savePlan(
  db: Db,
  siteId: string,
  plan: { id: string; isNew: boolean; fields: PlanFields; now: Date },
): Promise<PlanRow | undefined> {
  const { fields } = plan
  const params = [
    plan.id,
    siteId,
    fields.name,
    fields.description,
    fields.priceMinor,
    fields.duration?.unit ?? null,
    fields.duration?.count ?? null,
    fields.sessions,
    fields.productIds,
    fields.collectionIds,
    plan.now,
    fields.maxPurchasesPerMember,
    fields.serviceIds,
  ]
  const owned = `(select coalesce(array_agg(p.id), '{}') from products p where p.site_id = $2 and p.id::text = any($9::text[])),
       (select coalesce(array_agg(c.id), '{}') from collections c where c.site_id = $2 and c.id::text = any($10::text[])),
       (select coalesce(array_agg(s.id), '{}') from booking_services s where s.site_id = $2 and s.id::text = any($13::text[]))`
  const [row] = plan.isNew
    ? await db.query<PlanRow>(
        `insert into plans (id, site_id, name, description, price_minor, duration_unit, duration_count, sessions,
           product_ids, collection_ids, service_ids, created_date, updated_date, max_purchases_per_member)
         values ($1, $2, $3, $4, $5, $6, $7, $8, ${owned}, $11, $11, $12)
         returning *`,
        params,
      )
    : await db.query<PlanRow>(
        `update plans set name = $3, description = $4, price_minor = $5, duration_unit = $6, duration_count = $7,
           sessions = $8, (product_ids, collection_ids, service_ids) = (select ${owned}), updated_date = $11,
           max_purchases_per_member = $12
         where site_id = $2 and id::text = $1
         returning *`,
        params,
      )
  return row
}

/** Archives or restores a plan: an archived plan is sold no more; memberships of it go on. */
export async function setPlanArchived(
  db: Db,
  siteId: string,
  planId: string,
  archived: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    'update plans set archived = $3, updated_date = $4 where site_id = $1 and id::text = $2 returning id',
    [siteId, planId, archived, now],
  )
  return rows.length > 0
}

/** A product, collection or service a plan may cover, by name. */
export interface CoverChoice {
  id: string
  name: string
}

/**
 * The site's products, collections and services by name (what a plan may cover), or only those of `only`
 * (a plan's cover as the shopper reads it): one statement.
 */
export async function coverChoices(
  db: Db,
  siteId: string,
  only?: { productIds: readonly string[]; collectionIds: readonly string[]; serviceIds: readonly string[] },
): Promise<{ products: CoverChoice[]; collections: CoverChoice[]; services: CoverChoice[] }> {
  const [row] = await db.query<{
    products: CoverChoice[] | null
    collections: CoverChoice[] | null
    services: CoverChoice[] | null
  }>(
    `select
       (select json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name, p.id) from products p
         where p.site_id = $1 and ($2::text[] is null or p.id::text = any($2::text[]))) as products,
       (select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id) from collections c
         where c.site_id = $1 and ($3::text[] is null or c.id::text = any($3::text[]))) as collections,
       (select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name, s.id) from booking_services s
         where s.site_id = $1 and ($4::text[] is null or s.id::text = any($4::text[]))) as services`,
    [
      siteId,
      only ? [...only.productIds] : null,
      only ? [...only.collectionIds] : null,
      only ? [...only.serviceIds] : null,
    ],
  )
  return { products: row?.products ?? [], collections: row?.collections ?? [], services: row?.services ?? [] }
}
