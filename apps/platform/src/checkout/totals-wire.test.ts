import { describe, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import type { FieldPaths } from '../testing/wire-types.ts'
import type { WireTotals, WireTotalsSchema } from './totals-wire.ts'

type SchemaTotals = z.output<typeof WireTotalsSchema>

// Checked by the type checker (`npm run typecheck`): a mapper that drifts from the schema fails to compile.
describe('WireTotals', () => {
  it('fits the totals estimate schema, with the same fields at every depth', () => {
    expectTypeOf<WireTotals>().toExtend<SchemaTotals>()
    expectTypeOf<FieldPaths<WireTotals>>().toEqualTypeOf<FieldPaths<SchemaTotals>>()
  })
})
