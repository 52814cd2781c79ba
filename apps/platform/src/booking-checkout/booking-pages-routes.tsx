import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { z } from 'zod'
import { findServices, type ServiceRow } from '../bookings/booking-store.ts'
import { listServiceSlots } from '../bookings/service-slots.ts'
import { depositOf, paymentOptionsOf, unitPriceOf } from '../bookings/sold-services.ts'
import { addDays, instantOfLocalDateTime, instantOfSlotDate, toLocalDate } from '../bookings/zoned-time.ts'
import { payPurchase, purchaseCallbacks, readBuyer } from '../checkout/hosted/purchase-page.tsx'
import type { PaymentProvider } from '../checkout/payment-provider.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api, AppEnv } from '../http/api.ts'
import { ApplicationError } from '../http/errors.ts'
import { findHostedBuyer, startSignInFor } from '../identity/hosted/sign-in-for-hosted-page.ts'
import { formatMoney } from '../money/money.ts'
import { findHeldMemberships } from '../plans/membership-store.ts'
import { type HeldMembership, membershipsForService } from '../plans/plan-rules.ts'
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
import { BOOKINGS_BOOK_PATH, BOOKINGS_CHECKOUT_PATH } from '../redirects/redirect-kinds.ts'
import type { RedirectSession } from '../redirects/redirect-session-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import { zoneNameAt } from '../time-zones/zone-words.ts'
import {
  BookingCheckoutPage,
  type OfferedService,
  pictureOrigins,
  ServicePickerPage,
  SlotPickerPage,
} from './booking-pages.tsx'
import { createBookingCheckout } from './create-booking-checkout.ts'

export interface BookingPagesDeps {
  db: Db
  clock: Clock
  publicUrl: string
  paymentProviders: readonly PaymentProvider[]
  /** The signed link to a booking's cancel page, for the confirmation of one paid in person (decision 069). */
  bookingCancelLink?: ((bookingId: string, start: Date) => string) | undefined
}

/** The page of a visit: the bookings pages of one session live under it (its cookie's path). */
function visitPath(sessionId: string): string {
  return `/_bookings/${sessionId}`
}

const PickQuery = z.object({
  serviceId: z.string().max(100).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  start: z.string().max(40).optional(),
})

/** The days the slot picker offers: two weeks from today in the shop's zone. */
const PICKER_DAYS = 14

function linksOf(session: RedirectSession) {
  return [
    returnLink('See all services', session.callbacks.bookingsServiceListUrl),
    returnLink('Back to the shop', session.callbacks.postFlowUrl),
  ]
}

/** The slot a `bookingsCheckout` session names, as the real Wix client sends it (decision 065). */
function slotOfSession(session: RedirectSession): { serviceId: string; start: Date } | undefined {
  const availability = session.input.slotAvailability as
    | { slot?: { serviceId?: unknown; startDate?: unknown } }
    | undefined
  const serviceId = availability?.slot?.serviceId
  const startDate = availability?.slot?.startDate
  if (typeof serviceId !== 'string' || typeof startDate !== 'string') return undefined
  const zone = typeof session.input.timezone === 'string' ? session.input.timezone : undefined
  const start = instantOfSlotDate(startDate, zone)
  return start && { serviceId, start }
}

/**
 * The hosted bookings pages (decision 065). `bookingsBook` (`/_bookings/book?session=`) opens a visit
 * that offers the shop's services, then a service's days and free slots; `bookingsCheckout`
 * (`/_bookings/checkout?session=`) opens the checkout of the slot the session names. The checkout takes
 * the shopper's name and e-mail and how to pay; booking holds the slot and opens a checkout of its service
 * line (`createBookingCheckout`), paid through the one `startPayment` and placed by the hosted checkout's
 * payment return (`placeOrder` confirms the booking), which sends the shopper to the session's thank-you
 * or post-flow URL.
 */
export function registerBookingPagesRoutes(api: Api, deps: BookingPagesDeps) {
  const { db, clock, publicUrl } = deps
  const payments = {
    db,
    clock,
    providers: deps.paymentProviders,
    publicUrl,
    bookingCancelLink: deps.bookingCancelLink,
  }

  function offered(service: ServiceRow, site: Site): OfferedService {
    const price =
      service.rate_type === 'FIXED'
        ? formatMoney(unitPriceOf(service), site.currency, site.locale)
        : service.rate_type === 'NO_FEE'
          ? 'Free'
          : service.price_text || 'Price on request'
    return { service, price }
  }

  /**
   * The ways this service may be paid, as the page offers them (decision 085): card providers when it is
   * paid in full online, each card provider for a deposit (`deposit:<provider>`, decision 092), in person,
   * and each of the buyer's plans that may pay it (`plan:<membership>`).
   */
  function providersOf(service: ServiceRow, plans: readonly HeldMembership[], site: Site) {
    const isCharged = unitPriceOf(service) > 0
    const options = paymentOptionsOf(service)
    const cards = deps.paymentProviders.filter((provider) => provider.id !== 'offline')
    const online = options.includes('FULL_PAYMENT_ONLINE') ? cards : []
    const deposit = depositOf(service)
    const money = (minor: number) => formatMoney(minor, site.currency, site.locale)
    const place = service.type === 'CLASS' ? ' a place' : ''
    const deposits =
      deposit !== undefined && options.includes('DEPOSIT_ONLINE')
        ? cards.map((provider) => ({
            id: `deposit:${provider.id}`,
            title: `Pay a deposit of ${money(deposit)}${place} now, ${money(unitPriceOf(service) - deposit)}${place} at the appointment`,
            // Named by its provider only when there are several, so "Card" names the full payment's radio alone.
            description:
              cards.length > 1
                ? `With ${provider.title.toLowerCase()}; the rest is paid in person.`
                : 'By card now; the rest is paid in person.',
          }))
        : []
    return [
      ...(options.includes('MEMBERSHIP')
        ? plans.map((plan) => ({
            id: `plan:${plan.id}`,
            title: `Use my plan: ${plan.name}`,
            description:
              plan.sessionsLeft === null
                ? 'Nothing to pay: your plan covers this booking.'
                : `Nothing to pay: uses 1 of your ${plan.sessionsLeft} sessions left.`,
          }))
        : []),
      ...online,
      ...deposits,
      ...(options.includes('FULL_PAYMENT_OFFLINE')
        ? [
            {
              id: 'offline',
              title: isCharged ? 'Pay in person' : 'Nothing to pay online',
              description: isCharged ? 'Pay at your appointment.' : undefined,
            },
          ]
        : []),
    ]
  }

  /** The buyer (a member, or none) and the plans they hold that may pay a booking of the service now. */
  async function buyerPlans(c: Context<AppEnv>, session: RedirectSession, service: ServiceRow) {
    const memberId = await findHostedBuyer(c, db, session, clock())
    if (!memberId || !service.pay_with_plan) return { memberId, plans: [] }
    const held = await findHeldMemberships(db, session.siteId, memberId)
    return { memberId, plans: membershipsForService(held, service.id, clock()) }
  }

  function whenWords(start: Date, end: Date, timeZone: string, locale: string): string {
    const day = new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(start)
    const time = new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }).formatRange(start, end)
    return `${day}, ${time} ${zoneNameAt(start, timeZone)}`
  }

  async function checkoutPage(
    c: Context<AppEnv>,
    visit: HostedVisit,
    site: Site,
    pick: { serviceId: string; start: Date },
    options: {
      values?: Record<string, string>
      errors?: Record<string, string>
      problem?: string
      status?: number
    } = {},
  ) {
    const [service] = await findServices(db, site.id, { ids: [pick.serviceId] })
    if (!service) return notOffered(visit.session)
    const found = await listServiceSlots(db, site.id, service.id, {
      from: pick.start,
      to: new Date(pick.start.getTime() + 1),
      now: clock(),
    })
    const slot = found.slots[0]?.openSpots ? found.slots[0] : undefined
    const problem =
      options.problem ??
      (slot
        ? undefined
        : service.type === 'CLASS'
          ? 'That session is full: choose another.'
          : 'That time is no longer free: choose another.')
    const end = new Date(pick.start.getTime() + service.duration_minutes * 60_000)
    const { memberId, plans } = await buyerPlans(c, visit.session, service)
    const response = renderRedirectPage(
      <BookingCheckoutPage
        siteName={site.name}
        offered={offered(service, site)}
        when={whenWords(pick.start, end, found.calendar.timeZone, site.locale)}
        action={`${visitPath(visit.session.id)}/book`}
        csrfToken={visit.csrfToken}
        paymentKey={randomUUID()}
        start={pick.start.toISOString()}
        openSpots={service.type === 'CLASS' ? (found.slots[0]?.openSpots ?? 0) : undefined}
        providers={providersOf(service, plans, site)}
        signInAction={
          service.pay_with_plan && !memberId ? `${visitPath(visit.session.id)}/sign-in` : undefined
        }
        values={options.values ?? {}}
        errors={options.errors ?? {}}
        problem={problem}
        links={[
          returnLink('Choose another time', `${visitPath(visit.session.id)}?serviceId=${service.id}`),
          ...linksOf(visit.session),
        ]}
      />,
      {
        status: options.status ?? (slot ? 200 : 409),
        imageOrigins: pictureOrigins([service]),
        brand: await sessionBrandOf(db, visit.session, publicUrl, site),
      },
    )
    // Booking ends on the card provider's page or the shop's thank-you page: form-action allows them.
    const origins = new Set(deps.paymentProviders.flatMap((provider) => provider.pageOrigins ?? []))
    const target = visit.session.callbacks.thankYouPageUrl ?? visit.session.callbacks.postFlowUrl
    if (target) origins.add(new URL(target).origin)
    const policy = response.headers.get('content-security-policy') ?? ''
    response.headers.set(
      'content-security-policy',
      policy.replace("form-action 'self'", ['form-action', "'self'", ...origins].join(' ')),
    )
    return response
  }

  /** A class session's places left, in words: "5 places left", "1 place left", "Full". */
  function placesLeftText(openSpots: number): string {
    if (openSpots === 0) return 'Full'
    return openSpots === 1 ? '1 place left' : `${openSpots} places left`
  }

  function notOffered(session: RedirectSession) {
    return renderRedirectPage(
      <RedirectMessagePage title="This service is not offered" links={linksOf(session)}>
        <p>The shop does not offer it any more. Go back to the shop to see its services.</p>
      </RedirectMessagePage>,
      { status: 404 },
    )
  }

  async function pickerPage(visit: HostedVisit, site: Site, serviceId: string, date: string | undefined) {
    const [service] = await findServices(db, site.id, { ids: [serviceId] })
    if (!service) return notOffered(visit.session)
    const now = clock()
    const probe = await listServiceSlots(db, site.id, service.id, { from: now, to: now, now })
    const zone = probe.calendar.timeZone
    const today = toLocalDate(now, zone)
    const chosen = date ?? today
    const from = instantOfLocalDateTime(`${chosen}T00:00`, zone)
    const to = instantOfLocalDateTime(`${addDays(chosen, 1)}T00:00`, zone)
    const { slots } = await listServiceSlots(db, site.id, service.id, { from, to, now })
    const base = `${visitPath(visit.session.id)}?serviceId=${service.id}`
    const dayLabel = (day: string) =>
      new Intl.DateTimeFormat(site.locale, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
      }).format(new Date(`${day}T12:00:00Z`))
    const days = Array.from({ length: PICKER_DAYS }, (_, n) => addDays(today, n)).map((day) => ({
      date: day,
      label: dayLabel(day),
      href: `${base}&date=${day}`,
      isChosen: day === chosen,
    }))
    const time = new Intl.DateTimeFormat(site.locale, { timeZone: zone, timeStyle: 'short' })
    return renderRedirectPage(
      <SlotPickerPage
        siteName={site.name}
        offered={offered(service, site)}
        timeZone={zone}
        days={days}
        chosenDayLabel={dayLabel(chosen)}
        slots={slots.map((slot) => ({
          label: time.format(slot.start),
          href:
            slot.openSpots > 0 ? `${base}&start=${encodeURIComponent(slot.start.toISOString())}` : undefined,
          places: service.type === 'CLASS' ? placesLeftText(slot.openSpots) : undefined,
        }))}
        links={linksOf(visit.session)}
      />,
      {
        imageOrigins: pictureOrigins([service]),
        brand: await sessionBrandOf(db, visit.session, publicUrl, site),
      },
    )
  }

  for (const [path, kind] of [
    [BOOKINGS_BOOK_PATH, 'bookingsBook'],
    [BOOKINGS_CHECKOUT_PATH, 'bookingsCheckout'],
  ] as const) {
    api.route(
      {
        ...HOSTED_PAGE_ROUTE,
        method: 'get',
        path,
        operationId: kind === 'bookingsBook' ? 'hostedBookingsBookLanding' : 'hostedBookingsCheckoutLanding',
        summary: `The landing of a ${kind} redirect session: spends it and opens the bookings pages for this browser`,
        query: SessionQuery,
      },
      async ({ query }, c) => {
        return landHostedSession(c, { db, publicUrl, now: clock() }, query.session, [kind], visitPath)
      },
    )
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: '/_bookings/:sessionId',
      operationId: 'hostedBookingsPage',
      summary:
        "The bookings pages of a visit: the shop's services, a service's days and free slots, or the checkout of a slot",
      params: VisitParams,
      query: PickQuery,
    },
    async ({ params, query }, c) => {
      const visit = await findHostedVisit(c, db, params.sessionId, clock())
      if (!visit) return renderVisitEnded()
      const site = await getSite(db, visit.session.siteId)
      const fromSession = visit.session.kind === 'bookingsCheckout' ? slotOfSession(visit.session) : undefined
      const serviceId = query.serviceId ?? fromSession?.serviceId
      const start = query.start ? new Date(query.start) : query.serviceId ? undefined : fromSession?.start
      if (serviceId && start && !Number.isNaN(start.getTime()))
        return checkoutPage(c, visit, site, { serviceId, start })
      if (serviceId) return pickerPage(visit, site, serviceId, query.date)
      const services = await findServices(db, site.id)
      return renderRedirectPage(
        <ServicePickerPage
          siteName={site.name}
          services={services.map((service) => offered(service, site))}
          hrefOf={(id) => `${visitPath(visit.session.id)}?serviceId=${id}`}
          links={linksOf(visit.session)}
        />,
        {
          imageOrigins: pictureOrigins(services),
          brand: await sessionBrandOf(db, visit.session, publicUrl, site),
        },
      )
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'post',
      path: '/_bookings/:sessionId/book',
      operationId: 'hostedBookingsBook',
      summary:
        'Book the slot: holds it, opens the checkout of its service line and pays it (or takes it to pay in person)',
      params: VisitParams,
    },
    async ({ params }, c) => {
      const post = await readHostedPost(c, { db, publicUrl, now: clock() }, params.sessionId)
      if (post instanceof Response) return post
      const { visit, form } = post
      const site = await getSite(db, visit.session.siteId)
      const start = new Date(form.text('start'))
      const pick = { serviceId: form.text('serviceId'), start }
      if (Number.isNaN(start.getTime())) return redirectFromHostedPage(visitPath(visit.session.id), 303)
      const buyer = readBuyer(form, { withPhone: true })
      const values: Record<string, string> = { ...buyer.values, participants: form.text('participants') }
      const errors: Record<string, string> = { ...buyer.errors }
      const participantsText = form.text('participants').trim()
      const participants = participantsText === '' ? 1 : Number(participantsText)
      if (!/^\d{1,3}$/.test(participantsText || '1') || participants < 1)
        errors.participants = 'must be a whole number of places, 1 or more'
      if (Object.keys(errors).length > 0)
        return checkoutPage(c, visit, site, pick, { values, errors, status: 400 })
      const [service] = await findServices(db, site.id, { ids: [pick.serviceId] })
      const payer = service ? await buyerPlans(c, visit.session, service) : { memberId: undefined, plans: [] }
      const choice =
        service &&
        providersOf(service, payer.plans, site).find((provider) => provider.id === form.text('paymentMethod'))
      // A plan pays nothing online: its booking is placed like one paid in person, at 0 (decision 085).
      const membershipId = choice?.id.startsWith('plan:') ? choice.id.slice('plan:'.length) : undefined
      // A deposit is paid with the card provider it names (decision 092).
      const isDeposit = choice?.id.startsWith('deposit:') ?? false
      const providerId = membershipId
        ? 'offline'
        : isDeposit
          ? choice?.id.slice('deposit:'.length)
          : choice?.id
      const provider = choice && deps.paymentProviders.find((known) => known.id === providerId)
      const paymentKey = form.text('paymentKey')
      if (!provider || !/^[0-9a-f-]{36}$/.test(paymentKey))
        return checkoutPage(c, visit, site, pick, { values, problem: 'Choose how to pay.', status: 400 })
      const paymentOption = membershipId
        ? 'MEMBERSHIP'
        : isDeposit
          ? 'DEPOSIT_ONLINE'
          : provider.id === 'offline'
            ? 'FULL_PAYMENT_OFFLINE'
            : 'FULL_PAYMENT_ONLINE'
      const { session } = visit
      // A member's booking is theirs (their account lists it), also when they signed in on this page.
      const owner = payer.memberId
        ? { kind: 'member' as const, id: payer.memberId }
        : { kind: session.creator.role, id: session.creator.id }
      let booked: Awaited<ReturnType<typeof createBookingCheckout>>
      try {
        booked = await createBookingCheckout(
          { db, clock, publicUrl },
          {
            site,
            owner,
            serviceId: pick.serviceId,
            start,
            participants,
            email: buyer.email,
            contact: buyer.contact,
            callbacks: purchaseCallbacks(session.callbacks),
            paymentOption,
            membershipId,
          },
        )
      } catch (error) {
        if (
          error instanceof ApplicationError &&
          (error.code === 'SLOT_NOT_AVAILABLE' ||
            error.code === 'SERVICE_NOT_FOUND' ||
            error.code === 'PAYMENT_OPTION_NOT_OFFERED' ||
            error.code === 'MEMBERSHIP_NOT_APPLICABLE')
        )
          return checkoutPage(c, visit, site, pick, { values, problem: error.description, status: 409 })
        if (error instanceof ApplicationError && error.code === 'TOO_MANY_PARTICIPANTS')
          return checkoutPage(c, visit, site, pick, {
            values,
            errors: { participants: error.description },
            status: 400,
          })
        throw error
      }
      const paid = await payPurchase(payments, {
        siteId: site.id,
        currency: site.currency,
        checkoutId: booked.checkoutId,
        totalMinor: booked.payNowMinor,
        provider,
        paymentKey,
        cancelPath: `${visitPath(session.id)}?serviceId=${pick.serviceId}`,
      })
      if (paid.kind === 'refused')
        return checkoutPage(c, visit, site, pick, {
          values,
          problem: 'The booking could not be made: choose another time.',
          status: 409,
        })
      return redirectFromHostedPage(paid.location, 303)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'post',
      path: '/_bookings/:sessionId/sign-in',
      operationId: 'hostedBookingsSignIn',
      summary:
        "A visitor's way to book with a plan (form: form=login or signup, serviceId, start, csrf): the hosted login, which comes back to the booking's checkout signed in",
      params: VisitParams,
    },
    async ({ params }, c) => {
      const post = await readHostedPost(c, { db, publicUrl, now: clock() }, params.sessionId)
      if (post instanceof Response) return post
      const { visit, form } = post
      const back = new URL(`${publicUrl}${visitPath(visit.session.id)}`)
      const serviceId = form.text('serviceId')
      const start = new Date(form.text('start'))
      if (/^[0-9a-f-]{36}$/i.test(serviceId) && !Number.isNaN(start.getTime())) {
        back.searchParams.set('serviceId', serviceId)
        back.searchParams.set('start', start.toISOString())
      }
      const path = await startSignInFor(db, visit.session, {
        returnUrl: back.toString(),
        form: form.text('form') === 'signup' ? 'signup' : 'login',
        now: clock(),
      })
      return redirectFromHostedPage(path, 303)
    },
  )
}
