import { useMemo } from 'react'
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { findMember, toMemberName } from './account/member.server'
import { CartDrawerProvider } from './cart/cart-drawer'
import { CART_ACTION_PATH, CART_CHANGED_ELSEWHERE_STATUS } from './cart/cart-edit'
import { toCartView } from './cart/cart-view'
import { findCurrentCart } from './cart/current-cart.server'
import { CartEditsProvider, useOptimisticCart } from './cart/use-optimistic-cart'
import { findFeaturedCollections } from './catalogue/catalogue.server'
import { SiteFooter } from './layout/site-footer'
import { SiteHeader } from './layout/site-header'
import { SITE_ICON_PATH } from './layout/site-icon'
import { SkeletonFor } from './layout/skeletons'
import { useFocusOnNewPage } from './layout/use-focus-on-new-page'
import { createAisleMiddleware, getAisle } from './platform/aisle.server'
import { isSharedPage, VISITOR_PAGE_CACHE_CONTROL } from './platform/cache-control'
import { toSiteUrl } from './platform/config.server'
import { findShopperError, SHOPPER_FAULT } from './platform/failed-page'
import { HydrateLater } from './rendering/hydrate-later'
import { PageStyles } from './rendering/page-styles'
import { useHydrated } from './rendering/use-hydrated'
import { useNonce } from './security/nonce'
import { securityHeadersMiddleware } from './security/security-headers.server'
import { toPrivatePageMeta } from './seo/page-meta'
import { CurrencyPicker } from './store/currency-picker'
import { findOfferedCurrencies, findSharedShopInfo } from './store/shop-info.server'
import { STORE_LOCALE, STORE_NAME } from './store/store'

// Every answer's security headers first, so they wrap whatever the rest answers; then the request's client.
export const middleware: Route.MiddlewareFunction[] = [
  securityHeadersMiddleware,
  createAisleMiddleware(findOfferedCurrencies),
]

// The visitor's cart, for the header's count and the cart drawer (a visitor who never added has none),
// whether they are a signed-in member (with their name, read with their tokens) for the header's account
// link, the shop's name and its featured collections for the menu (shared by every visitor, kept by the
// process), and the storefront's public URL for the pages' canonical links. The reads run at once; a visitor
// is not asked for a member. Collections that cannot be read leave the menu without them, not the page.
// A page drawn for everyone (a document without the visitor's cookies, which a shared cache may keep) has no
// cart count and no member: `isShared` tells the header to show the cart without a number. The page after a
// form post is not: the loaders then see a GET without cookies, but the action may have made the session.
export async function loader({ request, context }: Route.LoaderArgs) {
  const aisle = getAisle(context)
  const { client, config, publicClient } = aisle
  const isShared = isSharedPage(request) && !aisle.hasSession()
  const isMember = !isShared && client.auth.loggedIn()
  const [cart, member, shop, collections] = await Promise.all([
    isShared ? undefined : findCurrentCart(aisle),
    isMember ? findMember(client) : undefined,
    findSharedShopInfo(publicClient),
    findFeaturedCollections(publicClient).catch(() => []),
  ])
  return {
    cart: cart ? toCartView(cart, config.apiUrl) : undefined,
    isShared,
    isMember,
    memberName: member && toMemberName(member),
    shopName: shop?.name ?? STORE_NAME,
    iconUrl: shop?.iconUrl,
    menuCollections: collections.map((collection) => ({
      slug: collection.slug ?? '',
      name: collection.name ?? '',
    })),
    storeCurrency: shop?.currency,
    displayCurrencies: shop?.displayCurrencies ?? [],
    // Only a currency the shop offers is chosen (the middleware ignores any other): its prices come converted.
    displayCurrency: aisle.displayCurrency,
    siteUrl: toSiteUrl(config, request),
  }
}

// A page with the visitor's cart count is theirs alone; catalogue routes let shared caches keep the pages
// drawn for everyone and their route data (platform/cache-control.ts, decision 088).
export function headers(): HeadersInit {
  return { 'Cache-Control': VISITOR_PAGE_CACHE_CONTROL }
}

// The cart changes only through a form submission; plain navigations need not ask again. A cart form
// refused because the cart changed elsewhere (another tab) asks again, so the page shows the cart as it is.
export function shouldRevalidate({
  formMethod,
  formAction,
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod) return false
  const isCartChangedElsewhere =
    actionStatus === CART_CHANGED_ELSEWHERE_STATUS && formAction?.split('?')[0] === CART_ACTION_PATH
  return isCartChangedElsewhere || defaultShouldRevalidate
}

// A failed page's title, and nothing for a search engine's index: given here rather than by the error
// boundary, so every page's head is written by route `meta` functions alone.
export function meta({ error, matches }: Route.MetaArgs) {
  if (error == null) return []
  return toPrivatePageMeta(matches, toErrorPage(error).title)
}

export function Layout({ children }: { children: React.ReactNode }) {
  const isHydrated = useHydrated()
  const nonce = useNonce()
  // The shop's icon from its settings (shop info), else the storefront's own.
  const iconUrl = useRouteLoaderData<typeof loader>('root')?.iconUrl
  // The same elements when only `isHydrated` changes: marking the page hydrated then re-renders `<html>`
  // alone, not the head, the header and the footer with it in the task after hydration.
  const page = useMemo(
    () => (
      <>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          {iconUrl ? (
            <link rel="icon" href={iconUrl} />
          ) : (
            <link rel="icon" type="image/svg+xml" href={SITE_ICON_PATH} />
          )}
          <PageStyles />
          <Links />
        </head>
        <body>
          <SiteFrame>{children}</SiteFrame>
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </>
    ),
    [children, nonce, iconUrl],
  )
  return (
    // The cart edits on their way, for every part of the page that shows the cart.
    <CartEditsProvider>
      {/* `data-hydrated` tells styles and end-to-end tests that the page now runs its scripts. */}
      <html lang={STORE_LOCALE} data-hydrated={isHydrated ? 'true' : undefined}>
        {page}
      </html>
    </CartEditsProvider>
  )
}

/** The header, the cart drawer and the page, with the visitor's cart as it will be once its edits are made. */
function SiteFrame({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const navigation = useNavigation()
  const cart = useOptimisticCart(root?.cart)
  useFocusOnNewPage()
  return (
    <CartDrawerProvider cart={cart}>
      <SiteHeader
        cartItemCount={root && !root.isShared ? (cart?.itemCount ?? 0) : undefined}
        isMember={root?.isMember ?? false}
        memberName={root?.memberName}
        shopName={root?.shopName ?? STORE_NAME}
        collections={root?.menuCollections ?? []}
      />
      <main id="main" tabIndex={-1} aria-busy={navigation.state === 'loading'}>
        {children}
      </main>
      {/* The page's foot hydrates after the header and the page. */}
      <HydrateLater>
        {root?.storeCurrency && (
          <CurrencyPicker
            storeCurrency={root.storeCurrency}
            currencies={root.displayCurrencies}
            chosen={root.displayCurrency}
          />
        )}
        <SiteFooter shopName={root?.shopName ?? STORE_NAME} />
      </HydrateLater>
    </CartDrawerProvider>
  )
}

/**
 * The page, or while another page loads, a skeleton of it: the shopper sees at once where they are going.
 * Changes within one page (filters, option choices) keep the page and show their own pending state, so
 * focus stays where it was.
 */
export default function App() {
  const { pathname } = useLocation()
  const navigation = useNavigation()
  if (navigation.state === 'loading' && navigation.location.pathname !== pathname) {
    return <SkeletonFor pathname={navigation.location.pathname} />
  }
  return <Outlet />
}

/**
 * The words for a page that failed: those the server chose for its answer (`toShopperErrorResponse`), a fault
 * of ours otherwise. The word table stays on the server, out of every page's JavaScript.
 */
function toErrorPage(error: unknown) {
  return (isRouteErrorResponse(error) ? findShopperError(error.data) : undefined) ?? SHOPPER_FAULT
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { title, message } = toErrorPage(error)
  return (
    <section className="page-message">
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </section>
  )
}
