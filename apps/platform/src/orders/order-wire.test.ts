import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import type { FieldPaths } from '../testing/wire-types.ts'
import type { OrderSchema, WireOrder } from './order-wire.ts'

type SchemaOrder = z.output<typeof OrderSchema>

// Checked by the type checker (`npm run typecheck`): a mapper that drifts from the schema fails to compile.
describe('WireOrder', () => {
  it('fits the order response schema, with the same fields at every depth', () => {
    expectTypeOf<WireOrder>().toExtend<SchemaOrder>()
    expectTypeOf<FieldPaths<WireOrder>>().toEqualTypeOf<FieldPaths<SchemaOrder>>()
  })
})
