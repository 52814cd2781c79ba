import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import type { Drift, NoDrift } from '../testing/wire-types.ts'
import type { BulkAnswer } from './bulk/bulk-operations.ts'
import type { BulkResponse } from './bulk/bulk-routes.ts'
import type {
  CollectionSchema,
  ProductSchema,
  SelectedVariantSchema,
  StoreVariantSchema,
  VariantSchema,
} from './catalogue-schemas.ts'
import type { toWireCollection } from './collections/collection-wire.ts'
import type {
  toWireProduct,
  toWireSelectedVariant,
  toWireStoreVariant,
  toWireVariant,
} from './products/product-wire.ts'

/** How what a mapper sends differs from what its schema declares ({@link NoDrift} when it does not). */
type MapperDrift<Sent, Schema extends z.ZodType> = Drift<z.output<Schema>, Sent>

// Checked by the type checker (`npm run typecheck`): the response schemas the SDK's types are held to
// (sdk-wire-types.test.ts) say what the catalogue's mappers really send.
describe('the catalogue’s wire mappers', () => {
  it('send what their response schemas declare, with the same fields at every depth', () => {
    expectTypeOf<
      MapperDrift<ReturnType<typeof toWireProduct>, typeof ProductSchema>
    >().toEqualTypeOf<NoDrift>()
    expectTypeOf<
      MapperDrift<ReturnType<typeof toWireVariant>, typeof VariantSchema>
    >().toEqualTypeOf<NoDrift>()
    expectTypeOf<
      MapperDrift<ReturnType<typeof toWireSelectedVariant>, typeof SelectedVariantSchema>
    >().toEqualTypeOf<NoDrift>()
    expectTypeOf<
      MapperDrift<ReturnType<typeof toWireStoreVariant>, typeof StoreVariantSchema>
    >().toEqualTypeOf<NoDrift>()
    expectTypeOf<
      MapperDrift<ReturnType<typeof toWireCollection>, typeof CollectionSchema>
    >().toEqualTypeOf<NoDrift>()
    expectTypeOf<MapperDrift<BulkAnswer, typeof BulkResponse>>().toEqualTypeOf<NoDrift>()
  })
})
