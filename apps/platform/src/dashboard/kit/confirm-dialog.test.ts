import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ConfirmDialog } from './confirm-dialog.tsx'

describe('ConfirmDialog', () => {
  it('asks in an open dialog named by its title, posting the chosen fields with the token, or going back', () => {
    const html = renderToStaticMarkup(
      createElement(ConfirmDialog, {
        id: 'confirm-delete',
        title: 'Delete 2 products?',
        action: '/dashboard/products/bulk-action',
        csrfToken: 'token-1',
        fields: { action: 'delete', ids: ['a', 'b'] },
        confirmLabel: 'Delete 2 products',
        cancelHref: '/dashboard/products?q=tee',
        isDestructive: true,
        // biome-ignore lint/correctness/noChildrenProp: a .ts test builds the element without JSX
        children: 'This cannot be undone.',
      }),
    )
    expect(html).toMatch(
      /^<dialog open="" class="confirm-dialog" aria-labelledby="confirm-delete-title" aria-describedby="confirm-delete-body">/,
    )
    expect(html).toContain('<h2 id="confirm-delete-title">Delete 2 products?</h2>')
    expect(html).toContain('<div id="confirm-delete-body">This cannot be undone.</div>')
    expect(html).toContain('<form action="/dashboard/products/bulk-action" method="post">')
    expect(html).toContain('<input type="hidden" name="csrf" value="token-1"/>')
    expect(html).toContain('<input type="hidden" name="action" value="delete"/>')
    expect(html).toContain(
      '<input type="hidden" name="ids" value="a"/><input type="hidden" name="ids" value="b"/>',
    )
    expect(html).toContain('<button type="submit" class="danger">Delete 2 products</button>')
    expect(html).toContain('<a class="button" href="/dashboard/products?q=tee">Cancel</a>')
  })
})
