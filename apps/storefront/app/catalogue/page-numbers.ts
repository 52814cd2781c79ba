/** A page link's place in the pager: a page number, or a gap standing for the pages left out. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string }

/**
 * The pages a pager links to: the first and last, the current one with a neighbour each side, and a gap
 * wherever pages are left out (a gap of one page shows that page instead). Seven items at most.
 */
export function toPageItems(page: number, pageCount: number): PageItem[] {
  if (pageCount <= 1) return []
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount))
  // A gap that would hide a single page shows it.
  if (shown.has(3) && !shown.has(2)) shown.add(2)
  if (shown.has(pageCount - 2) && !shown.has(pageCount - 1)) shown.add(pageCount - 1)
  const pages = [...shown].sort((a, b) => a - b)
  const items: PageItem[] = []
  for (const [index, n] of pages.entries()) {
    const previous = pages[index - 1]
    if (previous !== undefined && n - previous > 1) items.push({ kind: 'gap', key: `gap-${previous}` })
    items.push({ kind: 'page', page: n })
  }
  return items
}
