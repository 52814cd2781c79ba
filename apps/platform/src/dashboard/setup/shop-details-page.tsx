import { MIN_CONTRAST_WITH_WHITE } from '../../checkout/shop-details.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { safeColour } from '../../orders/order-mails.ts'
import { useNonce } from '../../pages/document.tsx'
import { toFormErrors } from '../catalogue/product-form.ts'
import { CsrfField, DashboardForm, Field, Select } from '../dashboard-layout.tsx'
import { FormProblems } from '../kit/record-form.tsx'
import type { Owner } from '../session/owner-session.ts'
import { SetupPage } from './setup-fields.tsx'

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
  /** The shop's icon, or undefined for the default one. */
  icon: { url: string } | undefined
  /** Why the last icon upload was refused. */
  iconError?: string | undefined
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
        <FormProblems
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
      <ShopIconForm icon={props.icon} error={props.iconError} csrfToken={owner.session.csrfToken} />
    </SetupPage>
  )
}

/**
 * The shop's icon: the favicon of its storefront and of the platform's pages for it (sign-in, checkout). An
 * upload as the collections' pictures are, with the default icon back at a press.
 */
function ShopIconForm(props: {
  icon: { url: string } | undefined
  error: string | undefined
  csrfToken: string
}) {
  return (
    <section aria-labelledby="shop-icon-heading">
      <h2 id="shop-icon-heading">Shop icon</h2>
      <p className="hint">
        The small picture browsers show in the tab and the bookmarks of the storefront and of your sign-in and
        checkout pages. A square picture reads best.
      </p>
      <p className="shop-icon-current">
        <img src={props.icon?.url ?? '/favicon.svg'} alt="" width={48} height={48} />{' '}
        {props.icon ? 'Your icon' : 'The default icon'}
      </p>
      <form
        method="post"
        action="/dashboard/setup/shop/icon"
        encType="multipart/form-data"
        aria-label="Shop icon"
      >
        <CsrfField token={props.csrfToken} />
        <div className="field">
          <label htmlFor="field-icon">New icon</label>
          <input
            id="field-icon"
            name="icon"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? 'field-icon-error' : 'field-icon-hint'}
          />
          <div className="hint" id="field-icon-hint">
            PNG, JPEG, GIF or WebP, up to 10 MB
          </div>
          {props.error ? (
            <div className="error-text" id="field-icon-error">
              {props.error}
            </div>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="primary" name="intent" value="upload">
            Save icon
          </button>
          {props.icon ? (
            <button type="submit" name="intent" value="default">
              Use the default icon
            </button>
          ) : null}
        </div>
      </form>
    </section>
  )
}
