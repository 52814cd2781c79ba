import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After a client-side navigation to another page, moves focus to the new page's main heading (or the main
 * landmark), so keyboard and screen reader users start at the new content and hear where they are, as a full
 * page load would have them. Changes within one page (filters, sorting, option choices, paging) keep focus
 * where the shopper is, and so does a link to an anchor.
 */
export function useFocusOnNewPage(mainId = 'main') {
  const { pathname, hash } = useLocation()
  const shownPathname = useRef(pathname)
  useEffect(() => {
    if (shownPathname.current === pathname) return
    shownPathname.current = pathname
    if (hash) return
    const main = document.getElementById(mainId)
    const heading = main?.querySelector<HTMLElement>('h1')
    const target = heading ?? main
    if (!target) return
    // A heading is not focusable by itself; -1 lets a script focus it without adding a tab stop.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: true })
  }, [pathname, hash, mainId])
}
