// The browser's entry: Preact (aliased as React in vite.config.ts) hydrates the server's page.
import { options } from 'preact'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { dropReactOnlyProps, hoistHtmlAttributes, onEveryVNode } from './rendering/preact-document'

let htmlAttributes: ReadonlySet<string> = new Set()
onEveryVNode(options, (vnode) => {
  dropReactOnlyProps(vnode)
  htmlAttributes = hoistHtmlAttributes(vnode, document.documentElement, htmlAttributes)
})

/**
 * Hydrates once React Router has read the server's data. Its router suspends until then; React waits for a
 * suspended root, Preact throws the promise back to the caller instead, so try again when it settles.
 */
function hydrate() {
  try {
    hydrateRoot(document, <HydratedRouter />)
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown
    void thrown.then(hydrate)
  }
}

hydrate()
