import { randomUUID } from 'node:crypto'
import { payPurchase, purchaseCallbacks, readBuyer } from '../checkout/hosted/purchase-page.tsx'
import type { PaymentProvider } from '../checkout/payment-provider.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { ApplicationError } from '../http/errors.ts'
import { isEmailAddress } from '../mail/email-address.ts'
import { formatMoney } from '../money/money.ts'
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
import { EVENTS_CHECKOUT_PATH } from '../redirects/redirect-kinds.ts'
import type { RedirectSession } from '../redirects/redirect-session-store.ts'
import { getSite, type Site } from '../sites/site-store.ts'
import {
  findReservation,
  findTicketedEvent,
  findTicketsOfReservations,
  findTicketTypes,
} from '../ticketed-events/ticketed-event-store.ts'
import { eventWhen } from '../ticketed-events/tickets-mail.ts'
import { createEventCheckout } from './create-event-checkout.ts'
import { EventCheckoutPage } from './event-pages.tsx'

export interface EventPagesDeps {
  db: Db
  clock: Clock
  publicUrl: string
  paymentProviders: readonly PaymentProvider[]
}

/** The page of a visit: the event checkout of one session lives under it (its cookie's path). */
function visitPath(sessionId: string): string {
  return `/_events/${sessionId}`
}

function linksOf(session: RedirectSession) {
  return [returnLink('Back to the shop', session.callbacks.postFlowUrl)]
}

/**
 * The hosted event checkout (decision 070). `eventsCheckout` (`/_events/checkout?session=`) opens a
 * visit on the checkout of the reservation the session names: the event, its tickets each with an
 * attendee, the buyer's details and the way to pay, through the same providers as orders (free tickets
 * pay nothing). Paying opens the reservation's checkout (`createEventCheckout`), pays it through the one
 * `startPayment`, and the hosted checkout's payment return places the order (`placeOrder` confirms the
 * reservation and mails the tickets) and sends the buyer to the session's thank-you or post-flow URL.
 */
export function registerEventPagesRoutes(api: Api, deps: EventPagesDeps) {
  const { db, clock, publicUrl } = deps
  const payments = { db, clock, providers: deps.paymentProviders, publicUrl }
  // Tickets reach the buyer at once: a way to pay later would give them away unpaid.
  const onlineProviders = deps.paymentProviders.filter((provider) => provider.id !== 'offline')
  const freeProvider = deps.paymentProviders.find((provider) => provider.id === 'offline')

  function gone(session: RedirectSession, title: string, says: string, status: number) {
    return renderRedirectPage(
      <RedirectMessagePage title={title} links={linksOf(session)}>
        <p>{says}</p>
      </RedirectMessagePage>,
      { status },
    )
  }

  async function checkoutPage(
    visit: HostedVisit,
    site: Site,
    options: {
      values?: Record<string, string>
      errors?: Record<string, string>
      problem?: string
      status?: number
    } = {},
  ) {
    const now = clock()
    const reservationId = String(visit.session.input.reservationId ?? '')
    const reservation = await findReservation(db, site.id, reservationId)
    const event = reservation && (await findTicketedEvent(db, site.id, { id: reservation.event_id }))
    if (!reservation || !event)
      return gone(
        visit.session,
        'There is no such reservation',
        'Go back to the shop and choose your tickets.',
        404,
      )
    if (reservation.status === 'CONFIRMED')
      return gone(
        visit.session,
        'These tickets are paid for',
        'Your tickets were sent to you by e-mail.',
        409,
      )
    if (!reservation.held_until || reservation.held_until <= now)
      return gone(
        visit.session,
        'Your reservation has expired',
        'The tickets were held for a short time and went back on sale. Go back to the shop to choose them again.',
        410,
      )
    const [tickets, types] = await Promise.all([
      findTicketsOfReservations(db, [reservation.id]),
      findTicketTypes(db, site.id, { eventIds: [event.id] }),
    ])
    const priceOf = (typeId: string) => Number(types.find((type) => type.id === typeId)?.price_minor ?? 0)
    const totalMinor = tickets.reduce((sum, ticket) => sum + priceOf(ticket.ticket_type_id), 0)
    const money = (minor: number) => (minor === 0 ? 'Free' : formatMoney(minor, site.currency, site.locale))
    const response = renderRedirectPage(
      <EventCheckoutPage
        siteName={site.name}
        title={event.title}
        when={eventWhen(
          {
            event_start_date: event.start_date,
            event_end_date: event.end_date,
            event_time_zone: event.time_zone,
          },
          site.locale,
        )}
        where={
          event.location_kind === 'ONLINE'
            ? 'Online: the link comes with your tickets'
            : [event.venue_name, event.venue_address].filter(Boolean).join(', ')
        }
        heldUntil={new Intl.DateTimeFormat(site.locale, {
          timeStyle: 'short',
          timeZone: event.time_zone,
        }).format(reservation.held_until)}
        total={money(totalMinor)}
        isFree={totalMinor === 0}
        tickets={tickets.map((ticket) => ({
          id: ticket.id,
          typeName: types.find((type) => type.id === ticket.ticket_type_id)?.name ?? '',
          price: money(priceOf(ticket.ticket_type_id)),
        }))}
        action={`${visitPath(visit.session.id)}/pay`}
        csrfToken={visit.csrfToken}
        paymentKey={randomUUID()}
        providers={onlineProviders}
        values={options.values ?? {}}
        errors={options.errors ?? {}}
        problem={options.problem}
        links={linksOf(visit.session)}
      />,
      { status: options.status ?? 200, brand: await sessionBrandOf(db, visit.session, publicUrl, site) },
    )
    // Paying ends on the card provider's page or the shop's thank-you page: form-action allows them.
    const origins = new Set(deps.paymentProviders.flatMap((provider) => provider.pageOrigins ?? []))
    const target = visit.session.callbacks.thankYouPageUrl ?? visit.session.callbacks.postFlowUrl
    if (target) origins.add(new URL(target).origin)
    const policy = response.headers.get('content-security-policy') ?? ''
    response.headers.set(
      'content-security-policy',
      policy.replace("form-action 'self'", ['form-action', "'self'", ...origins].join(' ')),
    )
    return { response, totalMinor, tickets }
  }

  const pageOf = async (...args: Parameters<typeof checkoutPage>) => {
    const page = await checkoutPage(...args)
    return page instanceof Response ? page : page.response
  }

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: EVENTS_CHECKOUT_PATH,
      operationId: 'hostedEventsCheckoutLanding',
      summary:
        'The landing of an eventsCheckout redirect session: spends it and opens the event checkout for this browser',
      query: SessionQuery,
    },
    async ({ query }, c) => {
      const deps = { db, publicUrl, now: clock() }
      return landHostedSession(c, deps, query.session, ['eventsCheckout'], visitPath)
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'get',
      path: '/_events/:sessionId',
      operationId: 'hostedEventCheckoutPage',
      summary: "The event checkout of a visit: the reservation's tickets, their attendees and the way to pay",
      params: VisitParams,
    },
    async ({ params }, c) => {
      const visit = await findHostedVisit(c, db, params.sessionId, clock())
      if (!visit) return renderVisitEnded()
      return pageOf(visit, await getSite(db, visit.session.siteId))
    },
  )

  api.route(
    {
      ...HOSTED_PAGE_ROUTE,
      method: 'post',
      path: '/_events/:sessionId/pay',
      operationId: 'hostedEventCheckoutPay',
      summary:
        "Pay for the reservation's tickets: opens its checkout and pays it (free tickets skip payment)",
      params: VisitParams,
    },
    async ({ params }, c) => {
      const post = await readHostedPost(c, { db, publicUrl, now: clock() }, params.sessionId)
      if (post instanceof Response) return post
      const { visit, form } = post
      const site = await getSite(db, visit.session.siteId)
      const page = await checkoutPage(visit, site)
      if (page instanceof Response) return page
      const buyer = readBuyer(form)
      const { values, errors } = buyer
      const attendees = page.tickets.map((ticket) => {
        const name = form.text(`attendee.${ticket.id}.name`).trim().slice(0, 200)
        const email = form.text(`attendee.${ticket.id}.email`).trim().slice(0, 320)
        values[`attendee.${ticket.id}.name`] = name
        values[`attendee.${ticket.id}.email`] = email
        if (!name) errors[`attendee.${ticket.id}.name`] = "Enter the attendee's name."
        if (email && !isEmailAddress(email))
          errors[`attendee.${ticket.id}.email`] = 'Enter an e-mail address, or leave it empty.'
        return { ticketId: ticket.id, name, email }
      })
      if (Object.keys(errors).length > 0)
        return pageOf(visit, site, { values, errors, problem: 'Check the fields marked below.', status: 400 })
      const provider =
        page.totalMinor === 0
          ? freeProvider
          : onlineProviders.find((known) => known.id === form.text('paymentMethod'))
      const paymentKey = form.text('paymentKey')
      if (!provider || !/^[0-9a-f-]{36}$/.test(paymentKey))
        return pageOf(visit, site, { values, problem: 'Choose how to pay.', status: 400 })
      const { session } = visit
      let opened: Awaited<ReturnType<typeof createEventCheckout>>
      try {
        opened = await createEventCheckout(
          { db, clock, publicUrl },
          {
            site,
            owner: { kind: session.creator.role, id: session.creator.id },
            reservationId: String(session.input.reservationId ?? ''),
            email: buyer.email,
            contact: buyer.contact,
            attendees,
            callbacks: purchaseCallbacks(session.callbacks),
          },
        )
      } catch (error) {
        if (
          error instanceof ApplicationError &&
          (error.code === 'RESERVATION_NOT_OPEN' || error.code === 'RESERVATION_NOT_FOUND')
        )
          return pageOf(visit, site, { values, problem: error.description, status: 409 })
        throw error
      }
      const paid = await payPurchase(payments, {
        siteId: site.id,
        currency: site.currency,
        checkoutId: opened.checkoutId,
        totalMinor: opened.totalMinor,
        provider,
        paymentKey,
        cancelPath: visitPath(session.id),
      })
      if (paid.kind === 'refused')
        return pageOf(visit, site, {
          values,
          problem: 'The tickets could not be bought: choose them again.',
          status: 409,
        })
      return redirectFromHostedPage(paid.location, 303)
    },
  )
}
