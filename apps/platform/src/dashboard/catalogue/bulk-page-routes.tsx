import type { ReactNode } from 'react'
import {
  BulkAdjustProductsBody,
  type BulkAnswer,
  BulkUpdateProductsBody,
  bulkAdjustProductProperty,
  bulkUpdateProductsProperty,
  undoBulkOperation,
} from '../../catalogue/bulk/bulk-operations.ts'
import type { Api } from '../../http/api.ts'
import { ApiError, ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { isUuid, parseWith } from '../../http/validation.ts'
import { formatMoney, toMinor } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { streamPage } from '../../pages/render-page.tsx'
import { renderDashboardPage } from '../dashboard-layout.tsx'
import { createDashboardRoutes } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import {
  BulkApplyPage,
  BulkFormPage,
  type BulkFormValues,
  type BulkMode,
  BulkPreviewPage,
  type BulkPreviewRow,
  BulkProgress,
  type BulkProperty,
  BulkResult,
  type BulkSelection,
  BulkUndonePage,
} from './bulk-pages.tsx'
import {
  findAllProductIds,
  findProductPage,
  ProductFilterQuery,
  type ProductFilters,
} from './catalogue-lists.ts'

/** The most products one bulk change takes (the 10k benchmark catalogue fits). */
export const MAX_BULK_PRODUCTS = 10_000
// The bulk API takes at most 1,000 ids a call; previews (which write nothing) use whole calls.
const PREVIEW_CHUNK = 1_000

/**
 * The bulk change of a form, on some of its products: set (update) or adjust by an amount or a
 * percentage, its input checked with the API's schema.
 */
function toBulkChange(deps: DashboardDeps, owner: Owner, values: BulkFormValues, value: number) {
  const { property, mode } = values
  if (mode === 'set')
    return (ids: string[], preview: boolean): Promise<BulkAnswer> =>
      bulkUpdateProductsProperty(
        deps,
        owner.caller,
        parseWith(BulkUpdateProductsBody, { ids, set: { [property]: value }, preview }),
      )
  const by = mode === 'amount' ? { amount: value } : { percentage: value }
  return (ids: string[], preview: boolean): Promise<BulkAnswer> =>
    bulkAdjustProductProperty(
      deps,
      owner.caller,
      parseWith(BulkAdjustProductsBody, { ids, adjust: { [property]: by }, preview }),
    )
}

function readBulkForm(form: FormFields): {
  values: BulkFormValues
  value?: number
  violations: FieldViolation[]
} {
  const property = form.text('property')
  const mode = form.text('mode')
  const values: BulkFormValues = {
    property: property === 'cost' || property === 'weight' ? property : 'price',
    mode: mode === 'amount' || mode === 'percent' ? (mode as BulkMode) : 'set',
    value: form.text('value').trim(),
  }
  if (!/^-?\d+(?:\.\d+)?$/.test(values.value))
    return {
      values,
      violations: [{ field: 'value', description: 'must be a number such as 12.50', violatedRule: 'FORMAT' }],
    }
  return { values, value: Number(values.value), violations: [] }
}

function readIds(text: string): string[] {
  const ids = text.split(',').filter((id) => id !== '')
  if (ids.length === 0 || ids.length > MAX_BULK_PRODUCTS || !ids.every((id) => isUuid(id)))
    throw new ValidationError([
      {
        field: 'ids',
        description: `must be 1 to ${MAX_BULK_PRODUCTS} product ids`,
        violatedRule: 'VALIDATION',
      },
    ])
  return [...new Set(ids)]
}

/** Yields what is pushed, as it is pushed, until `end`; the producer never waits for the reader. */
function createPartQueue() {
  const parts: ReactNode[] = []
  let ended = false
  let wake: (() => void) | undefined
  return {
    push(part: ReactNode) {
      parts.push(part)
      wake?.()
    },
    end() {
      ended = true
      wake?.()
    },
    async *[Symbol.asyncIterator]() {
      while (true) {
        if (parts.length > 0) yield parts.shift()
        else if (ended) return
        else await new Promise<void>((resolve) => (wake = resolve))
      }
    },
  }
}

/**
 * Applies a bulk change to `ids` in transactions of `bulkChunkSize` products, pushing the progress and
 * then the result (with the operations to undo, and what stopped it, if anything) to `parts`.
 */
async function applyInChunks(
  deps: DashboardDeps,
  job: {
    owner: Owner
    ids: readonly string[]
    bulkChange: (ids: string[], preview: boolean) => Promise<BulkAnswer>
    parts: ReturnType<typeof createPartQueue>
    requestId: string
  },
) {
  const { owner, ids, bulkChange, parts, requestId } = job
  const operations: string[] = []
  let changed = 0
  parts.push(<BulkProgress done={0} total={ids.length} />)
  try {
    for (let at = 0; at < ids.length; at += deps.bulkChunkSize) {
      const chunk = ids.slice(at, at + deps.bulkChunkSize)
      const answer = await bulkChange(chunk, false)
      if (answer.bulkOperationId) operations.push(answer.bulkOperationId)
      changed += answer.changes.length
      if (changed < ids.length) parts.push(<BulkProgress done={changed} total={ids.length} />)
    }
    parts.push(<BulkResult owner={owner} changed={changed} total={ids.length} operations={operations} />)
  } catch (error) {
    if (!(error instanceof ApiError))
      deps.logger.error('bulk change stopped', {
        requestId,
        error:
          error instanceof Error
            ? { name: error.name, message: error.message, stack: error.stack }
            : String(error),
      })
    const problem =
      error instanceof ValidationError
        ? error.fieldViolations.map((v) => `${v.field} ${v.description}`).join('; ')
        : error instanceof ApplicationError
          ? error.description
          : 'an internal error'
    parts.push(
      <BulkResult
        owner={owner}
        changed={changed}
        total={ids.length}
        operations={operations}
        problem={problem}
      />,
    )
  } finally {
    parts.end()
  }
}

/** Bulk price, cost and weight changes: pick, preview, apply with progress, undo. */
export function registerBulkPages(api: Api, deps: DashboardDeps) {
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  async function formPage(
    owner: Owner,
    selection: BulkSelection,
    options: { values?: BulkFormValues; violations?: FieldViolation[]; status?: number } = {},
  ) {
    const count =
      selection.kind === 'ids'
        ? selection.ids.length
        : (await findProductPage(deps, owner.caller, selection.filters, 1)).total
    return renderDashboardPage(
      <BulkFormPage
        owner={owner}
        selection={selection}
        count={count}
        values={options.values ?? { property: 'price', mode: 'set', value: '' }}
        violations={options.violations ?? []}
      />,
      deps,
      options.status,
    )
  }

  function display(owner: Owner, property: BulkProperty, value: number | null): string {
    if (value === null) return '—'
    const { site } = owner.session
    if (property === 'weight') return `${value} ${site.weightUnit.toLowerCase()}`
    return formatMoney(toMinor(value, site.currency), site.currency, site.locale)
  }

  page(
    {
      path: '/dashboard/bulk',
      operationId: 'dashboardBulkByFilter',
      summary: "The bulk change form for every product matching the product list's filters",
      query: ProductFilterQuery,
    },
    async (owner, { query }) => formPage(owner, { kind: 'filter', filters: query }),
  )

  postForm(
    {
      path: '/dashboard/bulk',
      operationId: 'dashboardBulkByPick',
      summary: 'The bulk change form for the products checked in the list (form: ids)',
    },
    async (owner, form) => {
      const ids = form.texts('ids').filter((id) => isUuid(id))
      if (ids.length === 0) {
        return formPage(
          owner,
          { kind: 'ids', ids: [] },
          {
            violations: [
              {
                field: 'selection',
                description: 'is empty: check some products first',
                violatedRule: 'MIN_SIZE',
              },
            ],
            status: 400,
          },
        )
      }
      return formPage(owner, { kind: 'ids', ids })
    },
  )

  postForm(
    {
      path: '/dashboard/bulk/preview',
      operationId: 'dashboardBulkPreview',
      summary: 'Preview a bulk change (form: ids or scope=filter with the filters, property, mode, value)',
    },
    async (owner, form) => {
      const filters: ProductFilters = parseWith(ProductFilterQuery, {
        q: form.text('q'),
        collection: form.text('collection'),
        status: form.text('status'),
        stock: form.text('stock'),
      })
      const selection: BulkSelection =
        form.text('scope') === 'filter'
          ? { kind: 'filter', filters }
          : { kind: 'ids', ids: readIds(form.text('ids')) }
      const { values, value, violations } = readBulkForm(form)
      if (value === undefined) return formPage(owner, selection, { values, violations, status: 400 })
      try {
        const ids =
          selection.kind === 'ids'
            ? selection.ids
            : await findAllProductIds(deps, owner.caller, filters, MAX_BULK_PRODUCTS)
        const bulkChange = toBulkChange(deps, owner, values, value)
        const rows: BulkPreviewRow[] = []
        for (let at = 0; at < ids.length; at += PREVIEW_CHUNK) {
          const answer = await bulkChange(ids.slice(at, at + PREVIEW_CHUNK), true)
          for (const change of answer.changes)
            rows.push({
              productId: change.productId,
              name: change.name,
              before: display(owner, values.property, change.before[values.property]),
              after: display(owner, values.property, change.after[values.property]),
            })
        }
        return renderDashboardPage(
          <BulkPreviewPage owner={owner} ids={ids} values={values} rows={rows} />,
          deps,
        )
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error
        return formPage(owner, selection, { values, violations: error.fieldViolations, status: 400 })
      }
    },
  )

  postForm(
    {
      path: '/dashboard/bulk/apply',
      operationId: 'dashboardBulkApply',
      summary: 'Apply a previewed bulk change in transactions of a few products, streaming the progress',
    },
    async (owner, form, _input, c) => {
      const ids = readIds(form.text('ids'))
      const { values, value, violations } = readBulkForm(form)
      if (value === undefined) throw new ValidationError(violations)
      const bulkChange = toBulkChange(deps, owner, values, value)
      const parts = createPartQueue()
      // The job does not wait for the page: a closed tab does not stop it half-way.
      void applyInChunks(deps, { owner, ids, bulkChange, parts, requestId: c.get('requestId') })
      return streamPage(<BulkApplyPage owner={owner} total={ids.length} />, parts, {
        imageOrigins: [new URL(deps.publicUrl).origin],
      })
    },
  )

  postForm(
    {
      path: '/dashboard/bulk/undo',
      operationId: 'dashboardBulkUndo',
      summary: 'Undo a bulk change: each of its operations, newest first (form: operations)',
    },
    async (owner, form) => {
      const operations = readIds(form.text('operations'))
      let restored = 0
      let skipped = 0
      let alreadyUndone = 0
      for (const id of operations.reverse()) {
        try {
          const answer = await undoBulkOperation(deps, owner.caller, { id })
          restored += answer.restored.length
          skipped += answer.skipped.length
        } catch (error) {
          if (!(error instanceof ApplicationError && error.code === 'BULK_OPERATION_UNDONE')) throw error
          alreadyUndone++
        }
      }
      return renderDashboardPage(
        <BulkUndonePage owner={owner} restored={restored} skipped={skipped} alreadyUndone={alreadyUndone} />,
        deps,
      )
    },
  )
}
