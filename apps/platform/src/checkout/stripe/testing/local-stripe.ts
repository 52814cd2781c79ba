import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { authenticationPage, cardPage, messagePage } from './local-stripe-pages.ts'
import { type FormValue, parseStripeForm, textAt } from './stripe-form-body.ts'

/**
 * A local stand-in for the parts of Stripe the platform's provider uses, so that tests and development
 * need no internet (decision 061). It answers as Stripe's API reference documents: form-encoded bodies
 * with brackets, `Authorization: Bearer <secret key>`, `Idempotency-Key` (the same key and body answer the
 * first answer again with `Idempotent-Replayed: true`; the same key with another body is a 400
 * `idempotency_error`), error objects `{ error: { type, code, message, param } }`, `expand[]`, lists.
 * Endpoints: `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`, `GET /v1/checkout/sessions`
 * (`payment_intent`), `POST /v1/checkout/sessions/:id/expire`, `POST /v1/refunds` (as the provider makes them,
 * or as Stripe's dashboard would: without the platform's metadata), `GET /v1/refunds` (`payment_intent`, `charge`). Its hosted page
 * (`/pay/:sessionId`) takes Stripe's test cards, and it posts webhooks signed with Stripe's scheme.
 */
export interface LocalStripe {
  /** `http://127.0.0.1:<port>`: the API and the hosted page. */
  url: string
  /** The official library's options that point it here. */
  apiOptions: { host: string; port: number; protocol: 'http' }
  /** Events made so far, oldest first (delivered or held). */
  events(): StripeEvent[]
  /** Events held back (`webhooks: 'hold'`), not delivered yet. */
  heldEvents(): StripeEvent[]
  /** Delivers an event (again, or for the first time), signed as Stripe signs it. */
  deliver(eventId: string): Promise<number>
  /** Whether events are posted as they happen (`send`) or held until `deliver` (`hold`). */
  setWebhooks(mode: 'send' | 'hold'): void
  /** The next `count` requests to a path that starts with `pathPrefix` answer 500 `api_error`, doing nothing. */
  failNext(pathPrefix: string, count: number): void
  sessions(): CheckoutSession[]
  refunds(): Refund[]
  /** Posts the hosted page's card form as a browser would; answers where the page sends the shopper. */
  pay(
    sessionId: string,
    cardNumber: string,
  ): Promise<{ status: number; location: string | undefined; html: string }>
  /** Answers the 3-D Secure step as a browser would (`approve` or `fail`). */
  authenticate(
    sessionId: string,
    decision: 'approve' | 'fail',
  ): Promise<{ status: number; location: string | undefined }>
  close(): Promise<void>
}

export interface LocalStripeOptions {
  secretKey: string
  webhookSecret: string
  /** Where webhooks go (the platform's `/payments/v1/notifications/stripe`); none when left out. */
  webhookUrl?: string
  /** Sends a webhook request; `fetch` by default (a test passes its app's `request`). */
  deliver?: (request: Request) => Promise<Response>
  webhooks?: 'send' | 'hold'
  port?: number
  /** The time it stamps objects and signs webhooks with (the platform's test clock); the real time by default. */
  now?: () => Date
}

interface PaymentIntent {
  id: string
  object: 'payment_intent'
  amount: number
  currency: string
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled'
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null
  latest_charge: string | null
  metadata: Record<string, FormValue>
  created: number
  livemode: false
}

interface Charge {
  id: string
  object: 'charge'
  amount: number
  amount_refunded: number
  currency: string
  refunded: boolean
  status: 'succeeded'
  paid: true
  payment_intent: string
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } }
  created: number
  livemode: false
}

export interface CheckoutSession {
  id: string
  object: 'checkout.session'
  amount_total: number
  currency: string
  client_reference_id: string | null
  metadata: Record<string, FormValue>
  mode: string
  payment_intent: string | null
  payment_status: 'unpaid' | 'paid'
  status: 'open' | 'complete' | 'expired'
  success_url: string
  cancel_url: string | null
  url: string | null
  expires_at: number
  created: number
  livemode: false
}

export interface Refund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  charge: string
  payment_intent: string
  status: 'succeeded'
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null
  metadata: Record<string, FormValue>
  created: number
}

export interface StripeEvent {
  id: string
  object: 'event'
  api_version: string
  created: number
  type: string
  data: { object: unknown }
  livemode: false
  pending_webhooks: number
}

/** Stripe's test cards (https://docs.stripe.com/testing). */
export const STRIPE_TEST_CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  /** Asks for 3-D Secure approval on every payment. */
  authenticates: '4000002760003184',
} as const

const API_VERSION = '2026-10-28.endive'

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string; decline_code?: string },
  ) {
    super(body.message)
  }
}

const missing = (param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  })

const noSuch = (kind: string, id: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such ${kind}: '${id}'`,
  })

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`
}

/** Stripe's webhook signature: `t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<payload>" under the secret>`. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${signature}`
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** Starts the local Stripe on a free port of 127.0.0.1 (or `port`). */
export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const sessions = new Map<string, CheckoutSession>()
  const intents = new Map<string, PaymentIntent>()
  const charges = new Map<string, Charge>()
  const refunds = new Map<string, Refund>()
  const events: StripeEvent[] = []
  const held = new Set<string>()
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>()
  const faults: { prefix: string; count: number }[] = []
  let webhookMode = options.webhooks ?? 'send'
  const deliverRequest = options.deliver ?? ((request: Request) => fetch(request))
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000)
  let url = ''

  function emit(type: string, object: unknown): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      type,
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
    }
    events.push(event)
    held.add(event.id)
    return event
  }

  async function deliver(eventId: string): Promise<number> {
    const event = events.find((candidate) => candidate.id === eventId)
    if (!event || !options.webhookUrl) return 0
    held.delete(eventId)
    const payload = JSON.stringify(event, null, 2)
    const response = await deliverRequest(
      new Request(options.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignatureHeader(payload, options.webhookSecret, now()),
        },
        body: payload,
      }),
    )
    await response.arrayBuffer()
    return response.status
  }

  /** Sends what happened, unless webhooks are held; a refused delivery is Stripe's to retry, not the page's. */
  async function announce(made: StripeEvent[]) {
    if (webhookMode === 'hold') return
    for (const event of made) await deliver(event.id).catch(() => 0)
  }

  function expanded(object: CheckoutSession, expand: string[]): unknown {
    const copy: Record<string, unknown> = { ...object }
    if (expand.includes('payment_intent') && object.payment_intent) {
      const intent: Record<string, unknown> = { ...intents.get(object.payment_intent) }
      if (expand.includes('payment_intent.latest_charge') && intent.latest_charge)
        intent.latest_charge = charges.get(intent.latest_charge as string)
      copy.payment_intent = intent
    }
    return copy
  }

  function expandOf(form: Record<string, FormValue>): string[] {
    const value = form.expand
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  }

  function createSession(form: Record<string, FormValue>): CheckoutSession {
    if (!textAt(form, 'mode')) throw missing('mode')
    if (!textAt(form, 'success_url')) throw missing('success_url')
    const line = { currency: textAt(form, 'line_items', 0, 'price_data', 'currency') }
    const unitAmount = textAt(form, 'line_items', 0, 'price_data', 'unit_amount')
    const quantity = Number(textAt(form, 'line_items', 0, 'quantity') ?? '1')
    if (!line.currency || unitAmount === undefined) throw missing('line_items')
    if (!/^[0-9]+$/.test(unitAmount) || Number(unitAmount) < 1)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'line_items[0][price_data][unit_amount]',
        message: 'Invalid integer: must be a positive amount in the currency’s smallest unit.',
      })
    const id = `cs_test_${randomBytes(24).toString('hex')}`
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_total: Number(unitAmount) * quantity,
      currency: line.currency.toLowerCase(),
      client_reference_id: textAt(form, 'client_reference_id') ?? null,
      metadata: (form.metadata as Record<string, FormValue>) ?? {},
      mode: textAt(form, 'mode') ?? 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: textAt(form, 'success_url') ?? '',
      cancel_url: textAt(form, 'cancel_url') ?? null,
      url: `${url}/pay/${id}`,
      expires_at: Number(textAt(form, 'expires_at') ?? now() + 24 * 3600),
      created: now(),
      livemode: false,
    }
    sessions.set(id, session)
    const intentMetadata = (form.payment_intent_data as Record<string, FormValue> | undefined)?.metadata
    pendingIntentMetadata.set(id, (intentMetadata as Record<string, FormValue>) ?? {})
    return session
  }
  const pendingIntentMetadata = new Map<string, Record<string, FormValue>>()

  function intentOf(session: CheckoutSession): PaymentIntent {
    const existing = session.payment_intent ? intents.get(session.payment_intent) : undefined
    if (existing) return existing
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      currency: session.currency,
      status: 'requires_payment_method',
      last_payment_error: null,
      latest_charge: null,
      metadata: pendingIntentMetadata.get(session.id) ?? {},
      created: now(),
      livemode: false,
    }
    intents.set(intent.id, intent)
    session.payment_intent = intent.id
    return intent
  }

  function succeed(session: CheckoutSession, intent: PaymentIntent, last4: string): StripeEvent[] {
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      refunded: false,
      status: 'succeeded',
      paid: true,
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card: { brand: 'visa', last4 } },
      created: now(),
      livemode: false,
    }
    charges.set(charge.id, charge)
    intent.status = 'succeeded'
    intent.last_payment_error = null
    intent.latest_charge = charge.id
    session.status = 'complete'
    session.payment_status = 'paid'
    session.url = null
    return [emit('payment_intent.succeeded', intent), emit('checkout.session.completed', session)]
  }

  function decline(intent: PaymentIntent, error: NonNullable<PaymentIntent['last_payment_error']>) {
    intent.status = 'requires_payment_method'
    intent.last_payment_error = error
    return [emit('payment_intent.payment_failed', intent)]
  }

  function createRefund(form: Record<string, FormValue>): Refund {
    const intentId = textAt(form, 'payment_intent')
    const chargeId = textAt(form, 'charge')
    const intent = intentId ? intents.get(intentId) : undefined
    if (intentId && !intent) throw noSuch('payment_intent', intentId)
    const charge = charges.get(chargeId ?? intent?.latest_charge ?? '')
    if (!charge) {
      if (!intentId && !chargeId) throw missing('payment_intent')
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      })
    }
    const left = charge.amount - charge.amount_refunded
    if (charge.refunded || left === 0)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      })
    const amountText = textAt(form, 'amount')
    const amount = amountText === undefined ? left : Number(amountText)
    if (!Number.isSafeInteger(amount) || amount < 1)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'This value must be greater than or equal to 1.',
      })
    if (amount > left)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
      })
    const reason = textAt(form, 'reason')
    if (reason !== undefined && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason))
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_string',
        param: 'reason',
        message: `Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`,
      })
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      reason: (reason as Refund['reason']) ?? null,
      metadata: (form.metadata as Record<string, FormValue>) ?? {},
      created: now(),
    }
    refunds.set(refund.id, refund)
    charge.amount_refunded += amount
    charge.refunded = charge.amount_refunded === charge.amount
    emit('charge.refunded', charge)
    return refund
  }

  /** The API: one answer per request, as JSON, or a Stripe error object. */
  async function api(method: string, path: string, form: Record<string, FormValue>): Promise<unknown> {
    const sessionPath = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/)
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form)
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const intentId = textAt(form, 'payment_intent')
      const data = [...sessions.values()]
        .filter((session) => !intentId || session.payment_intent === intentId)
        .reverse()
        .map((session) =>
          expanded(
            session,
            expandOf(form).map((item) => item.replace(/^data\./, '')),
          ),
        )
      return { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' }
    }
    if (sessionPath) {
      const session = sessions.get(sessionPath[1] ?? '')
      if (!session) throw noSuch('checkout.session', sessionPath[1] ?? '')
      if (method === 'GET' && !sessionPath[2]) return expanded(session, expandOf(form))
      if (method === 'POST' && sessionPath[2]) {
        if (session.status !== 'open')
          throw new StripeApiError(400, {
            type: 'invalid_request_error',
            message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
          })
        session.status = 'expired'
        session.url = null
        await announce([emit('checkout.session.expired', session)])
        return expanded(session, expandOf(form))
      }
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const intentId = textAt(form, 'payment_intent')
      const chargeId = textAt(form, 'charge')
      const data = [...refunds.values()]
        .filter(
          (refund) =>
            (!intentId || refund.payment_intent === intentId) && (!chargeId || refund.charge === chargeId),
        )
        .reverse()
      return { object: 'list', data, has_more: false, url: '/v1/refunds' }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const refund = createRefund(form)
      await announce(events.slice(-1))
      return refund
    }
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    })
  }

  function send(
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, {
      'content-type': body.startsWith('{') ? 'application/json' : 'text/html; charset=utf-8',
      'request-id': newId('req'),
      ...headers,
    })
    response.end(body)
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, path: string, query: string) {
    const method = request.method ?? 'GET'
    const text = method === 'GET' ? query : await readBody(request)
    const authorization = request.headers.authorization ?? ''
    if (authorization !== `Bearer ${options.secretKey}`) {
      const given = authorization.replace(/^Bearer /, '')
      return send(
        response,
        401,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`,
          },
        }),
      )
    }
    const fault = faults.find((candidate) => candidate.count > 0 && path.startsWith(candidate.prefix))
    if (fault) {
      fault.count -= 1
      return send(
        response,
        500,
        JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }),
        { 'stripe-should-retry': 'true' },
      )
    }
    const key = method === 'POST' ? request.headers['idempotency-key'] : undefined
    const fingerprint = createHash('sha256').update(`${method} ${path}\n${text}`).digest('hex')
    if (typeof key === 'string') {
      const earlier = idempotent.get(key)
      if (earlier && earlier.fingerprint !== fingerprint)
        return send(
          response,
          400,
          JSON.stringify({
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          }),
        )
      if (earlier)
        return send(response, earlier.status, earlier.body, {
          'idempotency-key': key,
          'idempotent-replayed': 'true',
        })
    }
    let status = 200
    let body: string
    try {
      body = JSON.stringify(await api(method, path, parseStripeForm(text)))
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error
      status = error.status
      body = JSON.stringify({ error: error.body })
    }
    // Stripe keeps the answer of a request that ran, success or error, for its key.
    if (typeof key === 'string') idempotent.set(key, { fingerprint, status, body })
    return send(response, status, body, typeof key === 'string' ? { 'idempotency-key': key } : {})
  }

  /** The hosted payment page's steps; each ends on the page again or at the session's return URLs. */
  async function handlePage(request: IncomingMessage, response: ServerResponse, path: string) {
    const match = path.match(/^\/pay\/([^/]+)(\/authenticate)?$/)
    const session = match ? sessions.get(match[1] ?? '') : undefined
    if (!match || !session)
      return send(response, 404, messagePage('Page not found', 'This payment link is not valid.'))
    const page = (html: string, status = 200) => send(response, status, html)
    const redirect = (location: string) => {
      response.writeHead(303, { location })
      response.end()
    }
    const successUrl = () => session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id)
    if (session.status === 'complete') return redirect(successUrl())
    if (session.status === 'expired')
      return page(messagePage('This page has expired', 'Go back to the shop and start paying again.'), 410)
    const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined
    if (request.method === 'GET')
      return page(
        intent?.status === 'requires_action'
          ? authenticationPage(session)
          : cardPage(session, { error: intent?.last_payment_error?.message }),
      )
    const form = new URLSearchParams(await readBody(request))
    if (match[2]) {
      if (!intent || intent.status !== 'requires_action') return redirect(`/pay/${session.id}`)
      const made =
        form.get('decision') === 'approve'
          ? succeed(session, intent, STRIPE_TEST_CARDS.authenticates.slice(-4))
          : decline(intent, {
              type: 'card_error',
              code: 'payment_intent_authentication_failure',
              message:
                'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            })
      await announce(made)
      return made.some((event) => event.type === 'checkout.session.completed')
        ? redirect(successUrl())
        : redirect(`/pay/${session.id}`)
    }
    const number = (form.get('cardNumber') ?? '').replace(/[\s-]/g, '')
    if (!/^[0-9]{12,19}$/.test(number))
      return page(cardPage(session, { error: 'Your card number is incomplete.' }), 400)
    const paying = intentOf(session)
    if (number === STRIPE_TEST_CARDS.authenticates) {
      paying.status = 'requires_action'
      paying.last_payment_error = null
      return redirect(`/pay/${session.id}`)
    }
    if (number === STRIPE_TEST_CARDS.succeeds) {
      await announce(succeed(session, paying, number.slice(-4)))
      return redirect(successUrl())
    }
    const declined =
      number === STRIPE_TEST_CARDS.declines
        ? {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          }
        : { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' }
    await announce(decline(paying, declined))
    return page(cardPage(session, { error: declined.message }), 402)
  }

  const server: Server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://local')
    const handler = target.pathname.startsWith('/v1/')
      ? handleApi(request, response, target.pathname, target.search.slice(1))
      : handlePage(request, response, target.pathname)
    handler.catch((error: unknown) => {
      if (!response.headersSent)
        send(response, 500, JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
      else response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  url = `http://127.0.0.1:${port}`

  async function post(path: string, fields: Record<string, string>) {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })
    return {
      status: response.status,
      location: response.headers.get('location') ?? undefined,
      html: await response.text(),
    }
  }

  return {
    url,
    apiOptions: { host: '127.0.0.1', port, protocol: 'http' },
    events: () => [...events],
    heldEvents: () => events.filter((event) => held.has(event.id)),
    deliver,
    setWebhooks(mode) {
      webhookMode = mode
    },
    failNext(prefix, count) {
      faults.push({ prefix, count })
    },
    sessions: () => [...sessions.values()],
    refunds: () => [...refunds.values()],
    pay: (sessionId, cardNumber) => post(`/pay/${sessionId}`, { cardNumber }),
    authenticate: (sessionId, decision) => post(`/pay/${sessionId}/authenticate`, { decision }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
