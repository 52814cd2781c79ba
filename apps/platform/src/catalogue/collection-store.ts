import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import type { Audience, ProductMedia } from './product-store.ts'

export interface CollectionRow {
  id: string
  slug: string
  name: string
  description: string
  media: ProductMedia[]
  visible: boolean
  created_date: Date
  updated_date: Date
  number_of_products: number
}

/** The collection with this id, with how many products the audience can see in it. */
export async function findCollection(
  db: Db,
  audience: Audience,
  id: string,
): Promise<CollectionRow | undefined> {
  return queryOne<CollectionRow>(
    db,
    `select c.*, (select count(*)::int from product_collections pc join products p on p.id = pc.product_id
                  where pc.collection_id = c.id and ($3 or p.visible)) as number_of_products
       from collections c where c.site_id = $1 and c.id = $2 and ($3 or c.visible)`,
    [audience.siteId, id, audience.includeHidden],
  )
}
