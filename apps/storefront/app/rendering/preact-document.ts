import { type ComponentChildren, Fragment, type Options, type VNode } from 'preact'

// Props React reads itself and drops; Preact would write them into the page as attributes.
const REACT_ONLY_PROPS = ['suppressHydrationWarning']

/** The part of a DOM element whose attributes `hoistHtmlAttributes` writes. */
export type AttributeTarget = Pick<Element, 'setAttribute' | 'removeAttribute'>

/**
 * Runs `hook` on every vnode Preact creates, before whatever hook was there (preact/compat's, which turns
 * React's props into the DOM's).
 */
export function onEveryVNode(options: Options, hook: (vnode: VNode) => void): void {
  const previous = options.vnode
  options.vnode = (vnode) => {
    hook(vnode)
    previous?.(vnode)
  }
}

/** Drops the props only React understands from an element's vnode. */
export function dropReactOnlyProps(vnode: VNode): void {
  if (typeof vnode.type !== 'string') return
  const props = vnode.props as Record<string, unknown>
  for (const name of REACT_ONLY_PROPS) delete props[name]
}

/**
 * Turns the root layout's `<html>` vnode into a fragment of its children and writes its attributes onto
 * `root` (the page's `<html>`) instead, removing those it wrote last time and no longer has. React hydrates
 * the whole document; Preact hydrates into `document.documentElement`, where an `<html>` vnode would mount a
 * second page inside the first. Attributes it never wrote (set by other scripts) are left alone.
 * @returns the names of the attributes it wrote, for the next call
 */
export function hoistHtmlAttributes(
  vnode: VNode,
  root: AttributeTarget,
  written: ReadonlySet<string>,
): ReadonlySet<string> {
  if (vnode.type !== 'html') return written
  const { children, ...attributes } = vnode.props as {
    children?: ComponentChildren
    [name: string]: unknown
  }
  const writing = new Set<string>()
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue
    const attribute = name === 'className' ? 'class' : name
    root.setAttribute(attribute, value === true ? '' : String(value))
    writing.add(attribute)
  }
  for (const name of written) if (!writing.has(name)) root.removeAttribute(name)
  vnode.type = Fragment
  vnode.props = { children }
  return writing
}
