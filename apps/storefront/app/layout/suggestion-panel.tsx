import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import { MIN_SUGGESTION_LENGTH, type SearchSuggestions } from '../catalogue/search-suggestions'

// Loaded the first time the shopper focuses the search field (site-header.tsx): no page's first load
// carries it, and without script the field is the plain GET search it always was.

/** How long typing must pause before the field asks for suggestions. */
const TYPING_PAUSE_MS = 150

export interface SearchSuggestionsProps {
  /** The header's search field: its text is what the suggestions are for. */
  inputRef: RefObject<HTMLInputElement | null>
}

/**
 * Suggestions under the search field as the shopper types: products (with their price) and collections, each
 * a link. Arrow Down moves from the field into them, the arrows move between them, Escape closes them and
 * returns to the field; leaving the search or following a link closes them. The count is announced.
 */
export default function SearchSuggestionsPanel({ inputRef }: SearchSuggestionsProps) {
  const fetcher = useFetcher<SearchSuggestions>()
  const [q, setQ] = useState(() => inputRef.current?.value.trim() ?? '')
  const [isOpen, setOpen] = useState(true)
  const panelRef = useRef<HTMLDivElement>(null)
  const id = useId()
  const location = useLocation()
  const { load } = fetcher

  // Follow the field's text, after a pause in the typing.
  useEffect(() => {
    const input = inputRef.current
    if (!input) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const onInput = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        setQ(input.value.trim())
        setOpen(true)
      }, TYPING_PAUSE_MS)
    }
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
      if (event.key === 'ArrowDown') {
        const first = panelRef.current?.querySelector<HTMLElement>('a')
        if (first) {
          event.preventDefault()
          first.focus()
        }
      }
    }
    // Back in the field, a click shows the suggestions again (a focus alone, as after Escape, does not).
    const onClick = () => setOpen(true)
    input.setAttribute('aria-controls', id)
    input.addEventListener('input', onInput)
    input.addEventListener('keydown', onKeyDown)
    input.addEventListener('click', onClick)
    // What was typed while this panel loaded counts too.
    setQ(input.value.trim())
    return () => {
      clearTimeout(timer)
      input.removeAttribute('aria-controls')
      input.removeEventListener('input', onInput)
      input.removeEventListener('keydown', onKeyDown)
      input.removeEventListener('click', onClick)
    }
  }, [inputRef, id])

  useEffect(() => {
    if (q.length >= MIN_SUGGESTION_LENGTH) load(`/search/suggestions?q=${encodeURIComponent(q)}`)
  }, [q, load])

  // A new page (a suggestion followed, the search sent) closes them.
  const shownAt = useRef(location.key)
  useEffect(() => {
    if (location.key !== shownAt.current) setOpen(false)
    shownAt.current = location.key
  }, [location.key])

  // Leaving the search (focus going anywhere outside the field and the panel) closes them.
  useEffect(() => {
    const form = inputRef.current?.form
    if (!form) return
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) setOpen(false)
    }
    form.addEventListener('focusout', onFocusOut)
    return () => form.removeEventListener('focusout', onFocusOut)
  }, [inputRef])

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLElement>('a')]
    const index = links.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape') {
      setOpen(false)
      inputRef.current?.focus()
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next = index + (event.key === 'ArrowDown' ? 1 : -1)
      if (next < 0) inputRef.current?.focus()
      else links[Math.min(next, links.length - 1)]?.focus()
    }
  }

  const data = fetcher.data?.q === q ? fetcher.data : undefined
  const isShown = isOpen && q.length >= MIN_SUGGESTION_LENGTH && data !== undefined
  const count = data ? data.products.length + data.collections.length : 0
  const announcement = !isShown
    ? ''
    : count > 0
      ? `${count} suggestions, press Down to choose`
      : `No suggestions for “${q}”`
  return (
    <>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the links inside take the keys; the panel only moves focus between them */}
      <div ref={panelRef} id={id} className="search-suggestions" hidden={!isShown} onKeyDown={onPanelKeyDown}>
        {count === 0 ? <p className="search-suggestions-none">{announcement}</p> : null}
        {data && data.products.length > 0 ? (
          <>
            <h2 className="search-suggestions-heading">Products</h2>
            <ul>
              {data.products.map((product) => (
                <li key={product.href}>
                  <Link to={product.href} className="search-suggestion">
                    {product.imageUrl ? <img src={product.imageUrl} alt="" width="40" height="40" /> : null}
                    <span>{product.name}</span>
                    <span className="search-suggestion-price">{product.price}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {data && data.collections.length > 0 ? (
          <>
            <h2 className="search-suggestions-heading">Collections</h2>
            <ul>
              {data.collections.map((collection) => (
                <li key={collection.href}>
                  <Link to={collection.href} className="search-suggestion">
                    {collection.name}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {data && data.products.length > 0 ? (
          <p className="search-suggestions-all">
            <Link to={`/products?q=${encodeURIComponent(q)}`}>See all results for “{q}”</Link>
          </p>
        ) : null}
      </div>
    </>
  )
}
