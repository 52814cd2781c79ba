import { BuyerFields } from '../checkout/hosted/purchase-page.tsx'
import type { PaymentProvider } from '../checkout/payment-provider.ts'
import { PaymentMethodChoices } from '../checkout/payments/payment-method-choices.tsx'
import { Document } from '../pages/document.tsx'
import { CsrfField, Field } from '../pages/form-controls.tsx'
import { type ReturnLink, ReturnLinks } from '../redirects/hosted/hosted-redirect-pages.tsx'

/** A reserved ticket as the checkout asks for its attendee: its id, type and price in the buyer's words. */
export interface ReservedTicket {
  id: string
  typeName: string
  price: string
}

/**
 * The hosted event checkout of an `eventsCheckout` session (decision 070): the event, when and where,
 * the reserved tickets each with its attendee's name and e-mail, the buyer's details and how to pay
 * (nothing to choose when the tickets are free), and until when the tickets are held.
 */
export function EventCheckoutPage(props: {
  siteName: string
  title: string
  when: string
  where: string
  heldUntil: string
  total: string
  isFree: boolean
  tickets: readonly ReservedTicket[]
  action: string
  csrfToken: string
  paymentKey: string
  providers: readonly Pick<PaymentProvider, 'id' | 'title' | 'description'>[]
  values: Record<string, string>
  errors: Record<string, string>
  problem?: string | undefined
  links: readonly (ReturnLink | undefined)[]
}) {
  return (
    <Document title={`Tickets for ${props.title} · ${props.siteName}`}>
      <main id="main">
        <p className="muted">{props.siteName}</p>
        {props.problem && (
          <p className="problem" role="alert">
            {props.problem}
          </p>
        )}
        <h1>Tickets for {props.title}</h1>
        <dl>
          <div>
            <dt>When</dt>
            <dd data-event-when>{props.when}</dd>
          </div>
          <div>
            <dt>Where</dt>
            <dd>{props.where}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd data-event-total>{props.total}</dd>
          </div>
        </dl>
        <p className="muted">Your tickets are held for you until {props.heldUntil}.</p>
        <form method="post" action={props.action}>
          <CsrfField token={props.csrfToken} />
          <input type="hidden" name="paymentKey" value={props.paymentKey} />
          {props.tickets.map((ticket, index) => (
            <fieldset key={ticket.id} data-ticket>
              <legend>
                Ticket {index + 1}: {ticket.typeName} · {ticket.price}
              </legend>
              <Field
                label="Attendee's name"
                name={`attendee.${ticket.id}.name`}
                required
                autoComplete={index === 0 ? 'name' : 'off'}
                defaultValue={props.values[`attendee.${ticket.id}.name`]}
                error={props.errors[`attendee.${ticket.id}.name`]}
              />
              <Field
                label="Attendee's e-mail (optional)"
                name={`attendee.${ticket.id}.email`}
                type="email"
                autoComplete={index === 0 ? 'email' : 'off'}
                defaultValue={props.values[`attendee.${ticket.id}.email`]}
                error={props.errors[`attendee.${ticket.id}.email`]}
              />
            </fieldset>
          ))}
          <fieldset>
            <legend>Your details</legend>
            <BuyerFields
              form={{ values: props.values, errors: props.errors }}
              emailHint="Your tickets are sent here."
            />
          </fieldset>
          {props.isFree ? (
            <p className="muted">These tickets are free: there is nothing to pay.</p>
          ) : (
            <PaymentMethodChoices legend="Pay" providers={props.providers} />
          )}
          <div className="actions">
            <button type="submit" className="primary">
              {props.isFree ? 'Get tickets' : `Pay ${props.total}`}
            </button>
          </div>
        </form>
        <ReturnLinks links={props.links} />
      </main>
    </Document>
  )
}
