import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { Id, IdParam } from '../../http/validation.ts'
import type { OrderDeskDeps } from '../../orders/order-actions.ts'
import { cancelTicketedEvent } from '../../ticketed-events/cancel-event.ts'
import {
  createTicketedEvent,
  type EventInput,
  publishTicketedEvent,
  removeTicketType,
  saveTicketType,
  type TicketTypeInput,
  updateTicketedEventFields,
} from '../../ticketed-events/event-editing.ts'
import {
  countReservedTicketsByType,
  countTakenTickets,
  findAttendees,
  findTicketedEvent,
  findTicketTypes,
  listEventsForDesk,
  type TicketedEventRow,
} from '../../ticketed-events/ticketed-event-store.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { toCsv } from '../orders/orders-csv.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import {
  AttendeesPage,
  attendeeStatus,
  EventPage,
  EventsPage,
  NewEventPage,
  TicketTypePage,
} from './event-desk-pages.tsx'
import {
  emptyEventForm,
  emptyTicketTypeForm,
  readEventForm,
  readTicketTypeForm,
  toEventFormValues,
  toTicketTypeFormValues,
} from './event-form.ts'

const TicketTypeParams = z.object({ id: Id, typeId: Id })

/**
 * The merchant's events (decision 075), under the menu's Events: the list, a new event, one event's
 * fields, status and ticket types, a ticket type's page, and the attendee list with its CSV. Every change
 * is a domain function of `ticketed-events/`; cancelling refunds through the order desk's `refundOrder`.
 */
export function registerEventDeskPages(
  api: Api,
  deps: Pick<DashboardDeps, 'db' | 'clock' | 'logger' | 'publicUrl'> &
    Pick<OrderDeskDeps, 'refunds' | 'linesRefunded' | 'orderCanceled'>,
) {
  const { db, clock } = deps
  const { page, form: postForm } = createDashboardRoutes(api, deps)
  const desk: OrderDeskDeps = {
    db,
    refunds: deps.refunds,
    linesRefunded: deps.linesRefunded,
    orderCanceled: deps.orderCanceled,
  }

  async function getEvent(owner: Owner, id: string): Promise<TicketedEventRow> {
    const event = await findTicketedEvent(db, owner.session.siteId, { id })
    if (!event) throw new HTTPException(404, { message: 'The shop has no such event.' })
    return event
  }

  async function eventPage(
    owner: Owner,
    event: TicketedEventRow,
    options: {
      values?: EventInput
      violations?: FieldViolation[]
      typeValues?: TicketTypeInput
      typeViolations?: FieldViolation[]
      notice?: string | undefined
      problem?: string | undefined
      status?: number
    } = {},
  ) {
    const now = clock()
    const [types, taken] = await Promise.all([
      findTicketTypes(db, owner.session.siteId, { eventIds: [event.id] }),
      countTakenTickets(db, event.id, now),
    ])
    return renderDashboardPage(
      <EventPage
        owner={owner}
        event={event}
        types={types}
        sold={taken}
        values={options.values ?? toEventFormValues(event)}
        violations={options.violations ?? []}
        typeValues={options.typeValues ?? emptyTicketTypeForm}
        typeViolations={options.typeViolations ?? []}
        now={now}
        notice={options.notice}
        problem={options.problem}
      />,
      deps,
      options.status,
    )
  }

  /** A refusal of the domain as the page's problem (409), or its field violations beside the form (400). */
  function refusal(error: unknown): { problem?: string; violations?: FieldViolation[]; status: number } {
    if (error instanceof ValidationError) return { violations: error.fieldViolations, status: 400 }
    if (error instanceof ApplicationError && error.code !== 'EVENT_NOT_FOUND')
      return { problem: error.description, status: error.status }
    throw error
  }

  page(
    {
      path: '/dashboard/events',
      operationId: 'dashboardEvents',
      summary: "The shop's events",
      query: NoticeQuery,
    },
    async (owner, { query }) =>
      renderDashboardPage(
        <EventsPage
          owner={owner}
          events={await listEventsForDesk(db, owner.session.siteId)}
          now={clock()}
          notice={noticeText(query.notice)}
        />,
        deps,
      ),
  )

  page(
    { path: '/dashboard/events/new', operationId: 'dashboardNewEvent', summary: 'A new event’s form' },
    async (owner) =>
      renderDashboardPage(
        <NewEventPage
          owner={owner}
          values={{ ...emptyEventForm, timeZone: owner.session.site.timeZone }}
          violations={[]}
        />,
        deps,
      ),
  )

  postForm(
    {
      path: '/dashboard/events',
      operationId: 'dashboardCreateEvent',
      summary:
        'Create a draft event (form: title, description, imageUrl, timeZone, start, end, locationKind, venueName, venueAddress, onlineUrl, registrationOpens, registrationCloses, capacity)',
    },
    async (owner, form) => {
      const values = readEventForm(form)
      try {
        const event = await createTicketedEvent(db, {
          siteId: owner.session.siteId,
          input: values,
          now: clock(),
        })
        return seeOther(withNotice(`/dashboard/events/${event.id}`, 'event-created'))
      } catch (error) {
        const refused = refusal(error)
        return renderDashboardPage(
          <NewEventPage owner={owner} values={values} violations={refused.violations ?? []} />,
          deps,
          refused.status,
        )
      }
    },
  )

  page(
    {
      path: '/dashboard/events/:id',
      operationId: 'dashboardEvent',
      summary: 'An event: status, ticket types and fields',
      params: IdParam,
      query: NoticeQuery,
    },
    async (owner, { params, query }) =>
      eventPage(owner, await getEvent(owner, params.id), { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/events/:id',
      operationId: 'dashboardUpdateEvent',
      summary: 'Save an event’s fields (the new event’s form fields)',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const event = await getEvent(owner, params.id)
      const values = readEventForm(form)
      try {
        await updateTicketedEventFields(db, {
          siteId: owner.session.siteId,
          eventId: event.id,
          input: values,
          now: clock(),
        })
        return seeOther(withNotice(`/dashboard/events/${event.id}`, 'saved'))
      } catch (error) {
        return eventPage(owner, event, { values, ...refusal(error) })
      }
    },
  )

  postForm(
    {
      path: '/dashboard/events/:id/publish',
      operationId: 'dashboardPublishEvent',
      summary: 'Publish a draft event (it needs a ticket type)',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      const event = await getEvent(owner, params.id)
      try {
        await publishTicketedEvent(db, { siteId: owner.session.siteId, eventId: event.id, now: clock() })
        return seeOther(withNotice(`/dashboard/events/${event.id}`, 'event-published'))
      } catch (error) {
        return eventPage(owner, event, refusal(error))
      }
    },
  )

  postForm(
    {
      path: '/dashboard/events/:id/cancel',
      operationId: 'dashboardCancelEvent',
      summary:
        'Cancel an event: its tickets void, every holder mailed and every paid ticket order refunded once (a second post makes only refunds still due)',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      const event = await getEvent(owner, params.id)
      const done = await cancelTicketedEvent(desk, {
        siteId: owner.session.siteId,
        eventId: event.id,
        now: clock(),
      })
      if (done.refundProblems.length === 0)
        return seeOther(withNotice(`/dashboard/events/${event.id}`, 'event-cancelled'))
      return eventPage(owner, done.event, {
        problem: `The event is cancelled, but these refunds were not made: ${done.refundProblems
          .map((refused) => `order #${refused.orderNumber} (${refused.problem})`)
          .join('; ')}. Try again, or refund them from the order desk.`,
        status: 502,
      })
    },
  )

  postForm(
    {
      path: '/dashboard/events/:id/ticket-types',
      operationId: 'dashboardAddTicketType',
      summary:
        'Add a ticket type (form: name, ticketDescription, price, quantity, limitPerOrder, saleStarts, saleEnds)',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const event = await getEvent(owner, params.id)
      const typeValues = readTicketTypeForm(form)
      try {
        await saveTicketType(db, {
          siteId: owner.session.siteId,
          eventId: event.id,
          input: typeValues,
          currency: owner.session.site.currency,
          now: clock(),
        })
        return seeOther(withNotice(`/dashboard/events/${event.id}#ticket-types-heading`, 'ticket-type-added'))
      } catch (error) {
        const refused = refusal(error)
        return eventPage(owner, event, {
          typeValues,
          typeViolations: refused.violations,
          problem: refused.problem,
          status: refused.status,
        })
      }
    },
  )

  async function ticketTypePage(
    owner: Owner,
    ids: { id: string; typeId: string },
    options: {
      values?: TicketTypeInput
      violations?: FieldViolation[]
      problem?: string
      status?: number
    } = {},
  ) {
    const event = await getEvent(owner, ids.id)
    const [type] = await findTicketTypes(db, owner.session.siteId, {
      eventIds: [event.id],
      ids: [ids.typeId],
    })
    if (!type) throw new HTTPException(404, { message: 'The event has no such ticket type.' })
    const reserved = (await countReservedTicketsByType(db, event.id)).get(type.id) ?? 0
    return renderDashboardPage(
      <TicketTypePage
        owner={owner}
        event={event}
        type={type}
        values={
          options.values ??
          toTicketTypeFormValues(type, { currency: owner.session.site.currency, timeZone: event.time_zone })
        }
        violations={options.violations ?? []}
        reserved={reserved}
        problem={options.problem}
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/events/:id/ticket-types/:typeId',
      operationId: 'dashboardTicketType',
      summary: 'A ticket type of an event',
      params: TicketTypeParams,
    },
    async (owner, { params }) => ticketTypePage(owner, params),
  )

  postForm(
    {
      path: '/dashboard/events/:id/ticket-types/:typeId',
      operationId: 'dashboardSaveTicketType',
      summary: 'Save a ticket type (its quantity never below the tickets sold and held)',
      params: TicketTypeParams,
    },
    async (owner, form, { params }) => {
      const values = readTicketTypeForm(form)
      try {
        await saveTicketType(db, {
          siteId: owner.session.siteId,
          eventId: params.id,
          ticketTypeId: params.typeId,
          input: values,
          currency: owner.session.site.currency,
          now: clock(),
        })
        return seeOther(withNotice(`/dashboard/events/${params.id}`, 'saved'))
      } catch (error) {
        if (error instanceof ApplicationError && error.code === 'TICKET_TYPE_NOT_FOUND')
          throw new HTTPException(404, { message: 'The event has no such ticket type.' })
        return ticketTypePage(owner, params, { values, ...refusal(error) })
      }
    },
  )

  postForm(
    {
      path: '/dashboard/events/:id/ticket-types/:typeId/remove',
      operationId: 'dashboardRemoveTicketType',
      summary: 'Remove a ticket type no ticket was reserved of',
      params: TicketTypeParams,
    },
    async (owner, _form, { params }) => {
      try {
        await removeTicketType(db, {
          siteId: owner.session.siteId,
          eventId: params.id,
          ticketTypeId: params.typeId,
        })
        return seeOther(withNotice(`/dashboard/events/${params.id}`, 'ticket-type-removed'))
      } catch (error) {
        if (
          error instanceof ApplicationError &&
          ['TICKET_TYPE_NOT_FOUND', 'EVENT_NOT_FOUND'].includes(error.code)
        )
          throw new HTTPException(404, { message: 'The event has no such ticket type.' })
        return ticketTypePage(owner, params, refusal(error))
      }
    },
  )

  page(
    {
      path: '/dashboard/events/:id/attendees',
      operationId: 'dashboardEventAttendees',
      summary: 'The tickets sold for an event, with their holders and door status',
      params: IdParam,
    },
    async (owner, { params }) => {
      const event = await getEvent(owner, params.id)
      const attendees = await findAttendees(db, owner.session.siteId, event.id)
      return renderDashboardPage(<AttendeesPage owner={owner} event={event} attendees={attendees} />, deps)
    },
  )

  page(
    {
      path: '/dashboard/events/:id/attendees.csv',
      operationId: 'dashboardEventAttendeesCsv',
      summary:
        "The attendee list as CSV (RFC 4180; cells a spreadsheet would read as formulas prefixed with ')",
      params: IdParam,
    },
    async (owner, { params }) => {
      const event = await getEvent(owner, params.id)
      const attendees = await findAttendees(db, owner.session.siteId, event.id)
      const header = ['attendee', 'attendee email', 'ticket', 'code', 'order', 'buyer email', 'status']
      const rows = attendees.map((ticket) => [
        ticket.attendee_name,
        ticket.attendee_email,
        ticket.ticket_type_name,
        ticket.code,
        ticket.order_number,
        ticket.buyer_email,
        attendeeStatus(ticket),
      ])
      return new Response(toCsv([header, ...rows]), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="attendees-${event.slug}.csv"`,
          'cache-control': 'no-store',
        },
      })
    },
  )
}
