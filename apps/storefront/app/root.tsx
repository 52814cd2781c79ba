import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { countCartItems } from './components/cart/cart-view'
import { SiteHeader } from './components/layout/site-header'
import { aisleMiddleware, getAisle } from './lib/aisle.server'
import { findCurrentCart } from './lib/cart.server'
import { findErrorCode, toShopperError } from './lib/shopper-error'
import { toPageTitle } from './lib/store'
import stylesheet from './styles.css?url'

export const middleware: Route.MiddlewareFunction[] = [aisleMiddleware]

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }]

export async function loader({ context }: Route.LoaderArgs) {
  const cart = await findCurrentCart(getAisle(context).client)
  return { cartItemCount: countCartItems(cart) }
}

// Every page carries the visitor's cart count, so no shared cache may keep a copy.
export function headers(): HeadersInit {
  return { 'Cache-Control': 'private, no-cache' }
}

// The cart count changes only through a form submission; plain navigations need not ask again.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <SiteHeader cartItemCount={root?.cartItemCount} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { title, message } = isRouteErrorResponse(error)
    ? toShopperError(error.status, findErrorCode(error.data))
    : toShopperError(500)
  return (
    <section className="page-message">
      <title>{toPageTitle(title)}</title>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </section>
  )
}
