import type { FieldViolation } from '../../http/errors.ts'
import { formatMoney } from '../../money/money.ts'
import type { EventInput, TicketTypeInput } from '../../ticketed-events/event-editing.ts'
import type {
  AttendeeRow,
  DeskEventRow,
  EventStatus,
  TicketedEventRow,
  TicketTypeRow,
} from '../../ticketed-events/ticketed-event-store.ts'
import { CsrfField, DashboardPage, Field, Select } from '../dashboard-layout.tsx'
import { countText, spanText, timeText, timeZoneOptions } from '../kit/dashboard-words.ts'
import { type Column, DataTable, spanColumn } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { RecordForm } from '../kit/record-form.tsx'
import { Badge, type BadgeTone } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'
import { TextArea } from '../setup/setup-fields.tsx'

const eventLabels: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  imageUrl: 'Picture',
  timeZone: 'Time zone',
  start: 'Starts',
  end: 'Ends',
  locationKind: 'Where',
  venueName: 'Venue',
  venueAddress: 'Address',
  onlineUrl: 'Online link',
  registrationOpens: 'Registration opens',
  registrationCloses: 'Registration closes',
  capacity: 'Capacity',
}

const ticketTypeLabels: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price',
  quantity: 'Quantity',
  limitPerOrder: 'Per order',
  saleStarts: 'Sale starts',
  saleEnds: 'Sale ends',
}

const statusWords: Record<EventStatus, { label: string; tone: BadgeTone }> = {
  DRAFT: { label: 'Draft', tone: 'plain' },
  PUBLISHED: { label: 'Published', tone: 'ok' },
  CANCELLED: { label: 'Cancelled', tone: 'off' },
}

/** An event's status in words, and "Ended" for a published one that is over. */
export function EventStatusBadge(props: { event: TicketedEventRow; now: Date }) {
  const { event } = props
  if (event.status === 'PUBLISHED' && new Date(event.end_date) <= props.now)
    return <Badge tone="plain">Ended</Badge>
  const words = statusWords[event.status]
  return <Badge tone={words.tone}>{words.label}</Badge>
}

/** The event's fields: the same form creates and edits. Times are in the event's own zone. */
function EventForm(props: {
  owner: Owner
  action: string
  values: EventInput
  violations: readonly FieldViolation[]
  submitLabel: string
}) {
  const { values } = props
  return (
    <RecordForm
      owner={props.owner}
      action={props.action}
      label="Event"
      submitLabel={props.submitLabel}
      values={values}
      violations={props.violations}
      labels={eventLabels}
    >
      {(row, errors) => (
        <>
          <div className="grid">
            <Field label="Title" {...row('title')} required />
            <Select
              label="Time zone"
              {...row('timeZone')}
              options={timeZoneOptions(values.timeZone)}
              hint="Where the event is held: its times below are read there"
              frameClassName="wide"
            />
            <Field label="Starts" {...row('start')} type="datetime-local" required />
            <Field label="Ends" {...row('end')} type="datetime-local" required />
          </div>
          <TextArea label="Description" {...row('description')} />
          <Field
            label="Picture"
            {...row('imageUrl')}
            hint="An https address of an image, or a path of the shop’s media (/media/...); empty for none"
          />
          <fieldset>
            <legend>Where</legend>
            <Select
              label="Held"
              name="locationKind"
              options={[
                { value: 'VENUE', label: 'At a venue' },
                { value: 'ONLINE', label: 'Online' },
              ]}
              defaultValue={values.locationKind}
              error={errors.locationKind}
            />
            <div className="grid">
              <Field label="Venue" {...row('venueName')} />
              <Field label="Address" {...row('venueAddress')} hint="Required for an event at a venue" />
            </div>
            <Field
              label="Online link"
              {...row('onlineUrl')}
              type="url"
              hint="Required for an online event. Only ticket holders see it: in their tickets mail and account"
            />
          </fieldset>
          <fieldset>
            <legend>Registration</legend>
            <div className="grid">
              <Field
                label="Registration opens"
                {...row('registrationOpens')}
                type="datetime-local"
                hint="Empty: as soon as the event is published"
              />
              <Field
                label="Registration closes"
                {...row('registrationCloses')}
                type="datetime-local"
                hint="Empty: when the event ends"
              />
              <Field
                label="Capacity"
                {...row('capacity')}
                hint="Places over all ticket types; empty when only their quantities count"
              />
            </div>
          </fieldset>
        </>
      )}
    </RecordForm>
  )
}

/** The ticket type's fields: the event page's add form and the ticket type's own page. */
function TicketTypeForm(props: {
  owner: Owner
  action: string
  values: TicketTypeInput
  violations: readonly FieldViolation[]
  submitLabel: string
}) {
  const { values } = props
  const currency = props.owner.session.site.currency
  return (
    <RecordForm
      owner={props.owner}
      action={props.action}
      label="Ticket type"
      submitLabel={props.submitLabel}
      values={values}
      violations={props.violations}
      labels={ticketTypeLabels}
    >
      {(row, errors) => (
        <>
          <div className="grid">
            <Field label="Name" {...row('name')} required />
            <Field label={`Price (${currency})`} {...row('price')} hint="0 for a free ticket" />
            <Field label="Quantity" {...row('quantity')} hint="How many of this ticket are for sale" />
            <Field
              label="Per order"
              {...row('limitPerOrder')}
              hint="At most this many in one order (1 to 50)"
            />
            <Field
              label="Sale starts"
              {...row('saleStarts')}
              type="datetime-local"
              hint="Empty: with registration"
            />
            <Field
              label="Sale ends"
              {...row('saleEnds')}
              type="datetime-local"
              hint="Empty: with registration"
            />
          </div>
          <TextArea
            label="Description"
            name="ticketDescription"
            defaultValue={values.description}
            error={errors.description}
          />
        </>
      )}
    </RecordForm>
  )
}

/** The shop's events, the latest first: when, status and tickets sold; and a button to make one. */
export function EventsPage(props: {
  owner: Owner
  events: readonly DeskEventRow[]
  now: Date
  notice?: string | undefined
}) {
  const { owner } = props
  const columns: Column<DeskEventRow>[] = [
    { header: 'Event', cell: (event) => <a href={`/dashboard/events/${event.id}`}>{event.title}</a> },
    spanColumn(
      'When',
      (event) => ({ start: event.start_date, end: event.end_date, timeZone: event.time_zone }),
      props.now,
    ),
    { header: 'Status', cell: (event) => <EventStatusBadge event={event} now={props.now} /> },
    {
      header: 'Tickets sold',
      isNumber: true,
      cell: (event) => `${event.tickets_sold} of ${event.capacity ?? event.tickets_offered}`,
    },
  ]
  return (
    <DashboardPage owner={owner} title="Events" place="events" notice={props.notice}>
      <PageHeader
        title="Events"
        description="Sell tickets: a draft is yours to prepare; a published event is on sale in its registration window."
        actions={
          <a className="button primary" href="/dashboard/events/new">
            New event
          </a>
        }
      />
      <DataTable
        label="Events"
        columns={columns}
        rows={props.events}
        rowKey={(event) => event.id}
        empty="No events yet. Make one, add its tickets, then publish it."
      />
    </DashboardPage>
  )
}

/** When an event is, in its own zone, as the dashboard writes spans of time. */
const eventSpan = (event: TicketedEventRow) => spanText(event.start_date, event.end_date, event.time_zone)

/** A new event's form. */
export function NewEventPage(props: {
  owner: Owner
  values: EventInput
  violations: readonly FieldViolation[]
}) {
  return (
    <DashboardPage owner={props.owner} title="New event" place="events">
      <p>
        <a href="/dashboard/events">All events</a>
      </p>
      <PageHeader
        title="New event"
        description="It starts as a draft: add its tickets on the next page, then publish it."
      />
      <EventForm
        owner={props.owner}
        action="/dashboard/events"
        values={props.values}
        violations={props.violations}
        submitLabel="Create event"
      />
    </DashboardPage>
  )
}

/** The ticket types of an event: price, quantity sold of offered, per-order limit and sales window. */
function TicketTypesTable(props: {
  owner: Owner
  event: TicketedEventRow
  types: readonly TicketTypeRow[]
  sold: ReadonlyMap<string, number>
}) {
  const { owner, event } = props
  const { currency, locale } = owner.session.site
  const columns: Column<TicketTypeRow>[] = [
    {
      header: 'Ticket',
      cell: (type) =>
        event.status === 'CANCELLED' ? (
          type.name
        ) : (
          <a href={`/dashboard/events/${event.id}/ticket-types/${type.id}`}>{type.name}</a>
        ),
    },
    {
      header: 'Price',
      isNumber: true,
      cell: (type) =>
        Number(type.price_minor) === 0 ? 'Free' : formatMoney(Number(type.price_minor), currency, locale),
    },
    { header: 'Sold', isNumber: true, cell: (type) => `${props.sold.get(type.id) ?? 0} of ${type.quantity}` },
    { header: 'Per order', isNumber: true, cell: (type) => String(type.limit_per_order) },
    {
      header: 'On sale',
      cell: (type) =>
        type.sale_starts || type.sale_ends
          ? `${timeText(type.sale_starts, { timeZone: event.time_zone })} to ${timeText(type.sale_ends, { timeZone: event.time_zone })}`
          : 'With registration',
    },
  ]
  return (
    <DataTable
      label="Ticket types"
      columns={columns}
      rows={props.types}
      rowKey={(type) => type.id}
      empty="No ticket types yet: add one below before publishing."
    />
  )
}

/** One event: its status and what can be done next, its fields, its ticket types, and its attendees' link. */
export function EventPage(props: {
  owner: Owner
  event: TicketedEventRow
  types: readonly TicketTypeRow[]
  sold: ReadonlyMap<string, number>
  values: EventInput
  violations: readonly FieldViolation[]
  typeValues: TicketTypeInput
  typeViolations: readonly FieldViolation[]
  now: Date
  notice?: string | undefined
  problem?: string | undefined
}) {
  const { owner, event } = props
  const sold = [...props.sold.values()].reduce((sum, count) => sum + count, 0)
  const isCancelled = event.status === 'CANCELLED'
  return (
    <DashboardPage owner={owner} title={`Event ${event.title}`} place="events" notice={props.notice}>
      <p>
        <a href="/dashboard/events">All events</a>
      </p>
      <PageHeader
        title={event.title}
        description={
          <>
            <EventStatusBadge event={event} now={props.now} /> {eventSpan(event)} ·{' '}
            {countText(sold, 'ticket')} sold
          </>
        }
        actions={
          <a className="button" href={`/dashboard/events/${event.id}/attendees`}>
            Attendees
          </a>
        }
      />
      {props.problem && (
        <p className="problem" role="alert">
          {props.problem}
        </p>
      )}
      <PageSection id="status" title="Status">
        {event.status === 'DRAFT' && (
          <form method="post" action={`/dashboard/events/${event.id}/publish`}>
            <CsrfField token={owner.session.csrfToken} />
            <p className="hint">
              A draft is not on sale. Publishing puts it on sale within its registration window.
            </p>
            <button type="submit" className="primary">
              Publish event
            </button>
          </form>
        )}
        {isCancelled ? (
          <p>
            Cancelled on {timeText(event.cancelled_date)}. Its tickets no longer let anyone in; holders were
            mailed and paid tickets refunded.
          </p>
        ) : (
          <form method="post" action={`/dashboard/events/${event.id}/cancel`}>
            <CsrfField token={owner.session.csrfToken} />
            <p className="hint">
              Cancelling mails every ticket holder, refunds every paid ticket and voids the tickets. It cannot
              be undone.
            </p>
            <button
              type="submit"
              className="danger"
              data-confirm={`Cancel ${event.title}? Every ticket holder is mailed and every paid ticket refunded.`}
            >
              Cancel event
            </button>
          </form>
        )}
        {isCancelled && (
          <form method="post" action={`/dashboard/events/${event.id}/cancel`}>
            <CsrfField token={owner.session.csrfToken} />
            <p className="hint">
              If a refund was refused, try the refunds still due again: none is made twice.
            </p>
            <button type="submit">Retry refunds</button>
          </form>
        )}
      </PageSection>
      <PageSection id="ticket-types" title="Tickets">
        <TicketTypesTable owner={owner} event={event} types={props.types} sold={props.sold} />
        {!isCancelled && (
          <>
            <h3>Add a ticket type</h3>
            <TicketTypeForm
              owner={owner}
              action={`/dashboard/events/${event.id}/ticket-types`}
              values={props.typeValues}
              violations={props.typeViolations}
              submitLabel="Add ticket type"
            />
          </>
        )}
      </PageSection>
      {!isCancelled && (
        <PageSection id="details" title="Details">
          <EventForm
            owner={owner}
            action={`/dashboard/events/${event.id}`}
            values={props.values}
            violations={props.violations}
            submitLabel="Save event"
          />
        </PageSection>
      )}
    </DashboardPage>
  )
}

/** One ticket type's form, and removing it while no ticket of it was reserved. */
export function TicketTypePage(props: {
  owner: Owner
  event: TicketedEventRow
  type: TicketTypeRow
  values: TicketTypeInput
  violations: readonly FieldViolation[]
  reserved: number
  problem?: string | undefined
}) {
  const { owner, event, type } = props
  return (
    <DashboardPage owner={owner} title={`${type.name} · ${event.title}`} place="events">
      <p>
        <a href={`/dashboard/events/${event.id}`}>{event.title}</a>
      </p>
      <PageHeader title={type.name} />
      {props.problem && (
        <p className="problem" role="alert">
          {props.problem}
        </p>
      )}
      <TicketTypeForm
        owner={owner}
        action={`/dashboard/events/${event.id}/ticket-types/${type.id}`}
        values={props.values}
        violations={props.violations}
        submitLabel="Save ticket type"
      />
      {props.reserved === 0 ? (
        <form method="post" action={`/dashboard/events/${event.id}/ticket-types/${type.id}/remove`}>
          <CsrfField token={owner.session.csrfToken} />
          <button type="submit" className="danger" data-confirm={`Remove ${type.name}?`}>
            Remove ticket type
          </button>
        </form>
      ) : (
        <p className="hint">
          {countText(props.reserved, 'ticket')} of this type were reserved, so it stays: lower its quantity to
          what was sold to stop selling it.
        </p>
      )}
    </DashboardPage>
  )
}

/** How a ticket on the attendee list stands: used at the door, void, or still to come. */
export function attendeeStatus(ticket: AttendeeRow): string {
  if (ticket.cancelled_date) return `Cancelled ${timeText(ticket.cancelled_date)}`
  if (ticket.checked_in_date)
    return `Checked in ${timeText(ticket.checked_in_date, { timeZone: ticket.event_time_zone })}`
  return 'Not checked in'
}

/** The event's attendees: each sold ticket with its holder, type, code, order and door status; and CSV. */
export function AttendeesPage(props: {
  owner: Owner
  event: TicketedEventRow
  attendees: readonly AttendeeRow[]
}) {
  const { owner, event } = props
  const live = props.attendees.filter((ticket) => !ticket.cancelled_date)
  const columns: Column<AttendeeRow>[] = [
    { header: 'Attendee', cell: (ticket) => ticket.attendee_name || ticket.buyer_email },
    { header: 'Ticket', cell: (ticket) => ticket.ticket_type_name },
    { header: 'Code', cell: (ticket) => <code>{ticket.code}</code> },
    {
      header: 'Order',
      cell: (ticket) => <a href={`/dashboard/orders/${ticket.order_id}`}>#{ticket.order_number}</a>,
    },
    { header: 'E-mail', cell: (ticket) => ticket.attendee_email || ticket.buyer_email },
    {
      header: 'Status',
      cell: (ticket) => (
        <Badge tone={ticket.cancelled_date ? 'off' : ticket.checked_in_date ? 'ok' : 'plain'}>
          {attendeeStatus(ticket)}
        </Badge>
      ),
    },
  ]
  return (
    <DashboardPage owner={owner} title={`Attendees · ${event.title}`} place="events">
      <p>
        <a href={`/dashboard/events/${event.id}`}>{event.title}</a>
      </p>
      <PageHeader
        title="Attendees"
        description={`${event.title} · ${countText(live.length, 'ticket')} · ${countText(
          live.filter((ticket) => ticket.checked_in_date).length,
          'person',
          'people',
        )} checked in`}
        actions={
          <a className="button" href={`/dashboard/events/${event.id}/attendees.csv`} download>
            Download CSV
          </a>
        }
      />
      <DataTable
        label="Attendees"
        columns={columns}
        rows={props.attendees}
        rowKey={(ticket) => ticket.id}
        empty="No tickets sold yet."
      />
    </DashboardPage>
  )
}
