import type { ReactNode } from 'react'
import { spanLines, timeText } from './dashboard-words.ts'
import { EmptyState } from './empty-state.tsx'

/** A column of a `DataTable`: its heading and how a row fills its cell. */
export interface Column<Row> {
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Figures: right-aligned, tabular, never wrapped. */
  isNumber?: boolean
  /** A column without a visible heading (row actions) still names itself to screen readers. */
  hiddenHeader?: boolean
  /** A moment ("2 Dec 2026, 15:11 EST"), kept on one line: see `momentColumn`. */
  isMoment?: boolean
}

/**
 * A column of moments, each written in the shop's time zone by `timeText` inside a `<time>` that carries
 * the instant itself; "—" for a row without one.
 */
export function momentColumn<Row>(
  header: ReactNode,
  momentOf: (row: Row) => Date | string | null | undefined,
): Column<Row> {
  return {
    header,
    isMoment: true,
    cell: (row) => {
      const moment = momentOf(row)
      if (moment === null || moment === undefined) return '—'
      return <time dateTime={new Date(moment).toISOString()}>{timeText(moment)}</time>
    },
  }
}

/**
 * A column of spans of time (an event's start to end), written short by `spanLines` in its zone: on a
 * laptop one line, "Sat 18 Sept, 18:00–21:00 EDT"; on a phone two, broken between the day and the hours
 * and never inside either (decision 100). The `<time>` carries the start.
 */
export function spanColumn<Row>(
  header: ReactNode,
  spanOf: (row: Row) => { start: Date | string; end: Date | string; timeZone: string },
  now: Date,
): Column<Row> {
  return {
    header,
    cell: (row) => {
      const { start, end, timeZone } = spanOf(row)
      const [first, second] = spanLines(start, end, timeZone, now)
      return (
        <time className="span" dateTime={new Date(start).toISOString()}>
          <span>{first}</span>
          {first.endsWith('–') ? ' ' : ', '}
          <span>{second}</span>
        </time>
      )
    },
  }
}

/** A cell's classes by its column's kind. */
function cellClass(column: Column<unknown>): string | undefined {
  if (column.isNumber) return 'number'
  if (column.isMoment) return 'when'
  return undefined
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
 * when there are none. It scrolls in its own box rather than widening the page, and on a phone its first
 * column (after the tick boxes) stays in view while the rest scrolls. With `rowHeaders`, that column's
 * cells head their rows (`<th scope="row">`), so a screen reader names the row (its order number, its
 * product) with each cell it reads.
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
  /** The first column's cells head their rows. */
  rowHeaders?: boolean
  /** The table's own class, for a page's print styles (the packing slip's lines). */
  className?: string
  /**
   * On a phone each row is a card, each cell a line beside its column's name, instead of a row that
   * scrolls past its first column: for a list whose every column matters at a glance (an order's status
   * and total).
   */
  stackOnPhone?: boolean
}) {
  const { selection } = props
  if (props.rows.length === 0) return <EmptyState>{props.empty}</EmptyState>
  const classes = [props.className, props.stackOnPhone ? 'stacked-rows' : undefined].filter(Boolean).join(' ')
  /** The column's name beside its cell in a card (not the row's name, which heads the card). */
  const labelOf = (column: Column<Row>) =>
    props.stackOnPhone && typeof column.header === 'string' && !column.hiddenHeader
      ? { 'data-label': column.header }
      : {}
  return (
    <div className="table-box">
      <table aria-label={props.label} className={classes || undefined}>
        <thead>
          <tr>
            {selection && (
              <th scope="col">
                <input type="checkbox" data-select-all={selection.name} aria-label={selection.allLabel} />
              </th>
            )}
            {props.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list per table
              <th key={index} scope="col" className={cellClass(column as Column<unknown>)}>
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
              {props.columns.map((column, index) =>
                index === 0 && props.rowHeaders ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list per table
                  <th key={index} scope="row" className={cellClass(column as Column<unknown>)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list per table
                  <td key={index} className={cellClass(column as Column<unknown>)} {...labelOf(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
