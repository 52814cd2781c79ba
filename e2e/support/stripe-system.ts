import {
  type E2eSystem,
  type Service,
  startService,
  startSystem,
  stopService,
  waitForHttp,
} from '../global-setup'
import { findFreePort } from './storefront-process'

/** The keys the Stripe stories' platform and local Stripe share (test keys of no account). */
const SECRET_KEY = 'sk_test_aisleE2eLocalStripe0123456789'
const WEBHOOK_SECRET = 'whsec_aisleE2eLocalStripe0123456789'

/** A platform that takes payments through Stripe, with the local Stripe beside it, and its storefront. */
export interface StripeSystem extends E2eSystem {
  /** The local Stripe's origin: its API and its hosted payment page. */
  stripeUrl: string
  /** Asks the local Stripe's API as the official library does (form-encoded, the secret key). */
  stripeApi(method: 'GET' | 'POST', path: string, fields?: Record<string, string>): Promise<unknown>
  /** Stops everything it started; a second call does nothing. */
  stop(): Promise<void>
}

/**
 * Starts a system of its own for the Stripe stories (decision 067): the local Stripe
 * (`npm run local-stripe -w @aisle/platform`) and a platform on a fresh database with `STRIPE_SECRET_KEY`,
 * `STRIPE_WEBHOOK_SECRET` and `STRIPE_API_BASE` pointing at it, each on a free loopback port, and a
 * storefront on that platform. The suite's systems keep the test card; this one offers Stripe first.
 */
export async function startStripeSystem(): Promise<StripeSystem> {
  const apiUrl = `http://127.0.0.1:${await findFreePort()}`
  const stripePort = await findFreePort()
  const stripeUrl = `http://127.0.0.1:${stripePort}`
  const started: { stripe?: Service; system?: E2eSystem & { stop: () => Promise<void> } } = {}
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      await started.system?.stop()
      if (started.stripe) await stopService(started.stripe)
    })()
    return stopping
  }
  try {
    const keys = { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }
    started.stripe = startService('local Stripe', ['run', 'local-stripe', '-w', '@aisle/platform'], {
      ...keys,
      LOCAL_STRIPE_PORT: String(stripePort),
      // Where it posts its signed webhooks: the platform's /payments/v1/notifications/stripe.
      PUBLIC_URL: apiUrl,
    })
    await waitForHttp(`${stripeUrl}/pay/none`, started.stripe, (status) => status === 404)
    started.system = await startSystem({ apiUrl, platformEnv: { ...keys, STRIPE_API_BASE: stripeUrl } })
  } catch (error) {
    await stop()
    throw error
  }
  const { storefrontUrl } = started.system
  return {
    storefrontUrl,
    apiUrl,
    stripeUrl,
    async stripeApi(method, path, fields = {}) {
      const form = new URLSearchParams(fields).toString()
      const response = await fetch(`${stripeUrl}${path}${method === 'GET' && form ? `?${form}` : ''}`, {
        method,
        headers: {
          authorization: `Bearer ${SECRET_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        ...(method === 'POST' ? { body: form } : {}),
      })
      const body = await response.json()
      if (!response.ok) throw new Error(`local Stripe answered ${response.status}: ${JSON.stringify(body)}`)
      return body
    },
    stop,
  }
}
