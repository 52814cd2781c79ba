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
