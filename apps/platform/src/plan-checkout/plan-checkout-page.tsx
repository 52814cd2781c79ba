import type { PaymentProvider } from '../checkout/payment-provider.ts'
import { PaymentMethodChoices } from '../checkout/payments/payment-method-choices.tsx'
import { Document } from '../pages/document.tsx'
import { CsrfField } from '../pages/form-controls.tsx'
import type { PlanRow } from '../plans/plan-store.ts'
import { type ReturnLink, ReturnLinks } from '../redirects/hosted/hosted-redirect-pages.tsx'
import { durationWords, sessionWords } from './plan-words.ts'

export interface PlanCheckoutPageProps {
  siteName: string
  plan: PlanRow
  /** The plan's price as the shopper reads it ("$25.00", "Free"). */
  price: string
  /** Names of the products and collections the plan covers. */
  covers: { products: readonly string[]; collections: readonly string[]; services: readonly string[] }
  /** Where the buy form posts. */
  action: string
  /** A visitor's page: where the sign-in and sign-up buttons post, shown instead of the buy form. */
  signInAction?: string | undefined
  csrfToken: string
  /** One fresh key per page, so a second press of the same page is the same payment. */
  paymentKey: string
  /** The ways to pay by card; none for a free plan. */
  providers: readonly Pick<PaymentProvider, 'id' | 'title' | 'description'>[]
  links: readonly (ReturnLink | undefined)[]
  problem?: string | undefined
  /** Why the member may not buy it (bought as many times as one member may): said instead of the button. */
  refusal?: string | undefined
}

/** The hosted plan checkout: the plan (price, cover, sessions, duration) and the button that buys it. */
export function PlanCheckoutPage(props: PlanCheckoutPageProps) {
  const { plan } = props
  const isFree = Number(plan.price_minor) === 0
  return (
    <Document title={`${plan.name} · ${props.siteName}`}>
      <main id="main">
        <p className="muted">{props.siteName}</p>
        {props.problem && (
          <p className="problem" role="alert">
            {props.problem}
          </p>
        )}
        <h1>{plan.name}</h1>
        <p className="price" data-plan-price>
          {props.price}
        </p>
        {plan.description && <p>{plan.description}</p>}
        <dl>
          <div>
            <dt>Covers</dt>
            <dd data-plan-covers>
              {[
                ...props.covers.products,
                ...props.covers.collections.map((name) => `all of ${name}`),
                ...props.covers.services.map((name) => `bookings of ${name}`),
              ].join(', ') || 'nothing yet'}
            </dd>
          </div>
          <div>
            <dt>Sessions</dt>
            <dd>
              {sessionWords(plan.sessions)}: each item the plan pays for uses one (two of a product use two)
            </dd>
          </div>
          {plan.max_purchases_per_member !== null && (
            <div>
              <dt>Limit</dt>
              <dd>
                {plan.max_purchases_per_member === 1
                  ? 'Once per member'
                  : `${plan.max_purchases_per_member} times per member`}
              </dd>
            </div>
          )}
          <div>
            <dt>Duration</dt>
            <dd>{durationWords(plan)} from today</dd>
          </div>
        </dl>
        {props.refusal ? (
          <p className="notice" role="status" data-plan-refusal>
            {props.refusal}.
          </p>
        ) : props.signInAction ? (
          <form method="post" action={props.signInAction} data-plan-sign-in>
            <CsrfField token={props.csrfToken} />
            <p>Plans are held by members: sign in or create an account, then come back here to buy it.</p>
            <div className="actions">
              <button type="submit" name="form" value="login" className="primary">
                Sign in to buy
              </button>
              <button type="submit" name="form" value="signup">
                Create an account
              </button>
            </div>
          </form>
        ) : !isFree && props.providers.length === 0 ? (
          <p className="warning" role="note">
            This shop takes no card payments yet, so this plan cannot be bought here.
          </p>
        ) : (
          <form method="post" action={props.action}>
            <CsrfField token={props.csrfToken} />
            <input type="hidden" name="paymentKey" value={props.paymentKey} />
            {!isFree && <PaymentMethodChoices legend="Pay with" providers={props.providers} />}
            <div className="actions">
              <button type="submit" className="primary">
                {isFree ? 'Get this plan' : `Buy for ${props.price}`}
              </button>
            </div>
          </form>
        )}
        <ReturnLinks links={props.links} />
      </main>
    </Document>
  )
}

/** The page after the plan is the member's: what they now hold. */
export function PlanBoughtPage(props: {
  siteName: string
  plan: PlanRow
  expirationDate: Date | null
  links: readonly (ReturnLink | undefined)[]
}) {
  return (
    <Document title={`${props.plan.name} is yours · ${props.siteName}`}>
      <main id="main">
        <p className="muted">{props.siteName}</p>
        <h1>{props.plan.name} is yours</h1>
        <p className="notice" role="status">
          You now hold {props.plan.name}: {sessionWords(props.plan.sessions)}
          {props.expirationDate
            ? `, until ${props.expirationDate.toISOString().slice(0, 10)}`
            : ', with no end'}
          . Items it covers cost nothing in your cart when you choose it.
        </p>
        <ReturnLinks links={props.links} />
      </main>
    </Document>
  )
}
