import type { FieldViolation } from '../../http/errors.ts'
import { formatMoney } from '../../money/money.ts'
import type { MembershipRow } from '../../plans/membership-store.ts'
import type { PlanPurchaseRow } from '../../plans/plan-purchase-store.ts'
import type { CoverChoice, PlanRow } from '../../plans/plan-store.ts'
import { Checkbox, CsrfField, DashboardPage, Field, Select } from '../dashboard-layout.tsx'
import { countText, dayText, timeText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { RecordForm } from '../kit/record-form.tsx'
import { Badge } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'
import type { PlanFormValues } from './plan-form.ts'

const labels: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  price: 'Price',
  durationCount: 'Duration',
  sessions: 'Sessions',
  maxPurchasesPerMember: 'Purchases per member',
}

const durationChoices = [
  { value: 'MONTH', label: 'Months' },
  { value: 'DAY', label: 'Days' },
  { value: 'NONE', label: 'No end' },
]

/** How often one member may buy the plan; a stored limit the choices lack is offered as it is. */
function purchaseLimitChoices(current: string) {
  const choices = [
    { value: 'DEFAULT', label: 'Once if free, no limit if priced' },
    { value: '1', label: 'Once per member' },
    { value: 'NONE', label: 'No limit: buying it again renews the membership' },
  ]
  return choices.some((choice) => choice.value === current)
    ? choices
    : [...choices, { value: current, label: `${current} times per member` }]
}

/** What a plan may cover, to choose from: the site's products, collections and services. */
type CoverChoices = { products: CoverChoice[]; collections: CoverChoice[]; services: CoverChoice[] }

/** A box for each product, collection or service a plan may cover, ticked when it does. */
function CoverBoxes(props: { legend: string; name: string; choices: CoverChoice[]; covered: string[] }) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {/* In columns like the webhook's event types: 43 products one under another made a 700 px list. */}
      <div className="grid">
        {props.choices.map((choice) => (
          <Checkbox
            key={choice.id}
            label={choice.name}
            name={props.name}
            value={choice.id}
            defaultChecked={props.covered.includes(choice.id)}
          />
        ))}
      </div>
    </fieldset>
  )
}

/** "3 sessions · 1 month · $25.00", and " · once per member" when it is. */
export function describePlan(plan: PlanRow, owner: Owner): string {
  const { currency, locale } = owner.session.site
  const sessions = plan.sessions === null ? 'unlimited sessions' : countText(plan.sessions, 'session')
  const duration =
    plan.duration_unit && plan.duration_count
      ? `${plan.duration_count} ${plan.duration_unit === 'DAY' ? 'day' : 'month'}${plan.duration_count === 1 ? '' : 's'}`
      : 'no end'
  const price =
    Number(plan.price_minor) === 0 ? 'free' : formatMoney(Number(plan.price_minor), currency, locale)
  const limit =
    plan.max_purchases_per_member === null
      ? ''
      : plan.max_purchases_per_member === 1
        ? ' · once per member'
        : ` · ${plan.max_purchases_per_member} times per member`
  return `${sessions} · ${duration} · ${price}${limit}`
}

/** The fields of a plan: the same form creates and edits. */
function PlanForm(props: {
  owner: Owner
  action: string
  values: PlanFormValues
  violations: readonly FieldViolation[]
  choices: CoverChoices
  submitLabel: string
}) {
  const { values } = props
  const currency = props.owner.session.site.currency
  return (
    <RecordForm
      owner={props.owner}
      action={props.action}
      label="Plan"
      submitLabel={props.submitLabel}
      values={values}
      violations={props.violations}
      labels={labels}
    >
      {(row) => (
        <>
          <div className="grid">
            <Field label="Name" {...row('name')} required />
            <Field label={`Price (${currency})`} {...row('price')} hint="0 for a free plan" />
            <Field
              label="Duration"
              {...row('durationCount')}
              hint="How many days or months a membership lasts from its purchase"
            />
            <Select
              label="Duration in"
              name="durationUnit"
              options={durationChoices}
              defaultValue={values.durationUnit}
            />
            <Field
              label="Sessions"
              {...row('sessions')}
              hint="Items a membership pays for (one per unit: two of a product use two); empty for unlimited"
            />
            <Select
              label="Purchases per member"
              {...row('maxPurchasesPerMember')}
              options={purchaseLimitChoices(values.maxPurchasesPerMember)}
              hint="How many times one member may buy it"
            />
            <Field label="Description" {...row('description')} />
          </div>
          <CoverBoxes
            legend="Covered products"
            name="productIds"
            choices={props.choices.products}
            covered={values.productIds}
          />
          <CoverBoxes
            legend="Covered collections (every product in them)"
            name="collectionIds"
            choices={props.choices.collections}
            covered={values.collectionIds}
          />
          <CoverBoxes
            legend="Covered services (one session a booking)"
            name="serviceIds"
            choices={props.choices.services}
            covered={values.serviceIds}
          />
        </>
      )}
    </RecordForm>
  )
}

/** The site's plans and the form of a new one. */
export function PlansPage(props: {
  owner: Owner
  plans: PlanRow[]
  values: PlanFormValues
  violations: readonly FieldViolation[]
  choices: CoverChoices
  notice?: string | undefined
}) {
  const { owner } = props
  return (
    <DashboardPage owner={owner} title="Plans" place="plans" notice={props.notice}>
      <PageHeader
        title="Plans"
        description="Members buy a plan on the shop's plan checkout page; the products it covers then cost nothing in their cart, one session per item, and they may book the services it covers with it, one session a booking."
      />
      <DataTable
        label="Plans"
        rows={props.plans}
        rowKey={(plan) => plan.id}
        empty="No plans yet."
        columns={[
          { header: 'Plan', cell: (plan) => <a href={`/dashboard/plans/${plan.id}`}>{plan.name}</a> },
          { header: 'Sessions, duration and price', cell: (plan) => describePlan(plan, owner) },
          {
            header: 'Status',
            cell: (plan) =>
              plan.archived ? <Badge tone="off">Archived</Badge> : <Badge tone="ok">On sale</Badge>,
          },
        ]}
      />
      <PageSection id="new-plan" title="New plan">
        <PlanForm
          owner={owner}
          action="/dashboard/plans"
          values={props.values}
          violations={props.violations}
          choices={props.choices}
          submitLabel="Create plan"
        />
      </PageSection>
    </DashboardPage>
  )
}

/** One plan: its form, and archiving or restoring it. */
/** A purchase as the plan page lists it: who bought it and whether its payment can be given back. */
export type ListedPlanPurchase = PlanPurchaseRow & { member_email: string | null; payment_id: string | null }

/**
 * The plan's purchases, newest first, each paid one with a "Refund" button (decision 051): its form
 * carries a fresh idempotency key, so a second press of the same page gives the money back once.
 */
function PlanPurchases(props: {
  owner: Owner
  plan: PlanRow
  purchases: readonly ListedPlanPurchase[]
  refundKey: string
}) {
  const { owner } = props
  return (
    <DataTable
      label="Purchases"
      rows={props.purchases}
      rowKey={(purchase) => purchase.id}
      empty="Nobody has bought this plan yet."
      columns={[
        { header: 'Bought', cell: (purchase) => timeText(purchase.created_date) },
        { header: 'Member', cell: (purchase) => purchase.member_email ?? 'a former member' },
        {
          header: 'Paid',
          isNumber: true,
          cell: (purchase) =>
            formatMoney(Number(purchase.amount_minor), purchase.currency, owner.session.site.locale),
        },
        {
          header: 'Status',
          cell: (purchase) =>
            purchase.status === 'REFUNDED' ? (
              <Badge tone="off">Refunded, membership ended</Badge>
            ) : (
              <Badge tone="ok">Completed</Badge>
            ),
        },
        {
          header: 'Actions',
          hiddenHeader: true,
          cell: (purchase) =>
            purchase.status === 'COMPLETED' &&
            purchase.payment_id && (
              <form
                method="post"
                action={`/dashboard/plans/${props.plan.id}/purchases/${purchase.id}/refund`}
              >
                <CsrfField token={owner.session.csrfToken} />
                <input type="hidden" name="idempotencyKey" value={props.refundKey} />
                <button type="submit" className="danger">
                  Refund and end membership
                </button>
              </form>
            ),
        },
      ]}
    />
  )
}

export function PlanPage(props: {
  owner: Owner
  plan: PlanRow
  values: PlanFormValues
  violations: readonly FieldViolation[]
  choices: CoverChoices
  notice?: string | undefined
  purchases: readonly ListedPlanPurchase[]
  refundKey: string
  problem?: string | undefined
}) {
  const { owner, plan } = props
  return (
    <DashboardPage owner={owner} title={`Plan ${plan.name}`} place="plans" notice={props.notice}>
      <p>
        <a href="/dashboard/plans">All plans</a>
      </p>
      <PageHeader
        title={`Plan ${plan.name}`}
        description={
          <>
            Plan id, which a storefront gives to open this plan's checkout: <code>{plan.id}</code>
          </>
        }
      />
      <PlanForm
        owner={owner}
        action={`/dashboard/plans/${plan.id}`}
        values={props.values}
        violations={props.violations}
        choices={props.choices}
        submitLabel="Save plan"
      />
      <form method="post" action={`/dashboard/plans/${plan.id}/${plan.archived ? 'restore' : 'archive'}`}>
        <CsrfField token={owner.session.csrfToken} />
        <button type="submit" className={plan.archived ? 'primary' : 'danger'}>
          {plan.archived ? 'Put back on sale' : 'Archive plan'}
        </button>
        <p className="hint">An archived plan is sold no more; members keep the memberships they bought.</p>
      </form>
      <PageSection id="purchases" title="Purchases">
        {props.problem && (
          <p className="problem" role="alert">
            {props.problem}
          </p>
        )}
        <PlanPurchases owner={owner} plan={plan} purchases={props.purchases} refundKey={props.refundKey} />
      </PageSection>
    </DashboardPage>
  )
}

/** A member's memberships, as the dashboard's member page lists them. */
export function MemberPlans(props: { memberships: readonly MembershipRow[]; now: Date }) {
  return (
    <DataTable
      label="Plans"
      rows={props.memberships}
      rowKey={(membership) => membership.id}
      empty="No plans."
      columns={[
        { header: 'Plan', cell: (membership) => membership.name },
        {
          header: 'Sessions left',
          cell: (membership) =>
            membership.sessions_left === null
              ? 'unlimited'
              : `${membership.sessions_left} of ${membership.sessions_total}`,
        },
        {
          header: 'Expires',
          cell: (membership) =>
            membership.ended_date
              ? `ended ${dayText(membership.ended_date)} (refunded)`
              : membership.expiration_date
                ? `${dayText(membership.expiration_date)}${
                    props.now >= new Date(membership.expiration_date) ? ' (expired)' : ''
                  }`
                : 'never',
        },
      ]}
    />
  )
}
