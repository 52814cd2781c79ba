import type { CouponRow } from '../../carts/coupon-store.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatPercent } from '../../money/decimal-text.ts'
import { formatMoney } from '../../money/money.ts'
import { CsrfField, Field, Select } from '../dashboard-layout.tsx'
import { timeText, timeZoneText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { RecordForm } from '../kit/record-form.tsx'
import type { Owner } from '../session/owner-session.ts'
import { type CouponFormValues, couponFieldLabels } from './coupon-form.ts'
import { SetupPage } from './setup-fields.tsx'

const kindChoices = [
  { value: 'PERCENTAGE', label: 'Percentage off' },
  { value: 'FIXED_AMOUNT', label: 'Fixed amount off' },
  { value: 'FREE_SHIPPING', label: 'Free shipping' },
]

function describeDiscount(coupon: CouponRow, owner: Owner): string {
  const { currency, locale } = owner.session.site
  if (coupon.kind === 'PERCENTAGE') return `${formatPercent(coupon.value)} % off`
  if (coupon.kind === 'FIXED_AMOUNT') return `${formatMoney(coupon.value, currency, locale)} off`
  return 'Free shipping'
}

function describeUses(coupon: CouponRow): string {
  return coupon.usage_limit === null ? `${coupon.uses} used` : `${coupon.uses} of ${coupon.usage_limit} used`
}

/** The fields of a coupon: the same form creates and edits. */
function CouponForm(props: {
  owner: Owner
  action: string
  values: CouponFormValues
  violations: readonly FieldViolation[]
  submitLabel: string
}) {
  const { values } = props
  const currency = props.owner.session.site.currency
  return (
    <RecordForm
      owner={props.owner}
      action={props.action}
      label="Coupon"
      submitLabel={props.submitLabel}
      values={values}
      violations={props.violations}
      labels={couponFieldLabels}
    >
      {(row) => (
        <>
          <div className="grid">
            <Field
              label="Code"
              {...row('code')}
              hint="What shoppers type; letters, digits, - and _ (case does not matter)"
              required
            />
            <Field label="Name" {...row('name')} />
            <Select label="Discount" {...row('kind')} options={kindChoices} />
            <Field
              label="Value"
              {...row('value')}
              hint={`Percent (12.5) for a percentage, ${currency} (5.00) for a fixed amount; empty for free shipping`}
            />
            <Field
              label={`Minimum subtotal (${currency})`}
              {...row('minimumSubtotal')}
              hint="Empty for none"
            />
            <Field
              label="Usage limit"
              {...row('usageLimit')}
              hint="Orders that may use it; empty for no limit"
            />
            <Field
              label={`Starts (${timeZoneText()})`}
              {...row('startsAt')}
              hint="2026-12-01 00:00; empty for now"
            />
            <Field
              label={`Expires (${timeZoneText()})`}
              {...row('expiresAt')}
              hint="2026-12-31 23:59; empty for never"
            />
          </div>
        </>
      )}
    </RecordForm>
  )
}

/** The site's coupons and the form of a new one. */
export function CouponsPage(props: {
  owner: Owner
  coupons: CouponRow[]
  values: CouponFormValues
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner } = props
  return (
    <SetupPage owner={owner} title="Coupons" part="coupons" notice={props.notice}>
      <PageHeader
        title="Coupons"
        description="Codes shoppers type at checkout for a discount or free shipping."
      />
      <DataTable
        label="Coupons"
        rows={props.coupons}
        rowKey={(coupon) => coupon.id}
        empty="No coupons yet."
        columns={[
          {
            header: 'Code',
            cell: (coupon) => (
              <>
                <a href={`/dashboard/setup/coupons/${coupon.id}`}>{coupon.code}</a>
                {coupon.name && <div className="hint">{coupon.name}</div>}
              </>
            ),
          },
          { header: 'Discount', cell: (coupon) => describeDiscount(coupon, owner) },
          {
            header: 'Minimum subtotal',
            isNumber: true,
            cell: (coupon) =>
              coupon.minimum_subtotal_minor === null
                ? '—'
                : formatMoney(
                    coupon.minimum_subtotal_minor,
                    owner.session.site.currency,
                    owner.session.site.locale,
                  ),
          },
          {
            header: 'Valid',
            cell: (coupon) => (
              <>
                {coupon.starts_at ? `From ${timeText(coupon.starts_at)}` : 'From now'}
                {coupon.expires_at ? ` until ${timeText(coupon.expires_at)}` : ', never expires'}
              </>
            ),
          },
          { header: 'Usage', cell: (coupon) => describeUses(coupon) },
        ]}
      />
      <PageSection id="new-coupon" title="New coupon">
        <CouponForm
          owner={owner}
          action="/dashboard/setup/coupons"
          values={props.values}
          violations={props.violations}
          submitLabel="Create coupon"
        />
      </PageSection>
    </SetupPage>
  )
}

/** One coupon: its form, its usage, and deleting it. */
export function CouponPage(props: {
  owner: Owner
  coupon: CouponRow
  values: CouponFormValues
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner, coupon } = props
  return (
    <SetupPage owner={owner} title={`Coupon ${coupon.code}`} part="coupons" notice={props.notice}>
      <p>
        <a href="/dashboard/setup/coupons">All coupons</a>
      </p>
      <PageHeader
        title={`Coupon ${coupon.code}`}
        description={
          <>
            Usage: <strong>{describeUses(coupon)}</strong>. Placed orders count; the count is not edited here.
          </>
        }
      />
      <CouponForm
        owner={owner}
        action={`/dashboard/setup/coupons/${coupon.id}`}
        values={props.values}
        violations={props.violations}
        submitLabel="Save coupon"
      />
      <form method="post" action={`/dashboard/setup/coupons/${coupon.id}/delete`}>
        <CsrfField token={owner.session.csrfToken} />
        <button
          type="submit"
          className="danger"
          data-confirm={`Delete coupon ${coupon.code}? Carts that carry it are priced without it.`}
        >
          Delete coupon
        </button>
      </form>
    </SetupPage>
  )
}
