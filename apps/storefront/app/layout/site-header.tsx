import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { CartLink } from '../cart/cart-link'
import {
  closeDrawer,
  focusDrawerPanel,
  givePageBehindBack,
  keepTabInside,
  makePageBehindInert,
} from '../rendering/drawer-focus'
import { HELP_LINKS } from '../store/help-topics'
import { LinkGroup } from './link-group'

// Suggestions load the first time the search field is focused: no part of any page's first load.
const SearchSuggestions = lazy(() => import('./suggestion-panel'))

/** A collection the menu links to. */
export interface MenuCollection {
  slug: string
  name: string
}

export interface SiteHeaderProps {
  /** The shop's featured collections (curated first, `featured-collections.ts`), listed in the phone menu. */
  collections: readonly MenuCollection[]
  /** The visitor's item count (with changes on their way); undefined when it could not be read. */
  cartItemCount: number | undefined
  /** Whether a member is signed in: the header then leads to their account instead of signing in. */
  isMember: boolean
  /** The signed-in member's name, greeted beside the account link; undefined when unknown. */
  memberName?: string | undefined
  /** The shop's name, from its own setup: the link home. */
  shopName: string
}

/**
 * The header on every page: the store's name home, the catalogue, a product search (a GET form to
 * `/products?q=`, so it works without JavaScript) and the cart with its item count, which opens the cart
 * drawer once hydrated, and "Sign in" or a signed-in member's "Account". On a phone the links fold into a menu
 * (a search, every product and the shop's collections, services, plans, the account and the help pages) and
 * the search field opens on demand, both with <details> toggles that need no script.
 */
export function SiteHeader({ collections, cartItemCount, isMember, memberName, shopName }: SiteHeaderProps) {
  const location = useLocation()
  const searchId = useId()
  const menuId = useId()
  // On the catalogue page the box shows the search the results are for.
  const q = location.pathname === '/products' ? (new URLSearchParams(location.search).get('q') ?? '') : ''
  const inputRef = useRef<HTMLInputElement>(null)
  const [isSuggesting, setSuggesting] = useState(false)
  // Signing in comes back to the page it started from (account pages have their own way back).
  const signInLink = location.pathname.startsWith('/account')
    ? '/account/login'
    : `/account/login?returnTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`
  // Follow the URL (back and forward, a cleared search) unless the shopper is typing in the box.
  useEffect(() => {
    const input = inputRef.current
    if (input && document.activeElement !== input) input.value = q
  }, [q])
  const accountLink = isMember ? { to: '/account', label: 'Account' } : { to: signInLink, label: 'Sign in' }
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* On a phone the links fold into a menu; a <details> opens it without any script. */}
      {/* Hydrated, it holds the focus as a drawer does (drawer-focus.ts). */}
      <details
        className="site-menu"
        onToggle={(event) => {
          if (!event.currentTarget.open) return givePageBehindBack()
          makePageBehindInert(event.currentTarget)
          focusDrawerPanel(event.currentTarget)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') closeDrawer(event.currentTarget)
          else keepTabInside(event)
        }}
      >
        <summary className="header-toggle header-toggle-menu">
          <span className="visually-hidden">Menu</span>
        </summary>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside answer the keyboard; this only closes the menu after one */}
        <nav
          aria-label="Menu"
          className="site-menu-panel"
          tabIndex={-1}
          data-drawer-panel
          onClick={closeMenuAfterLink}
        >
          <Form
            method="get"
            action="/products"
            role="search"
            className="site-menu-search"
            onSubmit={(event) => event.currentTarget.closest('details')?.removeAttribute('open')}
          >
            <label htmlFor={`${menuId}-q`} className="visually-hidden">
              Search the shop
            </label>
            <input
              id={`${menuId}-q`}
              type="search"
              name="q"
              placeholder="Search products"
              maxLength={200}
              autoComplete="off"
            />
            <button type="submit" className="button button-secondary">
              Search
            </button>
          </Form>
          <LinkGroup
            id={`${menuId}-shop`}
            heading="Shop"
            links={[
              { to: '/products', label: 'All products' },
              ...collections.map((collection) => ({
                to: `/collections/${encodeURIComponent(collection.slug)}`,
                label: collection.name,
              })),
              { to: '/services', label: 'Services' },
              { to: '/plans', label: 'Plans' },
              { to: '/events', label: 'Events' },
            ]}
          />
          <LinkGroup id={`${menuId}-account`} heading="Account" links={[accountLink]} />
          <LinkGroup id={`${menuId}-help`} heading="Help" links={HELP_LINKS} />
        </nav>
      </details>
      <Link to="/" className="store-name">
        {shopName}
      </Link>
      {/* On a phone the search field opens on demand: this toggle shows the form that follows it. */}
      <details
        className="search-toggle"
        onToggle={(event) => {
          if (event.currentTarget.open) inputRef.current?.focus()
        }}
      >
        <summary className="header-toggle header-toggle-search">
          <span className="visually-hidden">Search</span>
        </summary>
      </details>
      <Form method="get" action="/products" role="search" className="site-search">
        <label htmlFor={searchId} className="visually-hidden">
          Search products
        </label>
        <input
          ref={inputRef}
          id={searchId}
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search products"
          maxLength={200}
          autoComplete="off"
          onFocus={() => setSuggesting(true)}
        />
        <button type="submit" className="button button-secondary">
          Search
        </button>
        {isSuggesting ? (
          <Suspense fallback={null}>
            <SearchSuggestions inputRef={inputRef} />
          </Suspense>
        ) : null}
      </Form>
      <nav aria-label="Store" className="site-nav">
        <NavLink to="/products" end className="site-nav-wide">
          Shop all
        </NavLink>
        {isMember && memberName ? (
          <span className="member-greeting site-nav-wide">Hi, {memberName}</span>
        ) : null}
        <NavLink to={accountLink.to} className="site-nav-wide">
          {accountLink.label}
        </NavLink>
        <CartLink className="cart-link">
          {cartItemCount === undefined ? 'Cart' : `Cart (${cartItemCount})`}
        </CartLink>
      </nav>
    </header>
  )
}

/** Closes the phone menu once a link in it is followed: the page changes under it without a reload. */
function closeMenuAfterLink(event: React.MouseEvent<HTMLElement>) {
  if ((event.target as Element).closest('a')) event.currentTarget.closest('details')?.removeAttribute('open')
}
