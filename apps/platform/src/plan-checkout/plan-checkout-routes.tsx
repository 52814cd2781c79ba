import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { z } from 'zod'
import { PAYMENT_NOTIFICATIONS_PATH } from '../checkout/hosted/hosted-checkout-routes.tsx'
import type { PaymentProvider } from '../checkout/payment-provider.ts'
import { confirmPayment } from '../checkout/payments/confirm-payment.ts'
import { providerOf } from '../checkout/payments/payment-deps.ts'
import { findPayment } from '../checkout/payments/payment-store.ts'
import { startPayment } from '../checkout/payments/start-payment.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api, AppEnv } from '../http/api.ts'
import { ApplicationError } from '../http/errors.ts'
import { isUuid } from '../http/validation.ts'
import { findHostedBuyer, startSignInFor } from '../identity/hosted/sign-in-for-hosted-page.ts'
import { membershipGrantOf } from '../plans/grant-membership.ts'
import { findMembershipsOfMember } from '../plans/membership-store.ts'
import { assertMayBuyPlan } from '../plans/plan-purchase-limit.ts'
import {
  completePlanPurchase,
  findPlanPurchase,
  insertPlanPurchase,
  PURCHASE_LIMIT_FAILURE,
} from '../plans/plan-purchase-store.ts'
import { coverChoices, durationOf, findPlan, type PlanRow } from '../plans/plan-store.ts'
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
import { PLAN_CHECKOUT_PATH } from '../redirects/redirect-kinds.ts'
import type { RedirectSession } from '../redirects/redirect-session-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { PlanBoughtPage, PlanCheckoutPage } from './plan-checkout-page.tsx'
import { priceWords } from './plan-words.ts'

export interface PlanCheckoutDeps {
  db: Db
  clock: Clock
  publicUrl: string
  paymentProviders: readonly PaymentProvider[]
}

function pagePath(sessionId: string): string {
  return `${PLAN_CHECKOUT_PATH}/${sessionId}`
}

function linksOf(session: RedirectSession) {
  return [
    returnLink('See all plans', session.callbacks.planListUrl),
    returnLink('Back to the shop', session.callbacks.postFlowUrl),
  ]
}

/** Where the shopper goes once the plan is theirs: the session's thank-you or post-flow URL, if any. */
function afterPurchaseUrl(session: RedirectSession): string | undefined {
  return session.callbacks.thankYouPageUrl ?? session.callbacks.postFlowUrl
}

/**
 * The hosted plan checkout of `paidPlansCheckout` sessions (decision 046): `GET /_plans/checkout?session=`
 * spends the session and opens the plan's page for this browser. A member's session buys for its member;
 * a visitor's (as headless sites open it) shows the plan and asks them to sign in or sign up on the
 * hosted login, which comes back to the page, signed in, to buy. The page shows the plan; buying it
 * grants a free plan at once, and pays a priced one through
 * the card provider's page like an order (`startPayment`, `confirmPayment`), which grants it when paid.
 * Then the shopper goes to the session's thank-you or post-flow URL (with `membershipId`), or a page
 * that says what they now hold.
 */
export function registerPlanCheckoutRoutes(api: Api, deps: PlanCheckoutDeps) {
  const { db, clock, publicUrl } = deps
  // A plan is granted when it is paid: paying later is no way to buy one.
  const providers = deps.paymentProviders.filter((provider) => provider.id !== 'offline')
  const payments = { db, clock, providers, publicUrl }

  async function loadPlan(session: RedirectSession): Promise<{ site: Site; plan: PlanRow } | undefined> {
    const plan = await findPlan(db, session.siteId, String(session.input.planId))
    if (!plan || plan.archived) return undefined
    return { site: await getSite(db, session.siteId), plan }
  }

  function planGone(session: RedirectSession): Response {
    return renderRedirectPage(
      <RedirectMessagePage title="This plan is no longer offered" links={linksOf(session)}>
        <p>The shop no longer sells it. Go back to the shop to see its plans.</p>
      </RedirectMessagePage>,
      { status: 404 },
    )
  }

  /**
   * Who buys on this visit: the session's member while active; for a visitor's session, the member this
   * browser signed in as on the site's hosted pages (`undefined` until they do).
   */
  function findBuyer(c: Context<AppEnv>, session: RedirectSession): Promise<string | undefined> {
    return findHostedBuyer(c, db, session, clock())
  }

  /** The words of a refusal of the member's purchase by the plan's limit per member, if it is refused. */
  async function limitRefusal(plan: PlanRow, memberId: string): Promise<string | undefined> {
    try {
      await assertMayBuyPlan(db, plan, memberId)
      return undefined
    } catch (error) {
      if (error instanceof ApplicationError && error.code === 'PLAN_PURCHASE_LIMIT_REACHED')
        return error.description
      throw error
    }
  }

  async function planPage(
    c: Context<AppEnv>,
    visit: HostedVisit,
    options: { problem?: string; status?: number } = {},
  ) {
    const loaded = await loadPlan(visit.session)
    if (!loaded) return planGone(visit.session)
    const { site, plan } = loaded
    const buyer = await findBuyer(c, visit.session)
    // A member who may buy it no more is told so instead of offered the button (decision 051).
    const refusal = buyer ? await limitRefusal(plan, buyer) : undefined
    const names = await coverChoices(db, site.id, {
      productIds: plan.product_ids,
      collectionIds: plan.collection_ids,
      serviceIds: plan.service_ids,
    })
    const response = renderRedirectPage(
      <PlanCheckoutPage
        siteName={site.name}
        plan={plan}
        price={priceWords(plan, site.currency, site.locale)}
        covers={{
          products: names.products.map((product) => product.name),
          collections: names.collections.map((collection) => collection.name),
          services: names.services.map((service) => service.name),
        }}
        action={`${pagePath(visit.session.id)}/buy`}
        signInAction={buyer ? undefined : `${pagePath(visit.session.id)}/sign-in`}
        csrfToken={visit.csrfToken}
        paymentKey={randomUUID()}
        providers={providers}
        links={linksOf(visit.session)}
        problem={options.problem}
        refusal={refusal}
      />,
      {
        status: options.status ?? (refusal ? 409 : 200),
        brand: await sessionBrandOf(db, visit.session, publicUrl, site),
      },
    )
    // A free plan's press ends on the session's thank-you or post-flow URL: form-action must allow its
    // origin, or the browser stops the redirect after the post (the hosted checkout does the same).
    // A priced plan's press ends on the card provider's page, which may be on its own origin (Stripe).
    const target = afterPurchaseUrl(visit.session)
    const origins = new Set(providers.flatMap((provider) => provider.pageOrigins ?? []))
    if (target) origins.add(new URL(target).origin)
    if (origins.size > 0) {
      const policy = response.headers.get('content-security-policy') ?? ''
      response.headers.set(
        'content-security-policy',
        policy.replace("form-action 'self'", ['form-action', "'self'", ...origins].join(' ')),
      )
    }
    return response
  }

  /** After the plan is the member's: on to the session's URL, or the page that says so. */
  async function afterGrant(session: RedirectSession, membershipId: string | null) {
    const target = afterPurchaseUrl(session)
    if (!target) return redirectFromHostedPage(`${pagePath(session.id)}/done`, 303)
    const url = new URL(target)
    if (membershipId) url.searchParams.set('membershipId', membershipId)
    return redirectFromHostedPage(url.toString(), 303)
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: PLAN_CHECKOUT_PATH,
      operationId: 'hostedPlanCheckoutLanding',
      summary:
        "The landing of a paidPlansCheckout redirect session: spends it and opens the plan's checkout for this browser (a visitor's shows the plan and the way to sign in or sign up to buy it)",
      query: SessionQuery,
    },
    async ({ query }, c) => {
      const deps = { db, publicUrl, now: clock() }
      return landHostedSession(c, deps, query.session, ['paidPlansCheckout'], pagePath)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'post',
      path: `${PLAN_CHECKOUT_PATH}/:sessionId/sign-in`,
      operationId: 'hostedPlanCheckoutSignIn',
      summary:
        "A visitor's way to buy (form: form=login or signup, csrf): the hosted login or sign-up, which comes back to the plan's page signed in",
      params: VisitParams,
    },
    async ({ params }, c) => {
      const post = await readHostedPost(c, { db, publicUrl, now: clock() }, params.sessionId)
      if (post instanceof Response) return post
      const { visit, form } = post
      const path = await startSignInFor(db, visit.session, {
        returnUrl: `${publicUrl}${pagePath(visit.session.id)}`,
        form: form.text('form') === 'signup' ? 'signup' : 'login',
        now: clock(),
      })
      return redirectFromHostedPage(path, 303)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: `${PLAN_CHECKOUT_PATH}/:sessionId`,
      operationId: 'hostedPlanCheckout',
      summary:
        'The hosted plan checkout: the plan (price, what it covers, sessions, duration) and the button that buys it',
      params: VisitParams,
    },
    async ({ params }, c) => {
      const visit = await findHostedVisit(c, db, params.sessionId, clock())
      if (!visit) return renderVisitEnded()
      return planPage(c, visit)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'post',
      path: `${PLAN_CHECKOUT_PATH}/:sessionId/buy`,
      operationId: 'hostedPlanCheckoutBuy',
      summary:
        'Buy the plan (form: paymentMethod, paymentKey, csrf): a free plan is granted at once, a priced one is paid on the provider’s page first',
      params: VisitParams,
    },
    async ({ params }, c) => {
      const post = await readHostedPost(c, { db, publicUrl, now: clock() }, params.sessionId)
      if (post instanceof Response) return post
      const { visit, form } = post
      const { session } = visit
      const loaded = await loadPlan(session)
      if (!loaded) return planGone(session)
      const { site, plan } = loaded
      const memberId = await findBuyer(c, session)
      if (!memberId)
        return planPage(c, visit, {
          problem:
            session.creator.role === 'member'
              ? 'Your account cannot buy plans here any more.'
              : 'Sign in or create an account to buy this plan.',
          status: 403,
        })
      // Refused before anything is stored or paid; the page then says why instead of offering the button.
      if (await limitRefusal(plan, memberId)) return planPage(c, visit)
      const priceMinor = Number(plan.price_minor)
      const paymentKey = form.text('paymentKey')
      const provider = priceMinor > 0 ? providerOf(payments, form.text('paymentMethod')) : undefined
      if (priceMinor > 0 && (!provider || !/^[0-9a-f-]{36}$/.test(paymentKey)))
        return planPage(c, visit, { problem: 'Choose a way to pay.', status: 400 })
      const now = clock()
      const purchase = await insertPlanPurchase(db, {
        id: randomUUID(),
        siteId: site.id,
        planId: plan.id,
        memberId,
        amountMinor: priceMinor,
        currency: site.currency,
        postFlowUrl: afterPurchaseUrl(session),
        now,
      })
      if (!provider) {
        const grant = membershipGrantOf(plan, { memberId, currency: site.currency, now })
        const done = await completePlanPurchase(db, purchase.id, grant, durationOf(plan), now)
        // Another purchase at once got a plan the member may buy once: this one granted nothing.
        if (done?.status === 'FAILED') return planPage(c, visit)
        return afterGrant(session, done?.membership_id ?? null)
      }
      const started = await startPayment(
        payments,
        {
          returnUrl: (paymentId) => `${publicUrl}${pagePath(session.id)}/payment-return?payment=${paymentId}`,
          notifyUrl: (providerId) => `${publicUrl}${PAYMENT_NOTIFICATIONS_PATH}/${providerId}`,
          cancelUrl: `${publicUrl}${pagePath(session.id)}`,
        },
        {
          siteId: site.id,
          purpose: { kind: 'plan', planPurchaseId: purchase.id },
          provider,
          amountMinor: priceMinor,
          currency: site.currency,
          idempotencyKey: paymentKey,
        },
      )
      if (started.kind === 'redirect') return redirectFromHostedPage(started.url, 303)
      // A plan purchase saves no checkout choices, so it is never refused as a closed checkout.
      const confirmation = started.kind === 'confirmed' ? started.confirmation : undefined
      if (confirmation?.kind === 'plan' && confirmation.outcome === 'granted')
        return afterGrant(session, (await findPlanPurchase(db, purchase.id))?.membership_id ?? null)
      return planPage(c, visit, {
        problem: 'The payment did not go through. Nothing was charged.',
        status: 409,
      })
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: `${PLAN_CHECKOUT_PATH}/:sessionId/payment-return`,
      operationId: 'hostedPlanCheckoutPaymentReturn',
      summary:
        'Where a provider sends the shopper back from paying for a plan: the payment is asked of the provider, and the plan granted when paid',
      params: VisitParams,
      query: z.object({ payment: z.string().max(100).optional() }),
    },
    async ({ params, query }, c) => {
      const visit = await findHostedVisit(c, db, params.sessionId, clock())
      if (!visit) return renderVisitEnded()
      const payment = isUuid(query.payment ?? '') ? await findPayment(db, query.payment as string) : undefined
      const purchase = payment?.plan_purchase_id
        ? await findPlanPurchase(db, payment.plan_purchase_id)
        : undefined
      const provider = payment && providerOf(payments, payment.provider)
      const buyer = await findBuyer(c, visit.session)
      if (
        !payment ||
        !purchase ||
        !provider ||
        !payment.provider_payment_id ||
        !buyer ||
        purchase.member_id !== buyer ||
        purchase.site_id !== visit.session.siteId
      )
        return planPage(c, visit)
      if (purchase.status === 'COMPLETED') return afterGrant(visit.session, purchase.membership_id)
      const state = await provider.retrievePayment(payment.provider_payment_id)
      const confirmation = state && (await confirmPayment(payments, provider, state))
      if (confirmation?.kind === 'plan' && confirmation.outcome === 'granted')
        return afterGrant(visit.session, (await findPlanPurchase(db, purchase.id))?.membership_id ?? null)
      if (confirmation?.kind === 'plan' && confirmation.outcome === 'pending' && confirmation.redirectUrl)
        return redirectFromHostedPage(confirmation.redirectUrl, 303)
      const reason = confirmation?.kind === 'plan' ? confirmation.reason : undefined
      // Paid while another purchase got a plan the member may buy once: the money went back.
      if ((await findPlanPurchase(db, purchase.id))?.failure_reason === PURCHASE_LIMIT_FAILURE)
        return planPage(c, visit, { problem: reason, status: 409 })
      return planPage(c, visit, {
        problem:
          `${reason ?? 'The payment did not go through'}. Nothing was charged: try another card.`.replace(
            '.. ',
            '. ',
          ),
        status: 409,
      })
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: `${PLAN_CHECKOUT_PATH}/:sessionId/done`,
      operationId: 'hostedPlanCheckoutDone',
      summary: 'The page after a plan was bought: what the member now holds, and the way back',
      params: VisitParams,
    },
    async ({ params }, c) => {
      const visit = await findHostedVisit(c, db, params.sessionId, clock())
      if (!visit) return renderVisitEnded()
      const loaded = await loadPlan(visit.session)
      const buyer = await findBuyer(c, visit.session)
      const held = buyer ? await findMembershipsOfMember(db, visit.session.siteId, buyer) : []
      const latest = held.find((membership) => membership.plan_id === String(visit.session.input.planId))
      if (!loaded || !latest) return planPage(c, visit)
      return renderRedirectPage(
        <PlanBoughtPage
          siteName={loaded.site.name}
          plan={loaded.plan}
          expirationDate={latest.expiration_date}
          links={linksOf(visit.session)}
        />,
      )
    },
  )
}
