import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { ValidationError } from '../../http/errors.ts'
import { parseWith } from '../../http/validation.ts'
import { createOwnerCaller } from '../../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../../testing/test-platform.ts'
import type { CatalogueWriteDeps } from './merchant-product-writes.ts'
import { ProductEditorBody, saveProductEditor } from './product-editor-writes.ts'

const colours = (...names: string[]) => ({
  name: 'Colour',
  optionType: 'color',
  choices: names.map((name, index) => ({ description: name, value: `#00000${index}` })),
})

describe.each(databaseKinds())('saveProductEditor on %s', (kind) => {
  let db: Db
  let deps: CatalogueWriteDeps
  let owner: MerchantCaller
  let pictures: string[]
  let collection: string
  const save = (body: Record<string, unknown>, id?: string) =>
    saveProductEditor(deps, owner, { ...parseWith(ProductEditorBody, body), id })
  const events = (entityId: string) =>
    db.query<{ type: string }>('select type from events where entity_id = $1 order by type', [entityId])

  beforeAll(async () => {
    db = await openTestDatabase(kind)
    deps = { db, clock: () => new Date(), publicUrl: TEST_PUBLIC_URL }
    owner = await createOwnerCaller(db)
    pictures = (await db.query<{ id: string }>('select id from media_files order by id limit 3')).map(
      (r) => r.id,
    )
    collection = (await db.query<{ id: string }>("select id from collections where slug = 'gifts'"))[0]!.id
  })
  afterAll(() => db.close())

  it('creates a product with its images in order, a choice’s image and a collection in one call', async () => {
    const [a, b, c] = pictures as [string, string, string]
    const { product } = await save({
      product: { name: 'Editor Scarf', priceData: { price: 30 }, productOptions: [colours('Moss', 'Sand')] },
      mediaIds: [c, a, b],
      choiceMedia: [{ option: 'Colour', choice: 'Sand', mediaIds: [a] }],
      collectionIds: [collection],
    })
    expect(product.media.items.map((item) => item.id)).toEqual([c, a, b])
    expect(product.media.mainMedia?.id).toBe(c)
    expect(product.productOptions[0]!.choices[1]!.media.items.map((item) => item.id)).toEqual([a])
    expect(product.collectionIds).toEqual([collection])
    expect((await events(product.id)).map((e) => e.type)).toEqual(['product.created'])
    expect((await events(collection)).map((e) => e.type)).toContain('collection.changed')
  })

  it('passes over the change of a variant the same save removes, and applies the others', async () => {
    const { product } = await save({
      product: { name: 'Editor Mug', priceData: { price: 12 }, productOptions: [colours('Red', 'Blue')] },
    })
    const variants = await db.query<{ id: string; choices: Record<string, string> }>(
      'select id, choices from product_variants where product_id = $1 order by position',
      [product.id],
    )
    const [red, blue] = variants
    const { product: after } = await save(
      {
        product: { name: 'Editor Mug', priceData: { price: 12 }, productOptions: [colours('Blue')] },
        variants: [
          { variantIds: [red!.id], price: 20 },
          { variantIds: [blue!.id], price: 15 },
        ],
      },
      product.id,
    )
    expect(after.productOptions[0]!.choices.map((choice) => choice.description)).toEqual(['Blue'])
    const left = await db.query<{ id: string; price_minor: number | null }>(
      'select id, price_minor from product_variants where product_id = $1',
      [product.id],
    )
    expect(left).toEqual([{ id: blue!.id, price_minor: 1500 }])
    expect((await events(product.id)).map((e) => e.type)).toEqual([
      'product.changed',
      'product.created',
      'product.variants_changed',
    ])
  })

  it('refuses a choice image that is not the product’s and a collection of no store, changing nothing', async () => {
    const [a, b] = pictures as [string, string]
    const { product } = await save({
      product: { name: 'Editor Tote', priceData: { price: 18 }, productOptions: [colours('Ink')] },
      mediaIds: [a],
    })
    const refusal = await save(
      {
        product: { name: 'Editor Tote', priceData: { price: 99 }, productOptions: [colours('Ink')] },
        mediaIds: [a],
        choiceMedia: [{ option: 'Colour', choice: 'Ink', mediaIds: [b] }],
        collectionIds: ['00000000-0000-4000-8000-000000000000'],
      },
      product.id,
    ).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ValidationError)
    expect((refusal as ValidationError).fieldViolations.map((v) => v.field)).toEqual([
      'choiceMedia[0].mediaIds',
      'collectionIds[0]',
    ])
    const rows = await db.query<{ price_minor: number; updated_date: Date }>(
      'select price_minor, updated_date from products where id = $1',
      [product.id],
    )
    expect(rows[0]!.price_minor).toBe(1800)
    expect((await events(product.id)).map((e) => e.type)).toEqual(['product.created'])
  })
})
