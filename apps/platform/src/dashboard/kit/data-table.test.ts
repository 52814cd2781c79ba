import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type Column, DataTable, type RowSelection } from './data-table.tsx'
import { Badge } from './status-badge.tsx'

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

const render = (rows: Row[], selection?: RowSelection<Row>) =>
  renderToStaticMarkup(
    createElement(DataTable<Row>, {
      label: 'Products',
      columns,
      rows,
      rowKey: (row) => row.id,
      empty: 'No products yet.',
      ...(selection ? { selection } : {}),
    }),
  )

describe('DataTable', () => {
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

  it('says the empty state instead of an empty table', () => {
    const html = render([])
    expect(html).not.toContain('<table')
    expect(html).toBe('<div class="empty-state"><p>No products yet.</p></div>')
  })
})

describe('Badge', () => {
  it('carries its tone as a class beside its words', () => {
    expect(renderToStaticMarkup(Badge({ tone: 'ok', children: 'Active' }))).toBe(
      '<span class="badge ok">Active</span>',
    )
    expect(renderToStaticMarkup(Badge({ children: 'Draft' }))).toBe('<span class="badge">Draft</span>')
  })
})
