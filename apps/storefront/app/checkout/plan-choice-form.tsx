import { Form } from 'react-router'
import { SubmitButton } from '../rendering/submit-button'
import { type CoveredLine, PLAN_CHOICE_INTENT } from './plan-choice'

/** "Use my plan Stationery club (4 sessions left)", or "(unlimited sessions)". */
function planLabel(plan: CoveredLine['plans'][number]): string {
  const left =
    plan.sessionsLeft === undefined
      ? 'unlimited sessions'
      : `${plan.sessionsLeft} session${plan.sessionsLeft === 1 ? '' : 's'} left`
  return `Use my plan ${plan.name} (${left})`
}

/**
 * For a signed-in member whose plans cover cart lines: per covered line, a plan that pays it or "Pay
 * normally" (the default: no plan pays unasked, decision 051). A plain form posted to the cart page, so
 * it works without JavaScript; the estimate and the checkout then take the choice along.
 */
export function PlanChoiceForm(props: { lines: readonly CoveredLine[]; names: ReadonlyMap<string, string> }) {
  return (
    <Form method="post" action="/cart" className="plan-choice" preventScrollReset>
      <input type="hidden" name="intent" value={PLAN_CHOICE_INTENT} />
      <h2 className="plan-choice-heading">Your plans</h2>
      {props.lines.map((line) => (
        <fieldset key={line.lineItemId}>
          <legend>{props.names.get(line.lineItemId) ?? 'Item'}</legend>
          {line.plans.map((plan) => (
            <label key={plan.membershipId} className="plan-option">
              <input
                type="radio"
                name={`plan.${line.lineItemId}`}
                value={plan.membershipId}
                defaultChecked={line.chosen === plan.membershipId}
              />
              {planLabel(plan)}
            </label>
          ))}
          <label className="plan-option">
            <input
              type="radio"
              name={`plan.${line.lineItemId}`}
              value=""
              defaultChecked={line.chosen === undefined}
            />
            Pay normally
          </label>
        </fieldset>
      ))}
      <SubmitButton className="button button-secondary" pendingLabel="Saving…">
        Update plan choice
      </SubmitButton>
    </Form>
  )
}
