import { z } from 'zod'

/**
 * A filter field of the small queries of the verticals' reads (events, ticket definitions, plans): one
 * value, `{ $eq: value }` or `{ $in: [values] }`, as the Wix query builders send `.eq` and `.in`.
 */
export const OneOrIn = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.object({ $in: z.array(schema).max(100) }), z.object({ $eq: schema })])

/** The values a {@link OneOrIn} field names; `undefined` when the filter leaves it out. */
export const picked = <T>(value: T | { $in: T[] } | { $eq: T } | undefined): T[] | undefined =>
  value === undefined
    ? undefined
    : typeof value === 'object' && value !== null && '$in' in value
      ? value.$in
      : typeof value === 'object' && value !== null && '$eq' in value
        ? [value.$eq]
        : [value as T]

/** The paging of those queries: `limit` (at most 100, 50 by default) and `offset`. */
export const OffsetPaging = z
  .object({
    limit: z.number().int().min(1).max(100).default(50),
    offset: z.number().int().min(0).default(0),
  })
  .default({ limit: 50, offset: 0 })

/**
 * The body of those queries as the Wix query builders send it: `{ query: { filter, paging, sort } }`, the
 * filter's fields strict (an unknown one is refused), `sort` accepted and ignored (`order` says the order
 * the answer comes in instead), everything optional.
 */
export const QueryBody = <F extends z.ZodRawShape>(filter: F, order: string) =>
  z.object({
    query: z
      .object({
        // Every filter field is optional, so the empty filter is one (the type cannot see that for any F).
        filter: z
          .object(filter)
          .strict()
          .default({} as never),
        paging: OffsetPaging,
        sort: z.array(z.unknown()).max(10).optional().describe(`accepted and ignored: ${order}`),
      })
      .default({ filter: {} as never, paging: { limit: 50, offset: 0 } }),
  })
