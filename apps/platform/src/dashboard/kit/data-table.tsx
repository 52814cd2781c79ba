import type { ReactNode } from 'react'
import { EmptyState } from './empty-state.tsx'

/** A column of a `DataTable`: its heading and how a row fills its cell. */
export interface Column<Row> {
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Figures: right-aligned, tabular, never wrapped. */
  isNumber?: boolean
  /** A column without a visible heading (row actions) still names itself to screen readers. */
  hiddenHeader?: boolean
}

/**
 * A tick box on each row, named `name` with the row's value, for a form around the table to act on the
 * ticked rows (bulk actions, packing slips); the heading's box ticks them all where scripts run.
 */
export interface RowSelection<Row> {
  name: string
  value: (row: Row) => string
  /** Each box's accessible name ("Select Classic Tee"). */
  label: (row: Row) => string
  allLabel: string
}

/**
 * A dashboard list as a table named for screen readers: its rows by the columns, or the empty state
 * when there are none. On a phone it scrolls in its own box with its first column kept in view.
 */
export function DataTable<Row>(props: {
  label: string
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  empty: ReactNode
  selection?: RowSelection<Row>
  /** Data attributes of a row's `<tr>` (`{ 'data-file-id': file.id }`) for scripts and tests to find it by. */
  rowData?: (row: Row) => Readonly<Record<`data-${string}`, string>>
}) {
  const { selection } = props
  if (props.rows.length === 0) return <EmptyState>{props.empty}</EmptyState>
  return (
    <table aria-label={props.label}>
      <thead>
        <tr>
          {selection && (
            <th scope="col">
              <input type="checkbox" data-select-all={selection.name} aria-label={selection.allLabel} />
            </th>
          )}
          {props.columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list per table
            <th key={index} scope="col" className={column.isNumber ? 'number' : undefined}>
              {column.hiddenHeader ? <span className="row-label">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)} {...props.rowData?.(row)}>
            {selection && (
              <td>
                <input
                  type="checkbox"
                  name={selection.name}
                  value={selection.value(row)}
                  aria-label={selection.label(row)}
                />
              </td>
            )}
            {props.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list per table
              <td key={index} className={column.isNumber ? 'number' : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
