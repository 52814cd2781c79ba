import type { FieldViolation } from '../../http/errors.ts'
import { StreamSlot } from '../../pages/render-page.tsx'
import { CsrfField, DashboardPage, Field, Problems } from '../dashboard-layout.tsx'
import { countText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import type { Owner } from '../session/owner-session.ts'
import { type ProductFilters, productFilterKeys } from './catalogue-lists.ts'

export type BulkProperty = 'price' | 'cost' | 'weight'
export type BulkMode = 'set' | 'amount' | 'percent'

/** What a bulk change does, as the form has it. */
export interface BulkFormValues {
  property: BulkProperty
  mode: BulkMode
  value: string
}

/** Which products a bulk change is for: picked one by one, or every product matching a filter. */
export type BulkSelection = { kind: 'ids'; ids: string[] } | { kind: 'filter'; filters: ProductFilters }

export interface BulkPreviewRow {
  productId: string
  name: string
  before: string
  after: string
}

const propertyLabels: Record<BulkProperty, string> = { price: 'Price', cost: 'Cost', weight: 'Weight' }
const modeLabels: Record<BulkMode, string> = {
  set: 'Set to',
  amount: 'Change by an amount (negative lowers)',
  percent: 'Change by a percentage (negative lowers)',
}

function SelectionFields(props: { selection: BulkSelection }) {
  const { selection } = props
  if (selection.kind === 'ids') return <input type="hidden" name="ids" value={selection.ids.join(',')} />
  return (
    <>
      <input type="hidden" name="scope" value="filter" />
      {productFilterKeys.map((key) => (
        <input key={key} type="hidden" name={key} value={selection.filters[key] ?? ''} />
      ))}
    </>
  )
}

function describeSelection(selection: BulkSelection, count: number) {
  const products = count === 1 ? '1 product' : `${count} products`
  if (selection.kind === 'ids') return `${products} picked from the list`
  return productFilterKeys.some((key) => selection.filters[key])
    ? `${products} matching the list's filter`
    : `All ${products}`
}

/** Step 1: what to change, for the chosen products. */
export function BulkFormPage(props: {
  owner: Owner
  selection: BulkSelection
  count: number
  values: BulkFormValues
  violations: readonly FieldViolation[]
}) {
  const { values } = props
  return (
    <DashboardPage owner={props.owner} title="Bulk change" place="bulk">
      <PageHeader title="Bulk change" />
      <p role="status">
        {describeSelection(props.selection, props.count)}.{' '}
        <a href="/dashboard/products">Pick other products</a>
      </p>
      <Problems violations={props.violations} labels={{ value: 'Value', selection: 'The selection' }} />
      {props.count > 0 && (
        <form method="post" action="/dashboard/bulk/preview" aria-label="Bulk change">
          <CsrfField token={props.owner.session.csrfToken} />
          <SelectionFields selection={props.selection} />
          <div className="filters">
            <div className="field">
              <label htmlFor="field-property">Change</label>
              <select id="field-property" name="property" defaultValue={values.property}>
                {(Object.keys(propertyLabels) as BulkProperty[]).map((property) => (
                  <option key={property} value={property}>
                    {propertyLabels[property]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="field-mode">How</label>
              <select id="field-mode" name="mode" defaultValue={values.mode}>
                {(Object.keys(modeLabels) as BulkMode[]).map((mode) => (
                  <option key={mode} value={mode}>
                    {modeLabels[mode]}
                  </option>
                ))}
              </select>
            </div>
            <Field label="Value" name="value" type="number" step="any" defaultValue={values.value} required />
            <button type="submit" className="primary">
              Preview
            </button>
          </div>
        </form>
      )}
    </DashboardPage>
  )
}

/** The most rows a preview lists; the apply covers them all. */
export const PREVIEW_ROWS = 500

/** Step 2: every change before it is made, and the button that makes it. */
export function BulkPreviewPage(props: {
  owner: Owner
  ids: string[]
  values: BulkFormValues
  rows: BulkPreviewRow[]
}) {
  const { values, rows } = props
  const label = propertyLabels[values.property]
  return (
    <DashboardPage owner={props.owner} title="Preview bulk change" place="bulk">
      <PageHeader
        title={`Preview: ${label.toLowerCase()} of ${countText(rows.length, 'product')}`}
        description="Nothing has changed yet. Check the new values, then apply."
      />
      <form method="post" action="/dashboard/bulk/apply">
        <CsrfField token={props.owner.session.csrfToken} />
        <input type="hidden" name="ids" value={props.ids.join(',')} />
        <input type="hidden" name="property" value={values.property} />
        <input type="hidden" name="mode" value={values.mode} />
        <input type="hidden" name="value" value={values.value} />
        <div className="actions">
          <button type="submit" className="primary">
            Apply to {countText(rows.length, 'product')}
          </button>
          <a href="/dashboard/bulk">Cancel</a>
        </div>
      </form>
      <DataTable
        label="Changes"
        rows={rows.slice(0, PREVIEW_ROWS)}
        rowKey={(row) => row.productId}
        empty="No products to change."
        columns={[
          { header: 'Product', cell: (row) => row.name },
          { header: `${label} now`, isNumber: true, cell: (row) => row.before },
          { header: `${label} after`, isNumber: true, cell: (row) => row.after },
        ]}
      />
      {rows.length > PREVIEW_ROWS && (
        <p className="muted">and {countText(rows.length - PREVIEW_ROWS, 'more product', 'more products')}.</p>
      )}
    </DashboardPage>
  )
}

/** Step 3: the page that streams the progress of the apply; the parts below fill its slot. */
export function BulkApplyPage(props: { owner: Owner; total: number }) {
  return (
    <DashboardPage owner={props.owner} title="Applying bulk change" place="bulk">
      <PageHeader title={`Bulk change of ${countText(props.total, 'product')}`} />
      <div className="progress-steps" aria-live="polite">
        <StreamSlot />
      </div>
    </DashboardPage>
  )
}

/** One step of the progress: shown until the next step replaces it (CSS, no script). */
export function BulkProgress(props: { done: number; total: number }) {
  return (
    <div>
      <progress value={props.done} max={props.total} aria-label="Bulk change progress" />
      <p>
        Changed {props.done} of {props.total} products…
      </p>
    </div>
  )
}

function UndoForm(props: { owner: Owner; operations: string[] }) {
  return (
    <form method="post" action="/dashboard/bulk/undo">
      <CsrfField token={props.owner.session.csrfToken} />
      <input type="hidden" name="operations" value={props.operations.join(',')} />
      <button type="submit" data-confirm="Put back the values from before this bulk change?">
        Undo this bulk change
      </button>
    </form>
  )
}

/** The end of an apply: done, or stopped by an error after some parts were applied. */
export function BulkResult(props: {
  owner: Owner
  changed: number
  total: number
  operations: string[]
  problem?: string | undefined
}) {
  return (
    <div>
      <progress value={props.changed} max={props.total} aria-label="Bulk change progress" />
      {props.problem ? (
        <div className="problem" role="alert">
          <p>
            Stopped after {props.changed} of {props.total} products: {props.problem}
          </p>
          {props.changed > 0 && <p>The products changed so far keep their new values until you undo them.</p>}
        </div>
      ) : (
        <p className="notice" role="status">
          Done: changed {props.changed} {props.changed === 1 ? 'product' : 'products'}.
        </p>
      )}
      <div className="actions">
        {props.operations.length > 0 && <UndoForm owner={props.owner} operations={props.operations} />}
        <a href="/dashboard/products">Back to products</a>
      </div>
    </div>
  )
}

/** After an undo: what was put back, and what kept a newer change. */
export function BulkUndonePage(props: {
  owner: Owner
  restored: number
  skipped: number
  alreadyUndone: number
}) {
  return (
    <DashboardPage owner={props.owner} title="Bulk change undone" place="bulk">
      <PageHeader title="Bulk change undone" />
      <p className="notice" role="status">
        Put back the earlier values of {countText(props.restored, 'product')}.
      </p>
      {props.skipped > 0 && (
        <p className="warning">
          {props.skipped} {props.skipped === 1 ? 'product was' : 'products were'} changed again since, and
          kept
          {props.skipped === 1 ? ' its' : ' their'} newer values.
        </p>
      )}
      {props.alreadyUndone > 0 && <p className="muted">Part of this change had been undone already.</p>}
      <p>
        <a href="/dashboard/products">Back to products</a>
      </p>
    </DashboardPage>
  )
}
