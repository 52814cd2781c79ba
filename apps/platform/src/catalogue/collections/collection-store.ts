import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import type { QueryFields } from '../../query/filter-compiler.ts'
import { compileQuery, type Query } from '../../query/query-request.ts'
import type { Audience, ProductMedia } from '../products/product-store.ts'

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

const collectionColumns = `c.id, c.slug, c.name, c.description, c.media, c.visible, c.created_date, c.updated_date,
  (select count(*)::int from product_collections pc join products p on p.id = pc.product_id
    where pc.collection_id = c.id and ($2 or p.visible)) as number_of_products`

/** The collection with this id, with how many products the audience can see in it. */
export async function findCollection(
  db: Db,
  audience: Audience,
  id: string,
): Promise<CollectionRow | undefined> {
  return queryOne<CollectionRow>(
    db,
    `select ${collectionColumns} from collections c where c.site_id = $1 and c.id = $3 and ($2 or c.visible)`,
    [audience.siteId, audience.includeHidden, id],
  )
}

/** The collection with this slug in the audience's site, if it may see it. */
export async function findCollectionBySlug(
  db: Db,
  audience: Audience,
  slug: string,
): Promise<CollectionRow | undefined> {
  return queryOne<CollectionRow>(
    db,
    `select ${collectionColumns} from collections c where c.site_id = $1 and c.slug = $3 and ($2 or c.visible)`,
    [audience.siteId, audience.includeHidden, slug],
  )
}

const collectionQueryFields: QueryFields = {
  id: { sql: 'c.id', type: 'id' },
  slug: { sql: 'c.slug', type: 'string', sortable: true },
  name: { sql: 'c.name', type: 'string', sortable: true },
  visible: { sql: 'c.visible', type: 'boolean' },
  createdDate: { sql: 'c.created_date', type: 'date', sortable: true },
  updatedDate: { sql: 'c.updated_date', type: 'date', sortable: true },
}

/** One page of collections matching the query (name order by default), and the total that match. */
export async function queryCollections(
  db: Db,
  audience: Audience,
  query: Query,
): Promise<{ rows: CollectionRow[]; total: number; offset: number }> {
  const compiled = compileQuery(query, collectionQueryFields, {
    params: [audience.siteId, audience.includeHidden],
    defaultOrder: 'c.name asc, c.id asc',
    tieBreak: 'c.id asc',
  })
  const where = `c.site_id = $1 and ($2 or c.visible) and (${compiled.where})`
  const [rows, counted] = await Promise.all([
    db.query<CollectionRow>(
      `select ${collectionColumns} from collections c where ${where} order by ${compiled.orderBy} limit ${compiled.limit} offset ${compiled.offset}`,
      compiled.params,
    ),
    queryOne<{ total: number }>(
      db,
      `select count(*)::int as total from collections c where ${where}`,
      compiled.params,
    ),
  ])
  return { rows, total: counted?.total ?? 0, offset: compiled.offset }
}
