import type { ServiceRow } from '../../bookings/booking-store.ts'
import { hoursField } from '../../bookings/service-editor.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatMoney } from '../../money/money.ts'
import { Checkbox, DashboardPage, Field, Select } from '../dashboard-layout.tsx'
import { timeZoneOptions } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { RecordForm } from '../kit/record-form.tsx'
import { Badge } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'
import { TextArea } from '../setup/setup-fields.tsx'
import { formFieldOf, paymentOptionChoices, type ServiceFormValues } from './service-form.ts'

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

const labels: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  pictureUrl: 'Picture',
  location: 'Where',
  durationMinutes: 'Duration',
  type: 'Kind',
  capacity: 'Places per session',
  timetable: 'Timetable',
  weeklySessions: 'Weekly sessions',
  oneOffSessions: 'One-off sessions',
  cancelledSessions: 'Cancelled sessions',
  price: 'Price',
  priceText: 'Price on request',
  paymentOptions: 'Payment',
  deposit: 'Deposit',
  cancelNoticeHours: 'Cancelling',
  reminderHours: 'Reminder',
  timeZone: 'Time zone',
  exceptions: 'Exceptions',
  bufferMinutes: 'Buffer',
  minNoticeHours: 'Booked at least',
  maxAheadDays: 'Booked at most',
  ...Object.fromEntries(weekdayNames.map((name, index) => [hoursField(index + 1), name])),
}

const kindChoices = [
  { value: 'APPOINTMENT', label: 'Appointment: one customer at a time, in the working hours' },
  { value: 'CLASS', label: 'Class: sessions on a timetable, with places' },
]

const rateChoices = [
  { value: 'FIXED', label: 'A fixed price' },
  { value: 'NO_FEE', label: 'Free' },
  { value: 'CUSTOM', label: 'Price on request (nothing charged online)' },
]

/** How a service is priced, in words: "$40.00", "Free", "Price on request". */
export function servicePriceText(service: ServiceRow, owner: Owner): string {
  const { currency, locale } = owner.session.site
  if (service.rate_type === 'NO_FEE') return 'Free'
  if (service.rate_type === 'CUSTOM')
    return `Price on request${service.price_text ? `: ${service.price_text}` : ''}`
  return formatMoney(Number(service.price_minor), currency, locale)
}

/** The shop's services, each linking to its editor. */
export function ServicesPage(props: { owner: Owner; services: ServiceRow[]; notice?: string | undefined }) {
  const { owner } = props
  return (
    <DashboardPage owner={owner} title="Services" place="services" notice={props.notice}>
      <PageHeader
        title="Services"
        description="Appointments (one customer at a time) and classes (sessions with places) customers book on the shop's bookings pages."
        actions={
          <a className="button primary" href="/dashboard/bookings/services/new">
            New service
          </a>
        }
      />
      <DataTable
        label="Services"
        rows={props.services}
        rowKey={(service) => service.id}
        empty={<p>No services yet. Add one so customers can book it.</p>}
        columns={[
          {
            header: 'Service',
            cell: (service) => <a href={`/dashboard/bookings/services/${service.id}`}>{service.name}</a>,
          },
          {
            header: 'Kind',
            cell: (service) =>
              service.type === 'CLASS' ? `Class, ${service.capacity} places` : 'Appointment',
          },
          { header: 'Duration', cell: (service) => `${service.duration_minutes} min`, isNumber: true },
          { header: 'Price', cell: (service) => servicePriceText(service, owner) },
          {
            header: 'Status',
            cell: (service) =>
              service.hidden ? <Badge tone="off">Not offered</Badge> : <Badge tone="ok">Offered</Badge>,
          },
        ]}
      />
    </DashboardPage>
  )
}

/** The services editor: the service, how it is paid, and its calendar's hours, exceptions and window. */
export function ServiceEditorPage(props: {
  owner: Owner
  /** The service edited; none for a new one. */
  service?: ServiceRow | undefined
  values: ServiceFormValues
  violations: readonly FieldViolation[]
  /** How many other services share the calendar's hours. */
  sharedWith: number
  notice?: string | undefined
}) {
  const { owner, values, service } = props
  const currency = owner.session.site.currency
  const title = service ? service.name : 'New service'
  return (
    <DashboardPage owner={owner} title={title} place="services" notice={props.notice}>
      <p>
        <a href="/dashboard/bookings/services">← Services</a>
      </p>
      <PageHeader
        title={title}
        description={
          service
            ? `Customers book it on the shop's bookings pages, where its address ends in “${service.slug}”.`
            : 'A service customers can book.'
        }
      />
      <RecordForm
        owner={owner}
        action={service ? `/dashboard/bookings/services/${service.id}` : '/dashboard/bookings/services'}
        label="Service"
        submitLabel={service ? 'Save service' : 'Create service'}
        values={values}
        violations={props.violations}
        labels={labels}
        formNames={formFieldOf}
      >
        {(row, errors) => (
          <>
            <PageSection id="service" title="The service">
              <div className="grid">
                <Field label="Name" {...row('name')} required />
                <Field label="Duration (minutes)" {...row('durationMinutes')} />
                <Field label="Where" {...row('location')} hint="An address or a room; empty to say nothing" />
                <Field label="Picture" {...row('pictureUrl')} hint="An https:// address of a picture" />
              </div>
              <TextArea label="Description" {...row('description')} />
              <Checkbox label="Offered to customers" name="offered" defaultChecked={values.offered} />
            </PageSection>
            <PageSection id="kind" title="Appointment or class">
              <div className="grid">
                <Select label="Kind" {...row('type')} options={kindChoices} frameClassName="wide" />
                <Field
                  label="Places per session"
                  {...row('capacity')}
                  hint="For a class: how many may book one session"
                />
              </div>
              <p className="hint">
                A class meets on its timetable, in the calendar's time zone; the working hours below are for
                appointments. Its price is per participant.
              </p>
              <TextArea
                label="Weekly sessions"
                {...row('weeklySessions')}
                error={errors.weeklySessions ?? errors.timetable}
                hint='For a class, one a line: "Tuesday 18:00", "Thursday 18:00"'
              />
              <TextArea
                label="One-off sessions"
                {...row('oneOffSessions')}
                hint='One a line: "2026-12-27 10:00"'
              />
              <TextArea
                label="Cancelled sessions"
                {...row('cancelledSessions')}
                hint='Weekly sessions that do not take place, one a line: "2026-12-24 18:00"'
              />
            </PageSection>
            <PageSection id="price" title="Price and payment">
              <div className="grid">
                <Select label="Price" {...row('rateType')} options={rateChoices} />
                <Field label={`Amount (${currency})`} {...row('price')} hint="For a fixed price only" />
                <Field
                  label="Price on request"
                  {...row('priceText')}
                  hint="What the price depends on, shown instead of a price"
                />
                <Field
                  label="Cancelling online until (hours before)"
                  {...row('cancelNoticeHours')}
                  hint="Customers may cancel themselves until then; the shop may cancel any time"
                />
                <Field
                  label="Reminder mail (hours before)"
                  {...row('reminderHours')}
                  hint="Each customer is mailed a reminder this long before; 0 sends none"
                />
              </div>
              <fieldset aria-describedby={errors.paymentOptions ? 'payment-error' : undefined}>
                <legend>Customers may pay</legend>
                {paymentOptionChoices.map((choice) => (
                  <Checkbox
                    key={choice.value}
                    label={choice.label}
                    name="paymentOptions"
                    value={choice.value}
                    defaultChecked={values.paymentOptions.includes(choice.value)}
                  />
                ))}
                {errors.paymentOptions && (
                  <p className="error-text" id="payment-error">
                    {errors.paymentOptions}
                  </p>
                )}
              </fieldset>
              <div className="grid">
                <Field
                  label={`Deposit (${currency})`}
                  {...row('deposit')}
                  hint="With deposit online: paid when booking, less than the price; the rest is due at the appointment"
                />
              </div>
            </PageSection>
            <PageSection id="hours" title="Working hours">
              <p className="hint">
                {props.sharedWith > 0
                  ? `These hours are the calendar's: ${props.sharedWith === 1 ? 'one other service shares' : `${props.sharedWith} other services share`} them, and one booking of any of them keeps the others from that time.`
                  : "These hours are the calendar's: services added later share them."}{' '}
                Times are in the calendar's time zone, as customers there read a clock.
              </p>
              <div className="grid">
                <Select
                  label="Time zone"
                  {...row('timeZone')}
                  options={timeZoneOptions(values.timeZone)}
                  frameClassName="wide"
                />
                {weekdayNames.map((name, index) => (
                  <Field
                    key={name}
                    label={name}
                    name={hoursField(index + 1)}
                    defaultValue={values.hours[hoursField(index + 1)]}
                    error={errors[hoursField(index + 1)]}
                    placeholder="Closed"
                  />
                ))}
              </div>
              <p className="hint">
                A day's hours read 09:00-17:00, or 09:00-12:00, 13:00-17:00; empty when closed.
              </p>
              <TextArea
                label="Exceptions"
                {...row('exceptions')}
                hint='One day a line: "2026-12-24 closed", or extra hours "2026-12-27 10:00-14:00"'
              />
            </PageSection>
            <PageSection id="window" title="When bookings may be made">
              <div className="grid">
                <Field label="Buffer after each appointment (minutes)" {...row('bufferMinutes')} />
                <Field
                  label="Booked at least (hours ahead)"
                  {...row('minNoticeHours')}
                  hint="How late a booking may be made"
                />
                <Field
                  label="Booked at most (days ahead)"
                  {...row('maxAheadDays')}
                  hint="How far ahead a booking may be made"
                />
              </div>
            </PageSection>
          </>
        )}
      </RecordForm>
    </DashboardPage>
  )
}
