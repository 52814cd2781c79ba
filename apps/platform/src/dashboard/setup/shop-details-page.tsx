import { MIN_CONTRAST_WITH_WHITE } from '../../checkout/shop-details.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { safeColour } from '../../orders/order-mails.ts'
import { useNonce } from '../../pages/document.tsx'
import { toFormErrors } from '../catalogue/product-form.ts'
import { DashboardForm, Field, Select } from '../dashboard-layout.tsx'
import type { Owner } from '../session/owner-session.ts'
import { SetupPage, SetupProblems } from './setup-fields.tsx'

/**
 * How a buyer's mail wears the stored details: the header in the shop's colour and a button in the
 * other. Drawn from stored values only (checked `#rrggbb`), in a nonce'd style: the CSP refuses style
 * attributes.
 */
function MailPreview(props: { shop: ShopDetailsFormValues }) {
  const nonce = useNonce()
  // As the mails themselves: only `#rrggbb` reaches the style sheet (the database checks it too).
  const css = `.mail-preview-header{background:${safeColour(props.shop.brandColour, '#59636e')}}.mail-preview-button{background:${safeColour(props.shop.accentColour, '#59636e')}}`
  return (
    <figure className="mail-preview" aria-label="How mails look">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: two checked #rrggbb colours in fixed rules */}
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
      <div className="mail-preview-header">{props.shop.name}</div>
      <div className="mail-preview-body">
        <p>Your order #10042 is on its way.</p>
        <span className="mail-preview-button">Track your parcel</span>
      </div>
      <figcaption className="hint">How order, shipment, cancellation and refund mails look now</figcaption>
    </figure>
  )
}

/** The shop details form's values: as stored, or as the owner sent them when refused. */
export interface ShopDetailsFormValues {
  name: string
  brandColour: string
  accentColour: string
  checkoutPhone: string
}

const colourFields = [
  { name: 'brandColour', label: 'Header colour' },
  { name: 'accentColour', label: 'Button colour' },
] as const

const colourHint = `White text is written on it, so it needs a contrast of at least ${MIN_CONTRAST_WITH_WHITE}:1`

/** The shop's name and the colours of its mails, with a preview of a mail's header and button. */
export function ShopDetailsPage(props: {
  owner: Owner
  /** What is stored: the preview shows it. */
  stored: ShopDetailsFormValues
  /** What the form shows: the stored details, or what the owner sent when it was refused. */
  values: ShopDetailsFormValues
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner, values } = props
  const errors = toFormErrors(props.violations)
  return (
    <SetupPage owner={owner} title="Shop details" part="shop" notice={props.notice}>
      <h1>Shop details</h1>
      <p className="hint">
        The name heads the storefront, its page titles and every mail to buyers; the colours are what order,
        shipment, cancellation and refund mails wear.
      </p>
      <MailPreview shop={props.stored} />
      <DashboardForm
        action="/dashboard/setup/shop"
        label="Shop details"
        csrfToken={owner.session.csrfToken}
        submitLabel="Save shop details"
      >
        <SetupProblems
          violations={props.violations}
          labels={{
            name: 'Shop name',
            ...Object.fromEntries(colourFields.map(({ name, label }) => [name, label])),
            checkoutPhone: 'Phone at checkout',
          }}
        />
        <Field label="Shop name" name="name" defaultValue={values.name} error={errors.name} required />
        {colourFields.map(({ name, label }) => (
          <Field
            key={name}
            label={label}
            name={name}
            type="color"
            defaultValue={values[name]}
            error={errors[name]}
            hint={colourHint}
          />
        ))}
        <Select
          label="Phone at checkout"
          name="checkoutPhone"
          options={[
            { value: 'HIDDEN', label: 'Not asked' },
            { value: 'OPTIONAL', label: 'Optional' },
            { value: 'REQUIRED', label: 'Required' },
          ]}
          defaultValue={values.checkoutPhone}
          error={errors.checkoutPhone}
          hint="Whether the checkout asks for the recipient's phone, for the carrier"
        />
      </DashboardForm>
    </SetupPage>
  )
}
