import { z } from 'zod'
import { MAX_LINE_QUANTITY } from '../carts/cart-limits.ts'
import type { CurrentCart } from '../carts/current-cart.ts'
import { findProduct } from '../catalogue/products/product-store.ts'
import { toWireProduct } from '../catalogue/products/product-wire.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { ApiError } from '../http/errors.ts'
import type { FormFields } from '../pages/form-fields.ts'
import {
  HOSTED_PAGE_ROUTE,
  RedirectMessagePage,
  redirectFromHostedPage,
  renderRedirectPage,
  renderVisitEnded,
  returnLink,
  SessionQuery,
  VisitParams,
} from '../redirects/hosted/hosted-redirect-pages.tsx'
import { sessionBrandOf } from '../redirects/hosted/redirect-session-brand.ts'
import {
  findHostedVisit,
  type HostedVisit,
  landHostedSession,
  readHostedPost,
} from '../redirects/hosted-visit.ts'
import { PRODUCT_PAGE_PATH } from '../redirects/redirect-kinds.ts'
import type { RedirectSession } from '../redirects/redirect-session-store.ts'
import { findSessionShopper } from '../redirects/session-shopper.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { isPurchasable, ProductPage, quantityAvailable, type WireProduct } from './product-page.tsx'

export interface HostedProductDeps {
  db: Db
  clock: Clock
  publicUrl: string
  /** The current-cart calls the REST current-cart routes make. */
  carts: CurrentCart
}

function pagePath(sessionId: string): string {
  return `${PRODUCT_PAGE_PATH}/${sessionId}`
}

function linksOf(session: RedirectSession) {
  return [
    returnLink('View your cart', session.callbacks.cartPageUrl),
    returnLink('Back to the shop', session.callbacks.postFlowUrl),
  ]
}

/** The quantity a form asks for, when it is a whole number the cart accepts. */
function quantityOf(form: FormFields): number | undefined {
  const quantity = Number(form.text('quantity') || '1')
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : undefined
}

/** Why the chosen variant cannot be added in this quantity, in shopper words; `undefined` when it can. */
function refusalOf(product: WireProduct, variantId: string, quantity: number): string | undefined {
  const variant = product.variants.find((one) => one.id === variantId)
  if (!variant) return 'Choose one of the options shown.'
  if (!isPurchasable(product, variant)) return 'That choice is sold out.'
  const available = quantityAvailable(product, variant)
  if (available !== undefined && quantity > available) return `Only ${available} left: choose fewer.`
  return undefined
}

/**
 * Adds a variant to the shopper's current cart as the REST add-to-cart call does (the same limits,
 * prices and "cart created/updated" event, caused by that shopper); the cart's refusal in words.
 */
async function addToCart(
  carts: CurrentCart,
  shopper: ShopperCaller,
  line: { catalogItemId: string; variantId: string; quantity: number },
): Promise<string | undefined> {
  const catalogReference = {
    catalogItemId: line.catalogItemId,
    appId: 'stores' as const,
    options: { variantId: line.variantId },
  }
  try {
    await carts.add(shopper, {
      lineItems: [{ catalogReference, quantity: line.quantity }],
      customLineItems: [],
    })
    return undefined
  } catch (error) {
    if (error instanceof ApiError) return error.message
    throw error
  }
}

/**
 * The hosted product page of `storesProduct` sessions: `GET /_product?session=` spends the session and
 * opens the page for this browser (`/_product/:sessionId`), which shows the product and adds it to the
 * cart of the visitor or member who created the session (a form with a CSRF token), with the way back
 * to the session's callbacks.
 */
export function registerHostedProductRoutes(api: Api, deps: HostedProductDeps) {
  const { db, clock, publicUrl } = deps
  const imageOrigins = [new URL(publicUrl).origin]

  async function loadProduct(
    session: RedirectSession,
  ): Promise<{ site: Site; product: WireProduct } | undefined> {
    const record = await findProduct(
      db,
      { siteId: session.siteId, includeHidden: false },
      String(session.input.productId),
    )
    if (!record) return undefined
    const site = await getSite(db, session.siteId)
    return { site, product: toWireProduct(record, site, { publicUrl }) }
  }

  function productGone(session: RedirectSession): Response {
    return renderRedirectPage(
      <RedirectMessagePage title="This product is no longer available" links={linksOf(session)}>
        <p>The shop no longer offers it. Go back to the shop to find something else.</p>
      </RedirectMessagePage>,
      { status: 404 },
    )
  }

  async function productPage(
    visit: HostedVisit,
    options: { notice?: string; problem?: string; chosenVariantId?: string; status?: number } = {},
  ): Promise<Response> {
    const loaded = await loadProduct(visit.session)
    if (!loaded) return productGone(visit.session)
    return renderRedirectPage(
      <ProductPage
        siteName={loaded.site.name}
        product={loaded.product}
        action={`${pagePath(visit.session.id)}/add-to-cart`}
        csrfToken={visit.csrfToken}
        links={linksOf(visit.session)}
        {...options}
      />,
      {
        status: options.status ?? 200,
        imageOrigins,
        brand: await sessionBrandOf(db, visit.session, publicUrl, loaded.site),
      },
    )
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: PRODUCT_PAGE_PATH,
      operationId: 'hostedProductLanding',
      summary:
        'The landing of a storesProduct redirect session: spends it and opens the product page for this browser',
      query: SessionQuery,
    },
    async ({ query }, c) => {
      const deps = { db, publicUrl, now: clock() }
      return landHostedSession(c, deps, query.session, ['storesProduct'], pagePath)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: `${PRODUCT_PAGE_PATH}/:sessionId`,
      operationId: 'hostedProductPage',
      summary: 'The hosted product page: picture, name, price, options, stock, add to cart and the way back',
      params: VisitParams,
      query: z.object({ added: z.string().optional() }),
    },
    async ({ params, query }, c) => {
      const visit = await findHostedVisit(c, db, params.sessionId, clock())
      if (!visit) return renderVisitEnded()
      return productPage(visit, { notice: query.added === undefined ? undefined : 'Added to your cart.' })
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'post',
      path: `${PRODUCT_PAGE_PATH}/:sessionId/add-to-cart`,
      operationId: 'hostedProductAddToCart',
      summary:
        'Add the chosen variant (form: variantId, quantity, csrf) to the current cart of the shopper who created the session',
      params: VisitParams,
    },
    async ({ params }, c) => {
      const post = await readHostedPost(c, { db, publicUrl, now: clock() }, params.sessionId)
      if (post instanceof Response) return post
      const { visit, form } = post
      const loaded = await loadProduct(visit.session)
      if (!loaded) return productGone(visit.session)
      const variantId = form.text('variantId')
      const quantity = quantityOf(form)
      const refusal =
        quantity === undefined
          ? `Enter a quantity from 1 to ${MAX_LINE_QUANTITY}.`
          : refusalOf(loaded.product, variantId, quantity)
      if (refusal || quantity === undefined)
        return productPage(visit, { problem: refusal, chosenVariantId: variantId, status: 400 })
      const shopper = await findSessionShopper(db, visit.session)
      if (!shopper)
        return productPage(visit, { problem: 'Your account cannot shop here any more.', status: 403 })
      const refused = await addToCart(deps.carts, shopper, {
        catalogItemId: loaded.product.id,
        variantId,
        quantity,
      })
      if (refused) return productPage(visit, { problem: refused, chosenVariantId: variantId, status: 409 })
      return redirectFromHostedPage(`${pagePath(visit.session.id)}?added=1`, 303)
    },
  )
}
