import type { FieldViolation } from '../../http/errors.ts'
import { formatMoney } from '../../money/money.ts'
import type { MembershipRow } from '../../plans/membership-store.ts'
import type { PlanPurchaseRow } from '../../plans/plan-purchase-store.ts'
import type { CoverChoice, PlanRow } from '../../plans/plan-store.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { Checkbox, CsrfField, DashboardForm, DashboardPage, Field, Select } from '../dashboard-layout.tsx'
import { countText, dayText, timeText } from '../kit/dashboard-words.ts'
import type { Owner } from '../session/owner-session.ts'
import { SetupProblems } from '../setup/setup-fields.tsx'
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
      {props.choices.map((choice) => (
        <Checkbox
          key={choice.id}
          label={choice.name}
          name={props.name}
          value={choice.id}
          defaultChecked={props.covered.includes(choice.id)}
        />
      ))}
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
  const errors = toFormErrors(props.violations)
  const currency = props.owner.session.site.currency
  return (
    <DashboardForm
      action={props.action}
      label="Plan"
      csrfToken={props.owner.session.csrfToken}
      submitLabel={props.submitLabel}
    >
      <SetupProblems violations={props.violations} labels={labels} />
      <div className="grid">
        <Field label="Name" name="name" defaultValue={values.name} error={errors.name} required />
        <Field
          label={`Price (${currency})`}
          name="price"
          defaultValue={values.price}
          error={errors.price}
          hint="0 for a free plan"
        />
        <Field
          label="Duration"
          name="durationCount"
          defaultValue={values.durationCount}
          error={errors.durationCount}
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
          name="sessions"
          defaultValue={values.sessions}
          error={errors.sessions}
          hint="Items a membership pays for (one per unit: two of a product use two); empty for unlimited"
        />
        <Select
          label="Purchases per member"
          name="maxPurchasesPerMember"
          options={purchaseLimitChoices(values.maxPurchasesPerMember)}
          defaultValue={values.maxPurchasesPerMember}
          error={errors.maxPurchasesPerMember}
          hint="How many times one member may buy it"
        />
        <Field
          label="Description"
          name="description"
          defaultValue={values.description}
          error={errors.description}
        />
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
    </DashboardForm>
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
      <h1>Plans</h1>
      <p className="hint">
        Members buy a plan on the shop's plan checkout page; the products it covers then cost nothing in their
        cart, one session per item, and they may book the services it covers with it, one session a booking.
      </p>
      <table aria-label="Plans">
        <thead>
          <tr>
            <th>Plan</th>
            <th>Sessions, duration and price</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {props.plans.map((plan) => (
            <tr key={plan.id} data-plan-id={plan.id}>
              <td>
                <a href={`/dashboard/plans/${plan.id}`}>{plan.name}</a>
              </td>
              <td>{describePlan(plan, owner)}</td>
              <td>
                {plan.archived ? (
                  <span className="badge off">Archived</span>
                ) : (
                  <span className="badge ok">On sale</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.plans.length === 0 && <p className="hint">No plans yet.</p>}
      <h2>New plan</h2>
      <PlanForm
        owner={owner}
        action="/dashboard/plans"
        values={props.values}
        violations={props.violations}
        choices={props.choices}
        submitLabel="Create plan"
      />
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
  if (props.purchases.length === 0) return <p className="hint">Nobody has bought this plan yet.</p>
  return (
    <table aria-label="Purchases">
      <thead>
        <tr>
          <th>Bought</th>
          <th>Member</th>
          <th>Paid</th>
          <th>Status</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {props.purchases.map((purchase) => (
          <tr key={purchase.id}>
            <td>{timeText(purchase.created_date)}</td>
            <td>{purchase.member_email ?? 'a former member'}</td>
            <td>
              {formatMoney(Number(purchase.amount_minor), purchase.currency, owner.session.site.locale)}
            </td>
            <td>{purchase.status === 'REFUNDED' ? 'Refunded, membership ended' : 'Completed'}</td>
            <td>
              {purchase.status === 'COMPLETED' && purchase.payment_id && (
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
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
      <h1>Plan {plan.name}</h1>
      <p>
        Plan id, which a storefront gives to open this plan's checkout: <code>{plan.id}</code>
      </p>
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
      <h2>Purchases</h2>
      {props.problem && (
        <p className="problem" role="alert">
          {props.problem}
        </p>
      )}
      <PlanPurchases owner={owner} plan={plan} purchases={props.purchases} refundKey={props.refundKey} />
    </DashboardPage>
  )
}

/** A member's memberships, as the dashboard's member page lists them. */
export function MemberPlans(props: { memberships: readonly MembershipRow[]; now: Date }) {
  if (props.memberships.length === 0) return <p className="hint">No plans.</p>
  return (
    <table aria-label="Plans">
      <thead>
        <tr>
          <th>Plan</th>
          <th>Sessions left</th>
          <th>Expires</th>
        </tr>
      </thead>
      <tbody>
        {props.memberships.map((membership) => (
          <tr key={membership.id}>
            <td>{membership.name}</td>
            <td>
              {membership.sessions_left === null
                ? 'unlimited'
                : `${membership.sessions_left} of ${membership.sessions_total}`}
            </td>
            <td>
              {membership.ended_date
                ? `ended ${dayText(membership.ended_date)} (refunded)`
                : membership.expiration_date
                  ? `${dayText(membership.expiration_date)}${
                      props.now >= new Date(membership.expiration_date) ? ' (expired)' : ''
                    }`
                  : 'never'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
