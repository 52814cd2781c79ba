import { MIN_CONTRAST_WITH_WHITE } from '../../checkout/shop-details.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { safeColour } from '../../orders/order-mails.ts'
import { useNonce } from '../../pages/document.tsx'
import { toFormErrors } from '../catalogue/product-form.ts'
import { CsrfField, DashboardForm, Field, Select } from '../dashboard-layout.tsx'
import { timeZoneOptions } from '../kit/dashboard-words.ts'
import { PageHeader } from '../kit/page-header.tsx'
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
  timeZone: string
}

const colourFields = [
  {
    name: 'brandColour',
    label: 'Header colour',
    hint: 'The header of mails and of your sign-in, account and checkout pages',
  },
  { name: 'accentColour', label: 'Button colour', hint: 'Buttons and links in mails and on those pages' },
] as const

const colourHint = `white text is written on it, so it needs a contrast of at least ${MIN_CONTRAST_WITH_WHITE}:1`

/** The shop's name and the colours of its mails, with a preview of a mail's header and button. */
export function ShopDetailsPage(props: {
  owner: Owner
  /** The shop's icon, or undefined for the default one. */
  icon: { url: string } | undefined
  /** Why the last icon upload was refused. */
  iconError?: string | undefined
  /** The shop's logo, or undefined when its pages show its name alone. */
  logo: { url: string } | undefined
  /** Why the last logo upload was refused. */
  logoError?: string | undefined
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
      <PageHeader
        title="Shop details"
        description="The name heads the storefront, its page titles and every mail to buyers; the colours are what order, shipment, cancellation and refund mails wear, and your sign-in, account and checkout pages too."
      />
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
            timeZone: 'Time zone',
          }}
        />
        <Field label="Shop name" name="name" defaultValue={values.name} error={errors.name} required />
        {colourFields.map(({ name, label, hint }) => (
          <Field
            key={name}
            label={label}
            name={name}
            type="color"
            defaultValue={values[name]}
            error={errors[name]}
            hint={`${hint}: ${colourHint}`}
          />
        ))}
        <Select
          label="Time zone"
          name="timeZone"
          options={timeZoneOptions(values.timeZone)}
          defaultValue={values.timeZone}
          error={errors.timeZone}
          hint="Every date and time in the dashboard is shown in it, and the bookings calendar's days begin in it"
        />
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
      <ShopPictureForm
        kind="logo"
        picture={props.logo}
        error={props.logoError}
        csrfToken={owner.session.csrfToken}
      />
      <ShopPictureForm
        kind="icon"
        picture={props.icon}
        error={props.iconError}
        csrfToken={owner.session.csrfToken}
      />
    </SetupPage>
  )
}

/** What the picture forms of the shop details say of each picture. */
const pictureForms = {
  icon: {
    heading: 'Shop icon',
    about:
      'The small picture browsers show in the tab and the bookmarks of the storefront and of your sign-in and checkout pages. A square picture reads best.',
    current: 'Your icon',
    none: 'The default icon',
    fallback: '/favicon.svg',
    save: 'Save icon',
    remove: 'Use the default icon',
  },
  logo: {
    heading: 'Logo',
    about:
      'Shown beside the shop’s name at the top of your sign-in, account and checkout pages, on a white tile. A wide picture up to 160 × 40 px reads best.',
    current: 'Your logo',
    none: 'No logo: the pages show the shop’s name alone',
    fallback: undefined,
    save: 'Save logo',
    remove: 'Remove the logo',
  },
} as const

/**
 * A picture of the shop (its icon or its logo): an upload into the shop's media as a product's pictures
 * are, with the picture taken away at a press.
 */
export function ShopPictureForm(props: {
  kind: keyof typeof pictureForms
  picture: { url: string } | undefined
  error: string | undefined
  csrfToken: string
}) {
  const words = pictureForms[props.kind]
  const id = `field-${props.kind}`
  const src = props.picture?.url ?? words.fallback
  return (
    <section aria-labelledby={`shop-${props.kind}-heading`}>
      <h2 id={`shop-${props.kind}-heading`}>{words.heading}</h2>
      <p className="hint">{words.about}</p>
      <p className={`shop-icon-current shop-${props.kind}-current`}>
        {src ? <img src={src} alt="" height={48} /> : null} {props.picture ? words.current : words.none}
      </p>
      <form
        method="post"
        action={`/dashboard/setup/shop/${props.kind}`}
        encType="multipart/form-data"
        aria-label={words.heading}
      >
        <CsrfField token={props.csrfToken} />
        <div className="field">
          <label htmlFor={id}>New {words.heading.toLowerCase()}</label>
          <input
            id={id}
            name={props.kind}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? `${id}-error` : `${id}-hint`}
          />
          <div className="hint" id={`${id}-hint`}>
            PNG, JPEG, GIF or WebP, up to 10 MB
          </div>
          {props.error ? (
            <div className="error-text" id={`${id}-error`}>
              {props.error}
            </div>
          ) : null}
        </div>
        <div className="actions">
          <button type="submit" className="primary" name="intent" value="upload">
            {words.save}
          </button>
          {props.picture ? (
            <button type="submit" name="intent" value="default">
              {words.remove}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  )
}
