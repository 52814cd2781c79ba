import { Fragment, h, options, type VNode } from 'preact'
import { renderToString } from 'preact-render-to-string'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type AttributeTarget,
  dropReactOnlyProps,
  hoistHtmlAttributes,
  onEveryVNode,
} from './preact-document'

const vnodeHookBefore = options.vnode
afterEach(() => {
  options.vnode = vnodeHookBefore
})

/** The page's `<html>` as far as `hoistHtmlAttributes` touches it: its attributes, by name. */
function createRoot(attributes: Record<string, string> = {}) {
  const written = new Map(Object.entries(attributes))
  const root: AttributeTarget = {
    setAttribute: (name, value) => void written.set(name, value),
    removeAttribute: (name) => void written.delete(name),
  }
  return { root, attributes: () => Object.fromEntries(written) }
}

describe('onEveryVNode', () => {
  it('runs the hook on every vnode Preact creates, before the hook that was there', () => {
    const seen: string[] = []
    options.vnode = (vnode) => void seen.push(`earlier ${String(vnode.type)}`)
    onEveryVNode(options, (vnode) => void seen.push(`added ${String(vnode.type)}`))
    h('p', null)
    expect(seen).toEqual(['added p', 'earlier p'])
  })
})

describe('dropReactOnlyProps', () => {
  it('keeps React-only props out of the rendered page', () => {
    onEveryVNode(options, dropReactOnlyProps)
    const script = h('script', {
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: { __html: 'go()' },
    })
    expect(renderToString(script)).toBe('<script>go()</script>')
  })
})

describe('hoistHtmlAttributes', () => {
  it('turns <html> into a fragment of its children and writes its attributes onto the page root', () => {
    const { root, attributes } = createRoot()
    const head = h('head', null)
    const html = h('html', { lang: 'en-US', className: 'shop', 'data-hydrated': undefined }, head)
    expect(hoistHtmlAttributes(html as VNode, root, new Set())).toEqual(new Set(['lang', 'class']))
    expect(html.type).toBe(Fragment)
    expect(html.props).toEqual({ children: head })
    expect(attributes()).toEqual({ lang: 'en-US', class: 'shop' })
  })

  it('removes what it wrote before and no longer gets, and leaves attributes others wrote', () => {
    const { root, attributes } = createRoot({
      lang: 'en-US',
      'data-hydrated': 'true',
      'data-test': 'kept',
    })
    const next = h('html', { lang: 'fr-FR', 'data-hydrated': false }, null)
    const written = hoistHtmlAttributes(next as VNode, root, new Set(['lang', 'data-hydrated']))
    expect(written).toEqual(new Set(['lang']))
    expect(attributes()).toEqual({ lang: 'fr-FR', 'data-test': 'kept' })
  })

  it('writes true as an empty attribute and leaves other vnodes as they are', () => {
    const { root, attributes } = createRoot()
    const body = h('body', { className: 'page' })
    const before = new Set(['lang'])
    expect(hoistHtmlAttributes(body as VNode, root, before)).toBe(before)
    expect(body.type).toBe('body')
    hoistHtmlAttributes(h('html', { hidden: true }) as VNode, root, new Set())
    expect(attributes()).toEqual({ hidden: '' })
  })
})
