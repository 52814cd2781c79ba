import { describe, expect, it } from 'vitest'
import { toPageModules } from './script-priority'

const manifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/react-dom.js', '/assets/react-router.js'] },
  routes: {
    root: { module: '/assets/root.js', imports: ['/assets/react-router.js', '/assets/frame.js'] },
    'routes/product': { module: '/assets/product.js', imports: ['/assets/frame.js', '/assets/image.js'] },
    'routes/cart': { module: '/assets/cart.js', imports: ['/assets/cart-line.js'] },
  },
}

describe('the modules of a page', () => {
  it('are the entry, each matched route and what they import, each once, in the order found', () => {
    expect(toPageModules(manifest, ['root', 'routes/product'])).toEqual([
      '/assets/entry.js',
      '/assets/react-dom.js',
      '/assets/react-router.js',
      '/assets/root.js',
      '/assets/frame.js',
      '/assets/product.js',
      '/assets/image.js',
    ])
  })

  it('pass over a route the manifest does not know and leave out routes not on the page', () => {
    expect(toPageModules(manifest, ['root', 'routes/gone'])).not.toContain('/assets/cart.js')
    expect(toPageModules(manifest, ['root', 'routes/gone'])).toHaveLength(5)
  })
})
