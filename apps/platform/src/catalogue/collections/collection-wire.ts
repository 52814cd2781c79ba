import { toWireMediaItem } from '../products/product-wire.ts'
import type { CollectionRow } from './collection-store.ts'

/** The catalogue v2 wire form of a collection. */
export function toWireCollection(row: CollectionRow, publicUrl: string) {
  const items = row.media.map((m) => toWireMediaItem(m, publicUrl))
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    media: { mainMedia: items[0], items },
    numberOfProducts: row.number_of_products,
    visible: row.visible,
    createdDate: row.created_date.toISOString(),
    updatedDate: row.updated_date.toISOString(),
  }
}
