import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { OneOrIn, picked, QueryBody } from '../query/one-or-in-filter.ts'
import { findMembershipsOfMember } from './membership-store.ts'
import { MembershipSchema, toWireMembership } from './membership-wire.ts'
import { listPlans } from './plan-store.ts'
import { PublicPlanSchema, toWirePublicPlan } from './public-plan-wire.ts'

export const QueryPublicPlansBody = QueryBody(
  { id: OneOrIn(z.string().max(100)).optional() },
  'plans come oldest first',
)

export const QueryPublicPlansResponse = z.object({
  plans: z.array(PublicPlanSchema).describe('the plans on sale, oldest first'),
  pagingMetadata: z.object({ count: z.number(), offset: z.number(), total: z.number() }),
})

/**
 * `GET /ecom/v1/memberships/my`: the caller's own memberships, newest first (none for a visitor); and
 * `GET /ecom/v1/plans/public` and `POST /ecom/v1/plans/public/query`: the plans the shop sells, for any
 * shopper (the paths `@wix/pricing-plans` sends are aliases, decision 078).
 */
export function registerMembershipRoutes(api: Api, deps: { db: Db; clock: Clock }) {
  api.route(
    {
      method: 'get',
      path: '/ecom/v1/memberships/my',
      operationId: 'listMyMemberships',
      summary:
        "The caller's own memberships (plans bought), newest first, with sessions left and expiry; a visitor holds none",
      tag: 'Memberships',
      auth: 'shopper',
      response: z.object({
        memberships: z.array(MembershipSchema).describe("the member's memberships, newest first"),
      }),
      cacheControl: 'private, no-store',
    },
    async ({ caller }) => {
      if (caller.kind !== 'member') return { memberships: [] }
      const rows = await findMembershipsOfMember(deps.db, caller.siteId, caller.subjectId)
      const now = deps.clock()
      return { memberships: rows.map((row) => toWireMembership(row, now)) }
    },
  )

  api.route(
    {
      method: 'get',
      path: '/ecom/v1/plans/public',
      operationId: 'listPublicPlans',
      summary:
        'The plans the shop sells (archived ones left out), oldest first: price, duration, sessions and what each covers; buy one through a paidPlansCheckout redirect session',
      tag: 'Memberships',
      auth: 'shopper',
      response: z.object({ plans: z.array(PublicPlanSchema).describe('the plans on sale, oldest first') }),
      cacheControl: 'no-cache',
    },
    async ({ caller }) => {
      const rows = await listPlans(deps.db, caller.siteId, { includeArchived: false })
      return { plans: rows.map((row) => toWirePublicPlan(row, caller.site.currency)) }
    },
  )
  api.route(
    {
      method: 'post',
      path: '/ecom/v1/plans/public/query',
      operationId: 'queryPublicPlans',
      summary:
        'The plans the shop sells (archived ones left out), by id and paged, oldest first; buy one through a paidPlansCheckout redirect session',
      tag: 'Memberships',
      auth: 'shopper',
      body: QueryPublicPlansBody,
      response: QueryPublicPlansResponse,
      cacheControl: 'no-cache',
    },
    async ({ caller, body }) => {
      const { filter, paging } = body.query
      const ids = picked(filter.id)
      const rows = (await listPlans(deps.db, caller.siteId, { includeArchived: false })).filter(
        (row) => !ids || ids.includes(row.id),
      )
      const page = rows.slice(paging.offset, paging.offset + paging.limit)
      return {
        plans: page.map((row) => toWirePublicPlan(row, caller.site.currency)),
        pagingMetadata: { count: page.length, offset: paging.offset, total: rows.length },
      }
    },
  )
}
