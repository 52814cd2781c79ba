import { MIN_CONTRAST_WITH_WHITE } from '../../checkout/shop-details.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { CsrfField, Field } from '../dashboard-layout.tsx'
import type { Owner } from '../session/owner-session.ts'
import { SetupPage, SetupProblems } from './setup-fields.tsx'

/** The shop details form's values: as stored, or as the owner sent them when refused. */
export interface ShopDetailsFormValues {
  name: string
  brandColour: string
  accentColour: string
}

const colourHint = `White text is written on it, so it needs a contrast of at least ${MIN_CONTRAST_WITH_WHITE}:1`

/** The shop's name and the colours of its mails, with a preview of a mail's header and button. */
export function ShopDetailsPage(props: {
  owner: Owner
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
        The name is the storefront's header and page titles and every mail's sender; the colours are what
        order, shipment, cancellation and refund mails wear.
      </p>
      <form method="post" action="/dashboard/setup/shop" aria-label="Shop details">
        <CsrfField token={owner.session.csrfToken} />
        <SetupProblems
          violations={props.violations}
          labels={{ name: 'Shop name', brandColour: 'Header colour', accentColour: 'Button colour' }}
        />
        <Field label="Shop name" name="name" defaultValue={values.name} error={errors.name} required />
        <Field
          label="Header colour"
          name="brandColour"
          type="color"
          defaultValue={values.brandColour}
          error={errors.brandColour}
          hint={colourHint}
        />
        <Field
          label="Button colour"
          name="accentColour"
          type="color"
          defaultValue={values.accentColour}
          error={errors.accentColour}
          hint={colourHint}
        />
        <div className="actions">
          <button type="submit" className="primary">
            Save shop details
          </button>
        </div>
      </form>
    </SetupPage>
  )
}
