import type { Db } from '../db/db.ts'
import { insertSecureFile } from '../digital/secure-file-store.ts'
import { insertProductPictures } from './demo-pictures.ts'
import { deterministicId } from './deterministic-id.ts'
import { printablePdf } from './printable-pdf.ts'

/** The demo store's digital product: printable planner pages, a PDF the buyer downloads after paying. */
export const DEMO_DIGITAL_SLUG = 'printable-planner-pages'

/** Before every other demo product (2026-01-01), so lists newest first end with it. */
const CREATED = new Date('2025-12-31T00:00:00Z')

/**
 * Adds the demo store's digital product (decision 047), as `prepareDatabase` seeds the demo store with its
 * commerce settings (the tests' demo template has neither): in no collection, the oldest product; its
 * secure file is a PDF drawn here, kept in the row.
 */
export async function seedDemoDigitalProduct(db: Db, siteId: string): Promise<void> {
  const created = CREATED
  await db.transaction((tx) => insertDigitalProduct(tx, siteId, created))
}

async function insertDigitalProduct(tx: Db, siteId: string, created: Date): Promise<void> {
  const name = 'Printable Planner Pages'
  const productId = deterministicId(`demo/product/${DEMO_DIGITAL_SLUG}`)
  const media = await insertProductPictures(tx, {
    siteId,
    slug: DEMO_DIGITAL_SLUG,
    name,
    noun: 'Planner',
    created,
  })
  await tx.query(
    `insert into products (id, site_id, name, slug, description, product_type, sku, brand, visible, price_minor,
       discount_type, discount_value, discounted_price_minor, track_inventory, in_stock, manage_variants, options,
       media, created_date, updated_date, cost_minor)
     values ($1, $2, $3, $4, $5, 'digital', 'SKU-DIGITAL-1', 'Aisle', true, 600, 'NONE', 0, 600, false, true, false,
       '[]', $6, $7, $7, 0)`,
    [
      productId,
      siteId,
      name,
      DEMO_DIGITAL_SLUG,
      'A week of planner pages to print at home, as a PDF: download it right after paying. Nothing is shipped.',
      JSON.stringify(media),
      created,
    ],
  )
  // A product without options has one variant of no choices, as every product's price and stock need.
  await tx.query(
    `insert into product_variants (id, site_id, product_id, position, choices, price_minor, sku, weight, visible,
       track_quantity, quantity, in_stock)
     values ($1, $2, $3, 0, '{}', null, null, null, true, false, null, true)`,
    [deterministicId(`demo/variant/${DEMO_DIGITAL_SLUG}/{}`), siteId, productId],
  )
  const pdf = printablePdf('Weekly planner', [
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
    '',
    'Notes:',
  ])
  await insertSecureFile(tx, {
    id: deterministicId(`demo/secure-file/${DEMO_DIGITAL_SLUG}`),
    site_id: siteId,
    product_id: productId,
    file_name: 'weekly-planner.pdf',
    content_type: 'application/pdf',
    file_type: 'SECURE_DOCUMENT',
    size_bytes: pdf.byteLength,
    bytes: pdf,
    created_date: created,
  })
}
