import { z } from 'zod'
import type { MembershipRow } from './membership-store.ts'

/** A membership as the wire shows it to its member (decision 046). */
export const MembershipSchema = z.object({
  id: z.string().describe("the membership's id: what `selectedMemberships[].id` of an estimate names"),
  planId: z.string().describe('the plan it was bought from'),
  name: z.string().describe("the plan's name when it was bought"),
  productIds: z.array(z.string()).describe('the products it covers'),
  collectionIds: z.array(z.string()).describe('the collections whose products it covers'),
  sessionsTotal: z
    .number()
    .optional()
    .describe('how many sessions it came with; absent for unlimited sessions'),
  sessionsLeft: z
    .number()
    .optional()
    .describe('how many sessions are left (each line it pays for uses one); absent for unlimited sessions'),
  startDate: z.string().describe('when it was bought (ISO 8601)'),
  expirationDate: z
    .string()
    .optional()
    .describe('the first instant it no longer pays (ISO 8601); absent when it never expires'),
  status: z
    .enum(['ACTIVE', 'EXPIRED', 'USED_UP', 'ENDED'])
    .describe(
      'ACTIVE pays for lines it covers; EXPIRED is past its expiration date; USED_UP has no session left; ENDED was ended before its time (its purchase refunded)',
    ),
})

/** A membership as the wire shows it: `MembershipSchema`'s shape. */
export type WireMembership = z.output<typeof MembershipSchema>

/** The wire form of a stored membership, its status as of `now`. */
export function toWireMembership(row: MembershipRow, now: Date): WireMembership {
  const expired = row.expiration_date !== null && now.getTime() >= row.expiration_date.getTime()
  return {
    id: row.id,
    planId: row.plan_id,
    name: row.name,
    productIds: row.product_ids,
    collectionIds: row.collection_ids,
    ...(row.sessions_total === null ? {} : { sessionsTotal: row.sessions_total }),
    ...(row.sessions_left === null ? {} : { sessionsLeft: row.sessions_left }),
    startDate: new Date(row.start_date).toISOString(),
    ...(row.expiration_date ? { expirationDate: new Date(row.expiration_date).toISOString() } : {}),
    status: row.ended_date ? 'ENDED' : expired ? 'EXPIRED' : row.sessions_left === 0 ? 'USED_UP' : 'ACTIVE',
  }
}
