import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import type { FieldPaths } from '../testing/wire-types.ts'
import type { CartSchema } from './cart-schemas.ts'
import type { WireCart } from './cart-wire.ts'

type SchemaCart = z.output<typeof CartSchema>

// Checked by the type checker (`npm run typecheck`): a mapper that drifts from the schema fails to compile.
describe('WireCart', () => {
  it('fits the cart response schema, with the same fields at every depth', () => {
    expectTypeOf<WireCart>().toExtend<SchemaCart>()
    expectTypeOf<FieldPaths<WireCart>>().toEqualTypeOf<FieldPaths<SchemaCart>>()
  })
})
