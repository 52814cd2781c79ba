import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { slugify } from './products/product-input.ts'

const entityOf = { products: 'product', collections: 'collection', ticketed_events: 'event' } as const

/**
 * A slug free among the site's products, collections or events: the one asked for (409 `SLUG_TAKEN` when
 * another row has it), or one derived from the name with `-2`, `-3`... until free. `exceptId` is the
 * row being renamed, which may keep its own slug.
 */
export async function chooseFreeSlug(
  tx: Db,
  options: {
    table: keyof typeof entityOf
    siteId: string
    name: string
    wanted?: string | undefined
    exceptId?: string | undefined
  },
): Promise<string> {
  const taken = async (slug: string) =>
    (
      await tx.query(
        `select 1 from ${options.table} where site_id = $1 and slug = $2 and id is distinct from $3`,
        [options.siteId, slug, options.exceptId ?? null],
      )
    ).length > 0
  if (options.wanted) {
    if (await taken(options.wanted)) {
      throw new ApplicationError(
        'SLUG_TAKEN',
        `Another ${entityOf[options.table]} already has the slug "${options.wanted}"`,
        {
          slug: options.wanted,
        },
      )
    }
    return options.wanted
  }
  const base = slugify(options.name)
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`
    if (!(await taken(slug))) return slug
  }
}
