import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import {
  closeDrawer,
  focusDrawerPanel,
  givePageBehindBack,
  keepTabInside,
  makePageBehindInert,
} from '../rendering/drawer-focus'
import {
  type CatalogueSearch,
  countFilters,
  parseCatalogueSearch,
  SORT_CHOICES,
  toCatalogueSearchParams,
  toPageHref,
} from './catalogue-search'

export interface CatalogueFiltersProps {
  state: CatalogueSearch
  /** The collections to choose from; left out on a collection's own page. */
  collections?: ReadonlyArray<{ slug: string; name: string }>
}

/** Where the fields stop folding: styles.css's `.filters-disclosure` breakpoint. */
const WIDE_SCREEN = '(min-width: 48rem)'

interface Fields {
  collection: string
  minPrice: string
  maxPrice: string
  inStockOnly: boolean
  sort: string
}

function toFields(state: CatalogueSearch): Fields {
  return {
    collection: state.collection,
    minPrice: state.minPrice === undefined ? '' : String(state.minPrice),
    maxPrice: state.maxPrice === undefined ? '' : String(state.maxPrice),
    inStockOnly: state.inStockOnly,
    sort: state.sort,
  }
}

/** The fields as the form would send them. */
function toFieldParams(fields: Fields): URLSearchParams {
  const params = new URLSearchParams({
    collection: fields.collection,
    minPrice: fields.minPrice,
    maxPrice: fields.maxPrice,
  })
  if (fields.inStockOnly) params.set('inStock', '1')
  return params
}

function toSearchParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value)
  return params
}

/**
 * Filters and sort of a product list as a GET form: without JavaScript it loads the list's URL with the
 * choices in the query string. On a phone the fields fold under a <details> toggle, a "Filter and sort"
 * button beside the product count with the number of filters on, so the products come first; opened, the
 * fields are a drawer from the side (CSS alone: the toggle becomes the drawer's closing head, and Apply or
 * Clear load the list, so it works without script). From 48rem up they always show (CSS, through
 * `::details-content`). Once hydrated, the form navigates to the canonical URL (no empty fields), keeping
 * the scroll position and the focus: beside the list a changed select or checkbox applies at once; in the
 * drawer, which hides the list, the choices wait for Apply (the count says what they will be), and closing
 * it otherwise (its head, Escape, a tap beside it) puts back the applied ones.
 */
export function CatalogueFilters({ state, collections }: CatalogueFiltersProps) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const headingId = useId()
  const [fields, setFields] = useState(() => toFields(state))
  const disclosureRef = useRef<HTMLDetailsElement>(null)
  // From 48rem up the fields show anyway (CSS): say so to assistive technology too.
  useEffect(() => {
    if (disclosureRef.current && window.matchMedia(WIDE_SCREEN).matches) disclosureRef.current.open = true
  }, [])
  // Widened past a drawer's width, or left for another page, with the drawer open: the page comes back.
  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN)
    const onChange = () => {
      if (wide.matches) givePageBehindBack()
    }
    wide.addEventListener('change', onChange)
    return () => {
      wide.removeEventListener('change', onChange)
      givePageBehindBack()
    }
  }, [])
  const stateKey = toCatalogueSearchParams({ ...state, page: 1 }).toString()
  // Follow the URL when it changes from elsewhere: the back button, a "clear filters" link.
  // biome-ignore lint/correctness/useExhaustiveDependencies: stateKey stands for state
  useEffect(() => setFields(toFields(state)), [stateKey])

  // The fields are a drawer on a phone; from 48rem up they are no drawer and stay open.
  const isDrawer = () => !window.matchMedia(WIDE_SCREEN).matches
  const closeFilterDrawer = () => {
    const disclosure = disclosureRef.current
    if (disclosure?.open && isDrawer()) closeDrawer(disclosure)
  }
  const apply = (form: HTMLFormElement | null) => {
    if (!form) return
    const next = parseCatalogueSearch(toSearchParams(form))
    const search = toCatalogueSearchParams({ ...next, page: 1 }).toString()
    navigate({ pathname, search: search ? `?${search}` : '' }, { preventScrollReset: true })
  }
  const change = (patch: Partial<Fields>, applyNow: HTMLFormElement | null = null) => {
    setFields((current) => ({ ...current, ...patch }))
    if (!isDrawer()) apply(applyNow)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    apply(event.currentTarget)
    closeFilterDrawer()
  }
  const ids = {
    collection: `${headingId}-collection`,
    sort: `${headingId}-sort`,
    stock: `${headingId}-stock`,
  }
  // The filters the fields hold: the applied ones, or in the open drawer the ones Apply will apply.
  const filterCount = countFilters(parseCatalogueSearch(toFieldParams(fields)))
  const clearHref = toPageHref(
    pathname,
    { ...state, collection: '', minPrice: undefined, maxPrice: undefined, inStockOnly: false },
    1,
  )

  return (
    <form method="get" action={pathname} className="filters" aria-labelledby={headingId} onSubmit={onSubmit}>
      {/* On a phone the fields fold under this toggle (no script needed); from 48rem up they always show. */}
      <details
        className="filters-disclosure"
        ref={disclosureRef}
        // Open as a drawer, it holds the focus (drawer-focus.ts).
        onKeyDown={(event) => {
          if (!isDrawer()) return
          if (event.key === 'Escape') closeFilterDrawer()
          else keepTabInside(event)
        }}
        // Closed without Apply, the drawer's choices give way to the applied ones again.
        onToggle={(event) => {
          const details = event.currentTarget
          if (!details.open) {
            givePageBehindBack()
            setFields(toFields(state))
          } else if (isDrawer()) {
            // Wide, the fields show beside the results: a page, not a drawer, and nothing goes inert.
            makePageBehindInert(details)
            focusDrawerPanel(details)
          }
        }}
        // A tap on the backdrop (the disclosure's own ::before) lands on the <details> itself.
        onClick={(event) => {
          if (event.target === event.currentTarget) closeFilterDrawer()
        }}
      >
        <summary className="filters-summary">
          <h2 id={headingId} className="filters-heading">
            Filter and sort
          </h2>
          {filterCount > 0 ? (
            <span className="filters-count">
              {filterCount}
              <span className="visually-hidden"> {filterCount === 1 ? 'filter' : 'filters'} on</span>
            </span>
          ) : null}
        </summary>
        <div
          className="filters-fields"
          role="group"
          aria-labelledby={headingId}
          tabIndex={-1}
          data-drawer-panel
        >
          {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
          {collections ? (
            <div className="field">
              <label htmlFor={ids.collection}>Collection</label>
              <select
                id={ids.collection}
                name="collection"
                value={fields.collection}
                onChange={(event) => change({ collection: event.target.value }, event.target.form)}
              >
                <option value="">All collections</option>
                {collections.map((collection) => (
                  <option key={collection.slug} value={collection.slug}>
                    {collection.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="price-range">
            <label className="field">
              <span>Min price</span>
              <input
                name="minPrice"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={fields.minPrice}
                onChange={(event) => change({ minPrice: event.target.value })}
              />
            </label>
            <label className="field">
              <span>Max price</span>
              <input
                name="maxPrice"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={fields.maxPrice}
                onChange={(event) => change({ maxPrice: event.target.value })}
              />
            </label>
          </div>
          <div className="field field-checkbox">
            <input
              id={ids.stock}
              type="checkbox"
              name="inStock"
              value="1"
              checked={fields.inStockOnly}
              onChange={(event) => change({ inStockOnly: event.target.checked }, event.target.form)}
            />
            <label htmlFor={ids.stock}>In stock only</label>
          </div>
          <div className="field">
            <label htmlFor={ids.sort}>Sort by</label>
            <select
              id={ids.sort}
              name="sort"
              value={fields.sort}
              onChange={(event) => change({ sort: event.target.value }, event.target.form)}
            >
              {SORT_CHOICES.filter((choice) => choice.value !== 'relevance' || state.q).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <div className="filters-actions">
            <button type="submit" className="button button-secondary">
              Apply
            </button>
            {filterCount > 0 ? (
              <Link to={clearHref} preventScrollReset onClick={closeFilterDrawer}>
                Clear filters
              </Link>
            ) : null}
          </div>
        </div>
      </details>
    </form>
  )
}
