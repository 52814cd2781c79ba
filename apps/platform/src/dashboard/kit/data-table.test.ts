import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { inShopTimeZone } from './dashboard-words.ts'
import { type Column, DataTable, momentColumn, type RowSelection } from './data-table.tsx'
import { Badge, Badges } from './status-badge.tsx'

interface Row {
  id: string
  name: string
  stock: number
}

const columns: Column<Row>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Stock', cell: (row) => row.stock, isNumber: true },
  {
    header: 'Actions',
    cell: (row) => createElement('a', { href: `/${row.id}` }, `Edit ${row.name}`),
    hiddenHeader: true,
  },
]

const render = (
  rows: Row[],
  selection?: RowSelection<Row>,
  options: { rowHeaders?: boolean; stackOnPhone?: boolean } = {},
) =>
  renderToStaticMarkup(
    createElement(DataTable<Row>, {
      label: 'Products',
      columns,
      rows,
      rowKey: (row) => row.id,
      empty: 'No products yet.',
      ...(selection ? { selection } : {}),
      ...options,
    }),
  )

describe('DataTable', () => {
  it('stacks its rows as cards on a phone when asked: each cell named by its heading in words, the row header unlabelled', () => {
    const stacked = render([{ id: 'a', name: 'Tee', stock: 3 }], undefined, {
      rowHeaders: true,
      stackOnPhone: true,
    })
    expect(stacked).toContain('<table aria-label="Products" class="stacked-rows">')
    expect(stacked).toContain('<th scope="row">Tee</th>')
    expect(stacked).toContain('<td class="number" data-label="Stock">3</td>')
    // A hidden heading (row actions) labels nothing on screen.
    expect(stacked).toContain('<td><a href="/a">Edit Tee</a></td>')
    expect(render([{ id: 'a', name: 'Tee', stock: 3 }])).not.toContain('data-label')
  })

  it('draws a named table, a row per item and a cell per column, figures right-aligned', () => {
    const html = render([
      { id: 'a', name: 'Tee', stock: 3 },
      { id: 'b', name: 'Mug', stock: 12 },
    ])
    expect(html).toContain('<table aria-label="Products">')
    expect(html.match(/<tr>/g)).toHaveLength(3)
    expect(html).toContain('<th scope="col" class="number">Stock</th>')
    expect(html).toContain('<td class="number">12</td>')
    // A heading for row actions is there for screen readers, hidden on screen.
    expect(html).toContain('<th scope="col"><span class="row-label">Actions</span></th>')
    expect(html).toContain('<a href="/b">Edit Mug</a>')
  })

  it('puts a named tick box first in each row for the form around it, and a box that ticks them all', () => {
    const html = render([{ id: 'a', name: 'Tee', stock: 3 }], {
      name: 'ids',
      value: (row) => row.id,
      label: (row) => `Select ${row.name}`,
      allLabel: 'Select all on this page',
    })
    expect(html).toContain(
      '<th scope="col"><input type="checkbox" data-select-all="ids" aria-label="Select all on this page"/></th><th scope="col">Name</th>',
    )
    expect(html).toContain(
      '<tr><td><input type="checkbox" aria-label="Select Tee" name="ids" value="a"/></td><td>Tee</td>',
    )
  })

  it('keeps the table in its own scroll box, and heads each row with its first cell when asked', () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Row>, {
        label: 'Products',
        columns,
        rows: [{ id: 'a', name: 'Tee', stock: 3 }],
        rowKey: (row) => row.id,
        empty: 'No products yet.',
        rowHeaders: true,
        className: 'slip-lines',
      }),
    )
    expect(html.startsWith('<div class="table-box"><table aria-label="Products" class="slip-lines">')).toBe(
      true,
    )
    expect(html).toContain('<tr><th scope="row">Tee</th><td class="number">3</td>')
    // Without rowHeaders every cell is a data cell.
    expect(render([{ id: 'a', name: 'Tee', stock: 3 }])).toContain('<tr><td>Tee</td>')
  })

  it('writes a moment column in the shop’s time zone on one line, the instant itself in its <time>', () => {
    const moments: Column<{ at: string | null }>[] = [momentColumn('Placed', (row) => row.at)]
    const html = inShopTimeZone('America/New_York', () =>
      renderToStaticMarkup(
        createElement(DataTable<{ at: string | null }>, {
          label: 'Orders',
          columns: moments,
          rows: [{ at: '2026-01-01T03:30:00Z' }, { at: null }],
          rowKey: (row) => String(row.at),
          empty: 'No orders yet.',
        }),
      ),
    )
    expect(html).toContain('<th scope="col" class="when">Placed</th>')
    expect(html).toContain(
      '<td class="when"><time dateTime="2026-01-01T03:30:00.000Z">31 Dec 2025, 22:30 EST</time></td>',
    )
    expect(html).toContain('<td class="when">—</td>')
  })

  it('says the empty state instead of an empty table', () => {
    const html = render([])
    expect(html).not.toContain('<table')
    expect(html).toBe('<div class="empty-state"><p>No products yet.</p></div>')
  })
})

describe('Badge', () => {
  it('sets several side by side in one wrapping row', () => {
    expect(
      renderToStaticMarkup(
        Badges({ children: [Badge({ tone: 'ok', children: 'Paid' }), ' ', Badge({ children: 'Open' })] }),
      ),
    ).toBe('<span class="badges"><span class="badge ok">Paid</span> <span class="badge">Open</span></span>')
  })

  it('carries its tone as a class beside its words', () => {
    expect(renderToStaticMarkup(Badge({ tone: 'ok', children: 'Active' }))).toBe(
      '<span class="badge ok">Active</span>',
    )
    expect(renderToStaticMarkup(Badge({ children: 'Draft' }))).toBe('<span class="badge">Draft</span>')
  })
})
