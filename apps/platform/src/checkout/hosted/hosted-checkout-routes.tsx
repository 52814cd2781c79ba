import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { z } from 'zod'
import { formatAddress } from '../../addresses/address-format.ts'
import { countryOptions } from '../../addresses/countries.ts'
import { AddressInput } from '../../carts/address-input.ts'
import type { CartProducts } from '../../carts/cart-products.ts'
import type { Address } from '../../carts/pricing/pricing-input.ts'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/db.ts'
import type { Api, AppEnv } from '../../http/api.ts'
import { ApplicationError, type ValidationError } from '../../http/errors.ts'
import type { Logger } from '../../log.ts'
import { formatMoney } from '../../money/money.ts'
import { findOrder, findOrderByCheckout } from '../../orders/order-store.ts'
import { createCsrfToken, isCrossSiteRequest, isCsrfTokenValid } from '../../pages/csrf.ts'
import { readForm } from '../../pages/form-fields.ts'
import { renderPage } from '../../pages/render-page.tsx'
import { membershipSelectionProblem } from '../../plans/membership-selection.ts'
import { getSite, type Site } from '../../sites/site-store.ts'
import { type CheckoutCartRead, checkoutCart, priceCheckout } from '../checkout-pricing.ts'
import {
  type CheckoutRow,
  findCheckout,
  findCheckoutWithSiteAndCart,
  findPaymentReturn,
  saveCheckoutChoices,
  withChoices,
} from '../checkout-store.ts'
import { getCommerceSettings, settingsFromStored } from '../commerce-settings.ts'
import type { PaymentProvider, ProviderPayment } from '../payment-provider.ts'
import { confirmPayment, type PaymentConfirmation } from '../payments/confirm-payment.ts'
import { providerOf } from '../payments/payment-deps.ts'
import { actOnProviderWord } from '../payments/provider-word.ts'
import { startPayment } from '../payments/start-payment.ts'
import { coverableLinesOf, lineSummariesOf, type PricedCart, priceCart } from '../price-cart.ts'
import { shipToCountries } from '../ship-to-countries.ts'
import { loadShopBrand } from '../shop-brand.ts'
import {
  type CheckoutDetails,
  type CheckoutFormValues,
  contactFieldNames,
  formValuesOf,
  formValuesOfCheckout,
  parseCheckoutDetails,
  parsePlanChoice,
  readAddress,
} from './hosted-checkout-form.ts'
import {
  CheckoutMessagePage,
  CheckoutPage,
  OrderPlacedPage,
  PlaceOrderButton,
  RegionField,
  type SavedAddressChoice,
  ShippingOptions,
  SummaryTable,
  ThankYouPage,
} from './hosted-checkout-pages.tsx'

export interface HostedCheckoutDeps {
  db: Db
  clock: Clock
  publicUrl: string
  /** For what a notification told that the platform could not record (a refund made at the provider). */
  logger: Logger
  /** The ways to pay, in the order the page offers them (the test card and pay-later in app.ts). */
  paymentProviders: readonly PaymentProvider[]
  /** The products kept per catalogue version, shared with the cart (`carts/cart-products.ts`). */
  cartProducts?: CartProducts | undefined
  /**
   * The signed-in buyer, for their e-mail and saved addresses: identity's member lookup, handed in by
   * the app (identity stands above checkout, so checkout does not import it).
   */
  findMember: (db: Db, siteId: string, memberId: string) => Promise<CheckoutMember | undefined>
  /** Adds an address to a member's saved ones ("save this address"): identity's, handed in by the app. */
  saveMemberAddress: (
    db: Db,
    member: { siteId: string; memberId: string },
    address: Omit<Address, 'geocode'>,
    now: Date,
  ) => Promise<unknown>
  /** The signed link to a paid order's downloads, for its confirmation mail (decision 047). */
  downloadsLink?: ((orderId: string, now: Date) => string) | undefined
  /** The signed link to a booking's cancel page, for its confirmation mail (decision 069). */
  bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined
  /**
   * The platform's link signer (decision 047's `LinkSigner`, handed in by the app): the thank-you page
   * shows the order's details only through a link it signed for the browser that paid.
   */
  signer: {
    sign(parts: readonly string[], expiresAt: Date): { expires: number; signature: string }
    check(parts: readonly string[], expires: number, signature: string, now: Date): string
  }
}

/** How long the thank-you page's signed link shows the order's details: the buyer's visit, not for ever. */
export const THANK_YOU_LINK_SECONDS = 60 * 60
const thankYouParts = (checkoutId: string) => ['checkout-thank-you', checkoutId]

/** What the page reads of a signed-in buyer: the e-mail they sign in with and their saved addresses. */
export interface CheckoutMember {
  login_email: string
  profile: Parameters<typeof savedAddressesOf>[0]
}

/** Where providers post their signed notifications: `/payments/v1/notifications/:providerId`. */
export const PAYMENT_NOTIFICATIONS_PATH = '/payments/v1/notifications'

export const HOSTED_CHECKOUT_PATH = '/_checkout'
/** The double-submit CSRF cookie of hosted checkout forms (the page has no session of its own). */
const CSRF_COOKIE = 'aisle_checkout_csrf'

const Html = z.string().describe('an HTML page, or a redirect')
// The id is checked by the handler, so a bad link gets a page, not a JSON error.
const Params = z.object({ checkoutId: z.string() })
const page = { tag: 'Hosted checkout', auth: 'none', response: Html, params: Params } as const
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function isHttps(c: Context<AppEnv>, publicUrl: string): boolean {
  return new URL(c.req.url).protocol === 'https:' || publicUrl.startsWith('https:')
}

/**
 * Where a checkout's payment returns the shopper and providers post their word: the hosted checkout's
 * return, which places the order and sends the buyer on (the bookings checkout pays through it too).
 */
export function checkoutPaymentUrls(publicUrl: string, checkoutId: string, cancelPath?: string) {
  return {
    returnUrl: (paymentId: string) =>
      `${publicUrl}${HOSTED_CHECKOUT_PATH}/${checkoutId}/payment-return?payment=${paymentId}`,
    notifyUrl: (providerId: string) => `${publicUrl}${PAYMENT_NOTIFICATIONS_PATH}/${providerId}`,
    cancelUrl: `${publicUrl}${cancelPath ?? `${HOSTED_CHECKOUT_PATH}/${checkoutId}`}`,
  }
}

function seeOther(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  })
}

function messagePage(status: number, title: string, message: string): Response {
  return renderPage(<CheckoutMessagePage title={title} message={message} />, { status })
}

/**
 * Where the buyer goes once the order is placed: the registered callback, else the hosted thank-you
 * page, through a link signed for an hour when `signer` is given (the browser that paid, or pressed the
 * form); without one, the page shows no personal data.
 */
function afterOrderUrl(
  checkout: CheckoutRow,
  orderId: string,
  signing?: { signer: HostedCheckoutDeps['signer']; now: Date },
): string {
  const target = checkout.callbacks?.thankYouPageUrl ?? checkout.callbacks?.postFlowUrl
  if (!target) {
    const path = `${HOSTED_CHECKOUT_PATH}/${checkout.id}/thank-you`
    if (!signing) return path
    const { expires, signature } = signing.signer.sign(
      thankYouParts(checkout.id),
      new Date(signing.now.getTime() + THANK_YOU_LINK_SECONDS * 1000),
    )
    return `${path}?${new URLSearchParams({ expires: String(expires), signature })}`
  }
  const url = new URL(target)
  url.searchParams.set('orderId', orderId)
  return url.toString()
}

/** The shopper's language for country names: the browser's first, else the shop's. */
function shopperLocale(c: Context<AppEnv>, site: Site): string {
  const first = (c.req.header('accept-language') ?? '').split(',')[0]?.split(';')[0]?.trim()
  return first && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(first) ? first : site.locale
}

/**
 * The country a new shopper starts in: the region of their browser's language, else of the shop's
 * locale, when the shop ships there; else the first country it ships to.
 */
function defaultCountry(c: Context<AppEnv>, site: Site, shipTo: readonly string[]): string {
  for (const locale of [shopperLocale(c, site), site.locale]) {
    try {
      const region = new Intl.Locale(locale).maximize().region
      if (region && shipTo.includes(region)) return region
    } catch {
      // Not a locale: try the next.
    }
  }
  return shipTo[0] ?? ''
}

/** A member's saved addresses as choices for the page (the ones with a country). */
function savedAddressesOf(profile: {
  firstName?: string | undefined
  lastName?: string | undefined
  addresses?: { id?: string | undefined; address?: Partial<Address> | undefined }[] | undefined
}): SavedAddressChoice[] {
  return (profile.addresses ?? []).flatMap((entry, index) => {
    const address = entry.address
    if (!address?.country) return []
    const fields: Record<string, string> = {}
    for (const key of [
      'country',
      'subdivision',
      'city',
      'postalCode',
      'addressLine',
      'addressLine2',
    ] as const) {
      const value = address[key]
      fields[key] = typeof value === 'string' ? value : ''
    }
    // The profile's names are the recipient's until the member types others.
    if (profile.firstName) fields.firstName = profile.firstName
    if (profile.lastName) fields.lastName = profile.lastName
    const label = formatAddress(address).join(', ')
    return [{ id: entry.id ?? String(index), label, fields }]
  })
}

/**
 * The hosted checkout: `GET /_checkout/:checkoutId` (the one-page form), `POST .../estimate` (totals of
 * what is typed, for the page's script), `POST` (no-script "Update totals": saved, page again),
 * `POST .../place-order` (saves, then pays: the provider's page or the order at once),
 * `GET .../payment-return` (back from the provider), `GET .../thank-you`, and providers' signed
 * notifications. The checkout id, a random UUID, is the capability: whoever has the link may finish it.
 * Answers how a provider in this process tells its word without a request (`actOnProviderWord`).
 */
export function registerHostedCheckoutRoutes(api: Api, deps: HostedCheckoutDeps) {
  const { db, clock, publicUrl } = deps
  const providers = deps.paymentProviders
  const payments = {
    db,
    clock,
    providers,
    publicUrl: deps.publicUrl,
    downloadsLink: deps.downloadsLink,
    bookingCancelLink: deps.bookingCancelLink,
    cartProducts: deps.cartProducts,
  }
  const withLogger = { ...payments, logger: deps.logger }
  /** Signs the thank-you page's link for the browser that just paid or pressed the form. */
  const signing = () => ({ signer: deps.signer, now: clock() })
  const paymentUrls = (checkoutId: string) => checkoutPaymentUrls(publicUrl, checkoutId)

  /** A member's ticked "save this address": the shipping address joins their saved ones. */
  async function rememberAddress(checkout: CheckoutRow, details: CheckoutDetails) {
    if (!details.isSaveAddressTicked || checkout.owner_kind !== 'member') return
    const {
      vatId: _personal,
      geocode: _located,
      formattedAddress: _written,
      ...postal
    } = details.shippingAddress as Address & { vatId?: unknown }
    await deps.saveMemberAddress(
      db,
      { siteId: checkout.site_id, memberId: checkout.owner_id },
      postal,
      clock(),
    )
  }

  /** The checkout of a link, its site and its cart (read together), when the link's id is one. */
  async function findUsable(checkoutId: string) {
    return UUID.test(checkoutId) ? findCheckoutWithSiteAndCart(db, checkoutId) : undefined
  }

  /** The token of this browser's checkout forms, and the cookie that sets it when it has none yet. */
  function csrfOf(c: Context<AppEnv>) {
    const existing = getCookie(c, CSRF_COOKIE)
    if (existing && existing.length >= 32) return { token: existing, setCookie: undefined }
    const token = createCsrfToken()
    const secure = isHttps(c, publicUrl) ? '; Secure' : ''
    return {
      token,
      setCookie: `${CSRF_COOKIE}=${token}; Path=${HOSTED_CHECKOUT_PATH}; HttpOnly; SameSite=Strict${secure}`,
    }
  }

  /** A post from this site's own checkout page carrying its token; undefined when it is refused. */
  async function readCheckoutForm(c: Context<AppEnv>) {
    const origins = [new URL(c.req.url).origin, new URL(publicUrl).origin]
    if (isCrossSiteRequest(c.req.raw.headers, origins)) return undefined
    const form = await readForm(c)
    return isCsrfTokenValid(getCookie(c, CSRF_COOKIE) ?? '', form.text('csrf')) ? form : undefined
  }

  /** The buyer's choices as typed so far (incomplete addresses too), to price them before they are saved. */
  function typedChoices(form: Awaited<ReturnType<typeof readForm>>) {
    const address = (prefix: string) => {
      const parsed = AddressInput.safeParse(readAddress(form, prefix))
      return parsed.success ? (JSON.parse(JSON.stringify(parsed.data)) as Address) : undefined
    }
    const shippingAddress = address('shipping')
    const [carrierId = '', code = ''] = form.text('shippingOption').split('|')
    return {
      shippingAddress,
      selectedMemberships: parsePlanChoice(form),
      billingAddress: form.isChecked('billingSameAsShipping') ? shippingAddress : address('billing'),
      selectedShippingOption: code
        ? { code: code.slice(0, 50), carrierId: carrierId.slice(0, 50) || undefined }
        : undefined,
    }
  }

  async function checkoutPage(
    c: Context<AppEnv>,
    checkout: CheckoutRow,
    options: {
      values?: CheckoutFormValues
      violations?: ValidationError['fieldViolations']
      problem?: string
      notice?: string
      status?: number
      /** The checkout's site and cart, when they were read with the checkout (`findUsable`). */
      read?: ({ site: Site } & CheckoutCartRead) | undefined
    } = {},
  ): Promise<Response> {
    const site = options.read?.site ?? (await getSite(db, checkout.site_id))
    // The cart's read brings the site's setup and catalogue version with it (decision 089).
    const [cart, member] = await Promise.all([
      checkoutCart(db, checkout, options),
      checkout.owner_kind === 'member' ? deps.findMember(db, checkout.site_id, checkout.owner_id) : undefined,
    ])
    const settings = cart
      ? settingsFromStored(cart.storedSettings)
      : await getCommerceSettings(db, checkout.site_id)
    const shipTo = shipToCountries(settings)
    const values = options.values ?? formValuesOfCheckout(checkout)
    // Members' e-mail is known; a new shopper starts in the first country the shop ships to.
    if (!values.email && member) values.email = member.login_email
    if (!values['shipping.country']) values['shipping.country'] = defaultCountry(c, site, shipTo)
    const priced =
      cart &&
      (await priceCart(db, cart, {
        siteId: checkout.site_id,
        currency: site.currency,
        settings,
        kept: { cartProducts: deps.cartProducts, catalogueVersion: cart.catalogueVersion },
        choices: options.values
          ? typedChoicesOfValues(values)
          : {
              shippingAddress: checkout.shipping_address ?? typedChoicesOfValues(values).shippingAddress,
              billingAddress: checkout.billing_address ?? undefined,
              selectedShippingOption: checkout.selected_shipping_option ?? undefined,
              selectedMemberships: checkout.selected_memberships ?? undefined,
            },
        now: clock(),
      }))
    if (!priced || priced.cart.lines.length === 0)
      return messagePage(409, 'Your cart is empty', 'Go back to the shop and add something to your cart.')
    const csrf = csrfOf(c)
    const element: ReactElement = (
      <CheckoutPage
        checkout={checkout}
        site={site}
        totals={priced.totals}
        lines={lineSummariesOf(priced, deps.publicUrl)}
        memberships={priced.memberships}
        providers={providers}
        csrfToken={csrf.token}
        paymentKey={randomUUID()}
        values={values}
        countries={countryOptions(shopperLocale(c, site))}
        shipTo={new Set(shipTo)}
        savedAddresses={member ? savedAddressesOf(member.profile) : []}
        canSaveAddress={member !== undefined}
        violations={options.violations}
        problem={options.problem}
        cartPageUrl={checkout.callbacks?.cartPageUrl}
        notice={options.notice}
      />
    )
    // "Back to <shop>" leads to the origin of a callback checked when the redirect session was made.
    const brand = await loadShopBrand(db, site.id, {
      publicUrl: deps.publicUrl,
      homeUrl: checkout.callbacks?.postFlowUrl ?? checkout.callbacks?.cartPageUrl,
      site,
    })
    const response = renderPage(element, { status: options.status ?? 200, siteId: site.id, brand })
    response.headers.set('referrer-policy', 'no-referrer')
    // The script asks the estimate endpoint (same origin); the place-order post may end at the
    // provider's page or the shop's thank-you page: form-action allows their origins.
    const origins = new Set<string>(providers.flatMap((provider) => provider.pageOrigins ?? []))
    const target = checkout.callbacks?.thankYouPageUrl ?? checkout.callbacks?.postFlowUrl
    if (target) origins.add(new URL(target).origin)
    const policy = (response.headers.get('content-security-policy') ?? '')
      .replace("form-action 'self'", ['form-action', "'self'", ...origins].join(' '))
      .replace("default-src 'none'", "default-src 'none'; connect-src 'self'")
    response.headers.set('content-security-policy', policy)
    if (csrf.setCookie) response.headers.append('set-cookie', csrf.setCookie)
    return response
  }

  /** The typed form values as pricing choices (for a page shown again with what was typed). */
  function typedChoicesOfValues(values: CheckoutFormValues) {
    const fields = {
      text: (name: string) => values[name] ?? '',
      texts: (name: string) => (values[name] === undefined ? [] : [values[name] as string]),
      isChecked: (name: string) => values[name] === 'on',
      names: () => Object.keys(values),
    }
    return typedChoices(fields as unknown as Awaited<ReturnType<typeof readForm>>)
  }

  /** Why the checkout's choice of plans cannot pay, in the buyer's words (decision 051); undefined when it can. */
  function planChoiceProblemOf(checkout: CheckoutRow, priced: PricedCart): string | undefined {
    const selection = checkout.selected_memberships ?? []
    return membershipSelectionProblem(selection, priced.memberships, coverableLinesOf(priced), clock())
      ?.message
  }

  /** The same, pricing the checkout's cart first (the no-script save, which otherwise prices nothing). */
  async function planChoiceProblem(
    checkout: CheckoutRow,
    read: { site: Site } & CheckoutCartRead,
  ): Promise<string | undefined> {
    if (!checkout.selected_memberships?.length) return undefined
    const priced = await priceCheckout(db, checkout, {
      currency: read.site.currency,
      now: clock(),
      read,
      cartProducts: deps.cartProducts,
    })
    return priced && planChoiceProblemOf(checkout, priced)
  }

  const notFound = () =>
    messagePage(
      404,
      'Checkout not found',
      'This checkout link is not valid. Go back to the shop and try again.',
    )
  const refusedForm = () =>
    messagePage(
      403,
      'Form refused',
      'The form expired or came from another site. Reload the page and try again.',
    )

  /**
   * The page of an open checkout; a completed one goes to where its order went (`order`: the
   * checkout's order when it was read already).
   */
  async function openOrElsewhere(
    checkout: CheckoutRow,
    order?: { id: string },
    from: 'buyer' | 'anyone' = 'buyer',
  ) {
    if (checkout.status === 'COMPLETED') {
      const placed = order ?? (await findOrderByCheckout(db, checkout.id))
      if (placed)
        return seeOther(afterOrderUrl(checkout, placed.id, from === 'buyer' ? signing() : undefined))
    }
    if (checkout.status !== 'OPEN')
      return messagePage(
        410,
        'Checkout closed',
        'This checkout is closed. Go back to the shop to start again.',
      )
    return undefined
  }

  /** Where a payment's outcome sends the shopper. */
  async function afterPayment(
    c: Context<AppEnv>,
    checkout: CheckoutRow,
    confirmation: PaymentConfirmation,
    values?: CheckoutFormValues,
  ) {
    if (confirmation.kind === 'placed')
      return seeOther(afterOrderUrl(confirmation.checkout, confirmation.orderId, signing()))
    if (confirmation.kind === 'pending' && confirmation.redirectUrl) return seeOther(confirmation.redirectUrl)
    const fresh = (await findCheckout(db, checkout.id)) ?? checkout
    const elsewhere = await openOrElsewhere(fresh)
    if (elsewhere) return elsewhere
    const problem =
      confirmation.kind === 'failed' || confirmation.kind === 'refused'
        ? `${confirmation.reason}. Nothing was charged: try another card or way to pay.`.replace('.. ', '. ')
        : 'The payment could not be confirmed. Try again.'
    const words = confirmation.kind === 'refused' ? confirmation.reason : problem
    return checkoutPage(c, fresh, { values, problem: words, status: 409 })
  }

  api.route(
    {
      ...page,
      method: 'get',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId`,
      operationId: 'hostedCheckoutPage',
      summary: 'The one-page hosted checkout: contact, address, delivery and payment with live totals',
      query: z.object({ notice: z.string().max(40).optional() }),
    },
    async ({ params, query }, c) => {
      const found = await findUsable(params.checkoutId)
      if (!found) return notFound()
      const { checkout } = found
      // Anyone with the checkout's address reaches this: a placed order's page without its details.
      const elsewhere = await openOrElsewhere(checkout, undefined, 'anyone')
      if (elsewhere) return elsewhere
      return checkoutPage(c, checkout, {
        read: found,
        notice: query.notice === 'saved' ? 'Saved. The totals are up to date.' : undefined,
      })
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId/estimate`,
      operationId: 'hostedCheckoutEstimate',
      summary:
        'The totals, delivery options and region field for the form as typed, and what placing the order would refuse in it, by field (the page’s script; nothing is saved)',
      response: z.object({
        fragments: z.record(z.string(), z.string()),
        total: z.number(),
        errors: z
          .record(z.string(), z.string())
          .describe(
            'by form field: the words placing the order would show beside it; the script shows those of fields the shopper has left',
          ),
      }),
    },
    async ({ params }, c) => {
      const found = await findUsable(params.checkoutId)
      const checkout = found?.checkout
      const form = checkout && (await readCheckoutForm(c))
      if (!checkout || !form || checkout.status !== 'OPEN')
        throw checkout
          ? new ApplicationError(
              'FORBIDDEN',
              'The form expired, came from another site, or the checkout is closed',
            )
          : new ApplicationError('CHECKOUT_NOT_FOUND', 'There is no such checkout', {})
      const { site, cart } = found
      if (!cart) throw new ApplicationError('CART_NOT_FOUND', 'The checkout’s cart is gone', {})
      const priced = await priceCart(db, cart, {
        siteId: checkout.site_id,
        currency: site.currency,
        settings: settingsFromStored(cart.storedSettings),
        kept: { cartProducts: deps.cartProducts, catalogueVersion: cart.catalogueVersion },
        choices: typedChoices(form),
        now: clock(),
      })
      const values = formValuesOf(form)
      const html = (element: ReactElement) => renderToStaticMarkup(element)
      return c.json(
        {
          total: priced.totals.priceSummary.total,
          // The same parse as placing the order: the page can say what is wrong before the press.
          errors: Object.fromEntries(
            parseCheckoutDetails(form, site.checkoutPhone).violations.map((violation) => [
              violation.field,
              violation.description,
            ]),
          ),
          fragments: {
            summary: html(
              <SummaryTable
                totals={priced.totals}
                lines={lineSummariesOf(priced, deps.publicUrl)}
                site={site}
              />,
            ),
            'fold-total': formatMoney(priced.totals.priceSummary.total, site.currency, site.locale),
            'shipping-options': html(<ShippingOptions totals={priced.totals} site={site} />),
            place: html(<PlaceOrderButton totals={priced.totals} site={site} />),
            'region-shipping': html(<RegionField prefix="shipping" values={values} />),
            'region-billing': html(<RegionField prefix="billing" values={values} />),
          },
        },
        200,
        { 'cache-control': 'no-store' },
      )
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId`,
      operationId: 'hostedCheckoutSaveDetails',
      summary:
        'Without script: save the details as typed (or fill in a saved address) and show the page with new totals',
    },
    async ({ params }, c) => {
      const found = await findUsable(params.checkoutId)
      if (!found) return notFound()
      const { checkout, site } = found
      const form = await readCheckoutForm(c)
      if (!form) return refusedForm()
      const elsewhere = await openOrElsewhere(checkout)
      if (elsewhere) return elsewhere
      const values = formValuesOf(form)
      if (form.text('useSavedAddress')) {
        const member =
          checkout.owner_kind === 'member'
            ? await deps.findMember(db, checkout.site_id, checkout.owner_id)
            : undefined
        const saved =
          member && savedAddressesOf(member.profile).find((one) => one.id === form.text('savedAddress'))
        for (const [key, value] of Object.entries(saved?.fields ?? {}))
          if (!(contactFieldNames as readonly string[]).includes(key) || !values[`shipping.${key}`])
            values[`shipping.${key}`] = value
        return checkoutPage(c, checkout, { read: found, values })
      }
      const parsed = parseCheckoutDetails(form, site.checkoutPhone)
      if (!parsed.details)
        return checkoutPage(c, checkout, { read: found, values, violations: parsed.violations, status: 400 })
      const planProblem = await planChoiceProblem(withChoices(checkout, parsed.details), found)
      if (planProblem)
        return checkoutPage(c, checkout, { read: found, values, problem: planProblem, status: 400 })
      await saveCheckoutChoices(db, checkout.id, parsed.details, clock())
      await rememberAddress(checkout, parsed.details)
      return seeOther(`${HOSTED_CHECKOUT_PATH}/${checkout.id}?notice=saved`)
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId/place-order`,
      operationId: 'hostedCheckoutPlaceOrder',
      summary:
        'Place the order (the whole form, with expectedTotal, paymentMethod, paymentKey): saved, then paid on the provider’s page or placed at once',
    },
    async ({ params }, c) => {
      const found = await findUsable(params.checkoutId)
      if (!found) return notFound()
      const { checkout, site } = found
      const form = await readCheckoutForm(c)
      if (!form) return refusedForm()
      const elsewhere = await openOrElsewhere(checkout)
      if (elsewhere) return elsewhere
      const values = formValuesOf(form)
      const parsed = parseCheckoutDetails(form, site.checkoutPhone)
      if (!parsed.details)
        return checkoutPage(c, checkout, { read: found, values, violations: parsed.violations, status: 400 })
      const { details } = parsed
      const provider = providerOf(payments, form.text('paymentMethod'))
      const paymentKey = form.text('paymentKey')
      if (!provider || !/^[0-9a-f-]{36}$/.test(paymentKey))
        return checkoutPage(c, checkout, {
          read: found,
          values,
          problem: 'Choose a way to pay.',
          status: 400,
        })
      // The cart is priced for the choices as they will be saved; they are saved with the payment's
      // row in one statement, or on their own when the press ends on the page again.
      const saved = withChoices(checkout, details)
      const saveAlone = () => saveCheckoutChoices(db, checkout.id, details, clock())
      const priced = await priceCheckout(db, saved, {
        currency: site.currency,
        now: clock(),
        read: found,
        cartProducts: deps.cartProducts,
      })
      if (!priced || priced.cart.lines.length === 0) {
        await saveAlone()
        return messagePage(409, 'Your cart is empty', 'Go back to the shop and add something to your cart.')
      }
      // A plan chosen on the page that cannot pay is refused before any money moves, and nothing is saved.
      const planProblem = planChoiceProblemOf(saved, priced)
      if (planProblem)
        return checkoutPage(c, checkout, { read: found, values, problem: planProblem, status: 400 })
      const total = priced.totals.priceSummary.total
      // The order is placed only for the total the shopper saw: without script, the first press shows it.
      if (String(total) !== form.text('expectedTotal')) {
        await saveAlone()
        return checkoutPage(c, saved, {
          read: found,
          values,
          notice: 'Your total is updated for the details you entered. Check it, then place the order.',
        })
      }
      const blocking = priced.totals.violations.find((violation) => violation.severity === 'ERROR')
      if (blocking) {
        await saveAlone()
        return checkoutPage(c, saved, { read: found, values, problem: blocking.description, status: 409 })
      }
      await rememberAddress(checkout, details)
      const started = await startPayment(payments, paymentUrls(checkout.id), {
        siteId: saved.site_id,
        purpose: { kind: 'checkout', checkoutId: saved.id },
        provider,
        amountMinor: total,
        currency: site.currency,
        idempotencyKey: paymentKey,
        choices: details,
      })
      if (started.kind === 'redirect') return seeOther(started.url)
      if (started.kind === 'closed') {
        // Another press placed the order (or the checkout closed) since this one read it.
        const fresh = (await findCheckout(db, checkout.id)) ?? checkout
        return (await openOrElsewhere(fresh)) ?? seeOther(`${HOSTED_CHECKOUT_PATH}/${checkout.id}`)
      }
      return afterPayment(c, saved, started.confirmation, values)
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId/payment-return`,
      operationId: 'hostedCheckoutPaymentReturn',
      summary:
        'Where a provider sends the shopper back: the payment is asked of the provider, and the order placed when paid',
      query: z.object({ payment: z.string().max(100).optional() }),
    },
    async ({ params, query }, c) => {
      // The checkout, the payment and the order in one read: usually the signed notification came
      // first and placed the order with this very payment.
      const found = UUID.test(params.checkoutId)
        ? await findPaymentReturn(
            db,
            params.checkoutId,
            UUID.test(query.payment ?? '') ? query.payment : undefined,
          )
        : undefined
      if (!found) return notFound()
      const { checkout, payment, order } = found
      const provider = payment && providerOf(payments, payment.provider)
      if (!payment || !provider || !payment.providerPaymentId)
        return (await openOrElsewhere(checkout, order)) ?? seeOther(`${HOSTED_CHECKOUT_PATH}/${checkout.id}`)
      if (checkout.status === 'COMPLETED' && order?.paymentId === payment.id) {
        // The return address stays in the browser's history: past the thank-you link's hour it leads to
        // the page without personal data, as the link itself would.
        const isFresh = clock().getTime() - order.createdDate.getTime() < THANK_YOU_LINK_SECONDS * 1000
        return seeOther(afterOrderUrl(checkout, order.id, isFresh ? signing() : undefined))
      }
      const state = await provider.retrievePayment(payment.providerPaymentId)
      if (!state) return seeOther(`${HOSTED_CHECKOUT_PATH}/${checkout.id}`)
      return afterPayment(c, checkout, await confirmPayment(payments, provider, state))
    },
  )

  api.route(
    {
      method: 'post',
      path: `${PAYMENT_NOTIFICATIONS_PATH}/:providerId`,
      operationId: 'paymentNotification',
      summary:
        'A payment provider’s signed notification of a payment’s outcome (verified; a repeat changes nothing)',
      tag: 'Payments',
      auth: 'none',
      params: z.object({ providerId: z.string().max(50) }),
      response: z.object({ received: z.boolean() }),
    },
    async ({ params }, c) => {
      const provider = providerOf(payments, params.providerId)
      const body = await c.req.text()
      const state = provider && (await provider.verifyNotification(body, c.req.raw.headers))
      if (!provider || !state)
        throw new ApplicationError(
          'PAYMENT_NOTIFICATION_REFUSED',
          'The notification is not signed by that provider, or names no payment it knows',
          {},
        )
      // Signed, but about nothing the platform acts on (another kind of event): taken, so not sent again.
      if (state === 'acknowledged') return c.json({ received: true }, 200)
      return c.json({ received: await actOnProviderWord(withLogger, provider, state) }, 200)
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: `${HOSTED_CHECKOUT_PATH}/:checkoutId/thank-you`,
      operationId: 'hostedCheckoutThankYou',
      summary:
        'The hosted confirmation page: order number, lines, addresses, payment, delivery and what comes next, through the signed link the buyer is sent to after paying (an hour); without it, or after it, only that the order is placed',
      query: z.object({
        expires: z
          .string()
          .regex(/^[0-9]{1,12}$/)
          .optional(),
        signature: z.string().max(200).optional(),
      }),
    },
    async ({ params, query }, c) => {
      const usable = await findUsable(params.checkoutId)
      const placed = usable && (await findOrderByCheckout(db, usable.checkout.id))
      const found = placed && (await findOrder(db, { siteId: placed.site_id }, placed.id))
      if (!usable || !found) return notFound()
      const { site } = usable
      const isBuyer =
        query.expires !== undefined &&
        query.signature !== undefined &&
        deps.signer.check(
          thankYouParts(usable.checkout.id),
          Number(query.expires),
          query.signature,
          clock(),
        ) === 'valid'
      // The bare address (shared, from the history, or after the hour): no e-mail, name, address or phone.
      if (!isBuyer)
        return renderPage(<OrderPlacedPage site={site} />, {
          headers: { 'referrer-policy': 'no-referrer' },
          siteId: site.id,
        })
      const totals = found.order.totals as {
        shippingInfo?: { selectedCarrierServiceOption?: { logistics?: { deliveryTime?: string } } }
      }
      return renderPage(
        <ThankYouPage
          site={site}
          order={found}
          locale={shopperLocale(c, site)}
          deliveryTime={totals.shippingInfo?.selectedCarrierServiceOption?.logistics?.deliveryTime}
        />,
        { headers: { 'referrer-policy': 'no-referrer' } },
      )
    },
  )
  return {
    /** A provider's word that arrives in process (the test provider's), acted on as the route acts on a notification. */
    actOnProviderWord: (provider: PaymentProvider, state: ProviderPayment) =>
      actOnProviderWord(withLogger, provider, state),
  }
}
