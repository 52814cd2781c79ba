import type { KeyboardEvent } from 'react'

/** What Tab stops at, as far as the drawers hold it: links, enabled fields and buttons, summaries. */
const TAB_STOPS =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab inside the drawer whose key handler this is (`event.currentTarget`: the phone menu, the filter
 * drawer, the picture viewer): from its last shown stop Tab goes to its first, and Shift+Tab back round.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Tab') return
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(TAB_STOPS)].filter(
    (stop) => stop.getClientRects().length > 0,
  )
  const first = stops[0]
  const last = stops.at(-1)
  if (!first || !last) return
  const active = document.activeElement
  const isOutside = !event.currentTarget.contains(active)
  if (event.shiftKey && (active === first || isOutside)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || isOutside)) {
    event.preventDefault()
    first.focus()
  }
}

/** Marks what `makePageBehindInert` made inert, so that closing the drawer gives back only that. */
const INERT_MARK = 'data-behind-drawer'

/**
 * While a drawer is open, the page behind it is inert: every element beside the drawer and beside each of
 * its ancestors up to <body> (the header's other parts, the page, the footer). A screen reader's
 * browse mode and a mouse then meet only the drawer, as they would a modal <dialog>; Tab is held by
 * `keepTabInside`. `givePageBehindBack` undoes it when the drawer closes.
 */
export function makePageBehindInert(drawer: HTMLElement): void {
  for (
    let node: HTMLElement = drawer;
    node.parentElement && node !== document.body;
    node = node.parentElement
  ) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue
      if (sibling instanceof HTMLScriptElement || sibling instanceof HTMLStyleElement) continue
      sibling.inert = true
      sibling.setAttribute(INERT_MARK, '')
    }
  }
}

/** Gives back what `makePageBehindInert` made inert; what was inert before stays so. */
export function givePageBehindBack(): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[${INERT_MARK}]`)) {
    element.inert = false
    element.removeAttribute(INERT_MARK)
  }
}

/**
 * Opened, a <details> drawer takes the focus on its panel (`[data-drawer-panel]`, a landmark or group
 * focusable by script): a screen reader names it, Tab goes on to its first field, and a phone's keyboard
 * does not jump up as it would for a search field.
 */
export function focusDrawerPanel(details: HTMLDetailsElement): void {
  details.querySelector<HTMLElement>('[data-drawer-panel]')?.focus({ preventScroll: true })
}

/** Closes a <details> drawer and gives the focus back to its toggle, the button that opened it. */
export function closeDrawer(details: HTMLDetailsElement): void {
  details.open = false
  details.querySelector('summary')?.focus()
}
