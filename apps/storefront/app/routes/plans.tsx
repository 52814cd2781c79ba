import { isAisleError } from '@aisle/sdk'
import { data, Form, redirect } from 'react-router'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { openRedirectSession } from '../platform/redirect-session.server'
import { toRequestOrigin } from '../platform/same-origin'
import { toShopperError } from '../platform/shopper-error'
import { SubmitButton } from '../rendering/submit-button'
import { toPrivatePageMeta } from '../seo/page-meta'
import { toPlanView } from '../store/plan-view'
import type { Route } from './+types/plans'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Plans')
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

/** The plans the shop sells (the SDK's public read, decision 051). */
export async function loader({ context }: Route.LoaderArgs) {
  const { client } = getAisle(context)
  const { plans } = await client.memberships.listPublicPlans()
  return { plans: plans.map(toPlanView) }
}

/**
 * "Buy" (or "Get it free") posts the plan here: a `paidPlansCheckout` redirect session sends the shopper to the platform's
 * plan checkout, which brings them back to their account once the plan is theirs (a visitor signs in or
 * signs up there first, and comes back to the plan).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { client } = getAisle(context)
  const planId = (await request.formData()).get('planId')
  if (typeof planId !== 'string' || !/^[0-9a-f-]{36}$/i.test(planId))
    return data({ title: 'Choose a plan', message: 'Please choose one of the plans below.' }, { status: 400 })
  const origin = toRequestOrigin(request)
  try {
    const url = await openRedirectSession(
      client,
      { paidPlansCheckout: { planId } },
      origin
        ? {
            postFlowUrl: `${origin}/account`,
            planListUrl: `${origin}/plans`,
            loginUrl: `${origin}/account/login`,
          }
        : undefined,
    )
    if (url) return redirect(url)
    return data(toShopperError(500), { status: 502 })
  } catch (error) {
    if (!isAisleError(error)) throw error
    return data(toShopperError(error.status, error.code), { status: 409 })
  }
}

export default function PlansPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="plans-page">
      <h1>Plans</h1>
      <p>Buy a plan, then choose it at checkout: each session pays for one item the plan covers.</p>
      {actionData && (
        <p role="alert" className="plans-problem">
          {actionData.message}
        </p>
      )}
      {loaderData.plans.length === 0 ? (
        <p>The shop offers no plans right now.</p>
      ) : (
        <ul className="plans-grid">
          {loaderData.plans.map((plan) => (
            <li key={plan.id} className="plan-card">
              <h2>{plan.name}</h2>
              {plan.description && <p>{plan.description}</p>}
              <p className="plan-price">{plan.price}</p>
              <p className="plan-terms">
                {plan.sessions} · {plan.duration}
              </p>
              <Form method="post">
                <input type="hidden" name="planId" value={plan.id} />
                <SubmitButton className="button" pendingLabel="Opening…">
                  {plan.action}
                  <span className="visually-hidden"> {plan.name}</span>
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
