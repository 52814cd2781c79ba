import type { AisleModule, AisleModules } from '../client.js'
import { AisleError, invalidArgument } from '../http/aisle-error.js'
import { fromWire, type NumberFields, noNumberFields } from '../http/wire-transform.js'
import { createRememberedIds } from '../webhooks/remembered-ids.js'
import { readWebhookHeader, verifyWebhook } from '../webhooks/verify-webhook.js'
import type {
  ReceivedWebhookEvent,
  WebhookEventType,
  WebhookHeaders,
  WebhookProcessResult,
  WebhooksModule,
} from '../webhooks/webhook-events.js'
import { collectionNumberFields, collections } from './collections.js'
import { cartNumberFields, currentCart } from './current-cart.js'
import { productNumberFields, products } from './products.js'
import { redirects } from './redirects.js'

/** Options of {@link webhooks}. */
export interface WebhooksOptions {
  /**
   * The secret of the webhook endpoint (`whsec_...`, shown when the endpoint is created or its secret
   * rotated), or several: a delivery verifies when it is signed with any one of them.
   */
  secret: string | readonly string[]
  /** How far `webhook-timestamp` may be from now, either way, in seconds. Default 300. */
  toleranceSeconds?: number
  /**
   * How many event ids to remember to drop duplicates by: the most recent ones, so memory stays
   * bounded. Default 1000; a delivery retried after more events than that is processed again.
   */
  rememberedIds?: number
  /** The current time, for the timestamp check; defaults to `new Date()` at each delivery. */
  now?: () => Date
}

type Handler = (event: never) => void | Promise<void>

// The `on<Event>` calls the webhooks module adds to the modules of its client, and their number fields.
const subscriptions = new Map<AisleModule, Record<string, WebhookEventType>>([
  [
    currentCart,
    { onCartCreated: 'cart.created', onCartUpdated: 'cart.updated', onCartDeleted: 'cart.deleted' },
  ],
  [
    products,
    {
      onProductCreated: 'product.created',
      onProductChanged: 'product.changed',
      onProductDeleted: 'product.deleted',
      onProductVariantsChanged: 'product.variants_changed',
    },
  ],
  [
    collections,
    {
      onCollectionCreated: 'collection.created',
      onCollectionChanged: 'collection.changed',
      onCollectionDeleted: 'collection.deleted',
    },
  ],
  [redirects, { onRedirectSessionCreated: 'redirect_session.created' }],
])
const numberFieldsByEntity: Readonly<Record<string, NumberFields>> = {
  cart: cartNumberFields,
  product: productNumberFields,
  collection: collectionNumberFields,
}

/**
 * Creates the webhooks module; pass it in `modules` to get `client.webhooks.process` and the
 * `on<Event>` calls of `currentCart`, `products`, `collections` and `redirects` (spec section 4). It
 * belongs on a server: a storefront's browser bundle leaves it out.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` without a secret, or for a tolerance or id count that is not
 * a non-negative number or a positive integer.
 * @example
 * ```ts
 * const client = createClient({
 *   auth: ApiKeyStrategy({ apiKey, siteId }),
 *   modules: { currentCart, products, webhooks: webhooks({ secret: process.env.AISLE_WEBHOOK_SECRET! }) },
 *   baseUrl,
 * })
 * client.currentCart.onCartCreated(async ({ data: cart, identity }) => audit(cart._id, identity))
 * app.post('/webhooks/aisle', async (c) => {
 *   await client.webhooks.process(c.req.raw)
 *   return c.body(null, 204)
 * })
 * ```
 */
export function webhooks(options: WebhooksOptions): AisleModule<WebhooksModule> {
  const secrets = typeof options?.secret === 'string' ? [options.secret] : [...(options?.secret ?? [])]
  if (secrets.length === 0 || secrets.some((secret) => typeof secret !== 'string' || secret === '')) {
    throw invalidArgument('"secret" must be the endpoint\'s secret (whsec_...) or a non-empty list of them')
  }
  const toleranceSeconds = options.toleranceSeconds ?? 300
  if (!(Number.isFinite(toleranceSeconds) && toleranceSeconds >= 0)) {
    throw invalidArgument(`"toleranceSeconds" must be a non-negative number, got ${String(toleranceSeconds)}`)
  }
  const limit = options.rememberedIds ?? 1000
  if (!(Number.isInteger(limit) && limit > 0)) {
    throw invalidArgument(`"rememberedIds" must be a positive integer, got ${String(limit)}`)
  }

  return (_http, context) => {
    const handlers = new Map<string, Handler[]>()
    const remembered = createRememberedIds(limit)
    context.afterCreate.push((client, modules) => addSubscriptions(client, modules, handlers))

    async function processDelivery(rawBody: string | Uint8Array, headers: WebhookHeaders) {
      const now = options.now?.()
      const event = toReceivedEvent(
        await verifyWebhook(
          secrets,
          rawBody,
          headers,
          now ? { toleranceSeconds, now } : { toleranceSeconds },
        ),
      )
      // Signed with the body, and the same on every retry and replay of the event.
      const id = readWebhookHeader(headers, 'webhook-id') ?? event._id
      if (remembered.has(id)) return { status: 'DUPLICATE', event } satisfies WebhookProcessResult
      const registered = [...(handlers.get(event.type) ?? [])]
      // Remembered before the handlers run, so a delivery of the same id meanwhile is a duplicate.
      remembered.add(id)
      try {
        for (const handler of registered) await handler(event as never)
      } catch (error) {
        remembered.delete(id)
        throw error
      }
      return { status: registered.length > 0 ? 'HANDLED' : 'UNHANDLED', event } satisfies WebhookProcessResult
    }

    return {
      async process(input: Request | string | Uint8Array, headers?: WebhookHeaders) {
        if (typeof input === 'string' || input instanceof Uint8Array) {
          if (headers === undefined) throw invalidArgument('"headers" are required with a raw body')
          return processDelivery(input, headers)
        }
        if (typeof input?.arrayBuffer !== 'function' || input.headers === undefined) {
          throw invalidArgument('"request" must be a Request, or pass the raw body and its headers')
        }
        return processDelivery(new Uint8Array(await input.arrayBuffer()), input.headers)
      },
    } as WebhooksModule
  }
}

// Adds the `on<Event>` calls to each module of the client that has events, found by its module
// function (so a module under any name gets them).
function addSubscriptions(
  client: Readonly<Record<string, unknown>>,
  modules: AisleModules,
  handlers: Map<string, Handler[]>,
): void {
  for (const [name, module] of Object.entries(modules)) {
    const calls = subscriptions.get(module)
    const target = client[name]
    if (!calls || typeof target !== 'object' || target === null) continue
    for (const [method, type] of Object.entries(calls)) {
      Object.defineProperty(target, method, {
        enumerable: true,
        value: (handler: Handler) => {
          if (typeof handler !== 'function')
            throw invalidArgument(`"handler" of ${method} must be a function`)
          handlers.set(type, [...(handlers.get(type) ?? []), handler])
          return () => {
            handlers.set(
              type,
              (handlers.get(type) ?? []).filter((registered) => registered !== handler),
            )
          }
        },
      })
    }
  }
}

// The verified body as handlers get it: an event envelope with the wire transforms applied, the number
// fields being those of the entity the event is about.
function toReceivedEvent(body: unknown): ReceivedWebhookEvent {
  const envelope = body as Partial<Record<keyof ReceivedWebhookEvent | 'id', unknown>> | null
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    typeof envelope.id !== 'string' ||
    typeof envelope.type !== 'string'
  ) {
    throw new AisleError({
      code: 'WEBHOOK_VERIFICATION_FAILED',
      message: 'The webhook body is not an event',
      retryable: false,
    })
  }
  const entity = envelope.type.slice(0, envelope.type.indexOf('.'))
  const numberFields = Object.hasOwn(numberFieldsByEntity, entity)
    ? (numberFieldsByEntity[entity] as NumberFields)
    : noNumberFields
  return fromWire(envelope, numberFields) as ReceivedWebhookEvent
}
