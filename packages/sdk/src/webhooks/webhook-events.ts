// The events of spec section 4 as the platform delivers them (apps/platform/src/webhooks/delivery-worker.ts
// `toWebhookBody`, the payloads recorded beside each change), after the SDK's wire transforms.

import type { CollectionsModule } from '../modules/collections.js'
import type { CurrentCartModule } from '../modules/current-cart.js'
import type { ProductsModule } from '../modules/products.js'
import type { RedirectsModule } from '../modules/redirects.js'
import type { Cart } from '../types/cart.js'
import type { Collection } from '../types/collection.js'
import type { LocationType } from '../types/enumerations.js'
import type { Product } from '../types/product.js'
import type { RedirectCallbacks } from '../types/redirect-session.js'

/** Who caused an event (spec WebhookIdentityType), with that caller's id. */
export type WebhookIdentity =
  | { identityType: 'ANONYMOUS_VISITOR'; anonymousVisitorId: string }
  | { identityType: 'MEMBER'; memberId: string }
  | { identityType: 'SITE_USER'; siteUserId: string }
  | { identityType: 'APP'; appId: string }

/** `data` of `cart.deleted`: the cart's id, and the member's cart it was merged into at a login. */
export interface CartDeletedData {
  cartId: string
  mergedIntoCartId?: string
}

/** `data` of `product.changed`: the product and the fields the change touched. */
export interface ProductChangedData {
  productId: string
  /** Names of the changed fields (`media` for media changes, `collectionIds` when collections changed). */
  modifiedFields: string[]
}

/** `data` of `product.deleted`. */
export interface ProductDeletedData {
  productId: string
}

/**
 * `data` of `product.variants_changed`: the product's variant ids after the change, or `reset: true`
 * when every variant went back to the product's own data.
 */
export interface ProductVariantsChangedData {
  productId: string
  variantIds?: string[]
  reset?: boolean
}

/** `data` of `collection.changed`: the collection and the fields the change touched. */
export interface CollectionChangedData {
  collectionId: string
  /** Names of the changed fields (`productIds` when products were added or removed). */
  modifiedFields: string[]
}

/** `data` of `collection.deleted`. */
export interface CollectionDeletedData {
  collectionId: string
}

/** `data` of `redirect_session.created`: the session without its token (the token is a secret). */
export interface RedirectSessionCreatedData {
  _id: string
  /** The session's flow: the key of `RedirectSessionInput` it was created with, e.g. `ecomCheckout`. */
  kind: string
  locationType?: LocationType
  clientId?: string
  callbacks?: RedirectCallbacks
  _createdDate?: string
  /** When the session stops being usable (ISO 8601). */
  expiresAt: string
}

/** The `data` of each event type of spec section 4. */
export interface WebhookEventData {
  'cart.created': Cart
  'cart.updated': Cart
  'cart.deleted': CartDeletedData
  'product.created': Product
  'product.changed': ProductChangedData
  'product.deleted': ProductDeletedData
  'product.variants_changed': ProductVariantsChangedData
  'collection.created': Collection
  'collection.changed': CollectionChangedData
  'collection.deleted': CollectionDeletedData
  'redirect_session.created': RedirectSessionCreatedData
}

/** An event type of spec section 4, e.g. `cart.created`. */
export type WebhookEventType = keyof WebhookEventData

/**
 * An event as its handlers receive it: verified, and with the wire transforms applied (`id` ->
 * `_id`, `createdDate` -> `_createdDate` at every depth; non-finite numbers back at number fields).
 */
export interface ProcessedWebhookEvent<T extends WebhookEventType = WebhookEventType> {
  /** The event id: the `webhook-id` header, the same on every retry and replay. */
  _id: string
  /** The event type, e.g. `cart.created`. */
  type: T
  /** When the change happened (ISO 8601). */
  _createdDate: string
  /** The site the change happened in. */
  siteId: string
  /** Id of the cart, product, collection or redirect session the event is about. */
  entityId: string
  /** Who caused the change. */
  identity: WebhookIdentity
  /** What changed: see {@link WebhookEventData}. */
  data: WebhookEventData[T]
}

/**
 * Any event `client.webhooks.process` received, of a type of spec section 4 or one the SDK does not know
 * yet (the platform may add types): the same envelope as {@link ProcessedWebhookEvent}, `data` as sent.
 * Handlers registered with `on...` receive the typed form.
 */
export interface ReceivedWebhookEvent {
  /** The event id: the `webhook-id` header. */
  _id: string
  /** The event type, e.g. `cart.created` or one the SDK does not know yet. */
  type: string
  /** When the change happened (ISO 8601). */
  _createdDate: string
  /** The site the change happened in. */
  siteId: string
  /** Id of the entity the event is about. */
  entityId: string
  /** Who caused the change. */
  identity: WebhookIdentity
  /** What changed, as sent (wire-transformed). */
  data: unknown
}

/** A handler of one event type; `client.webhooks.process` awaits it. */
export type WebhookHandler<T extends WebhookEventType> = (
  event: ProcessedWebhookEvent<T>,
) => void | Promise<void>

/** What `client.webhooks.process` did with a delivery. */
export interface WebhookProcessResult {
  /**
   * `HANDLED`: the handlers of its type ran and resolved; `UNHANDLED`: it verified but no handler is
   * registered for its type (a type the SDK does not know included); `DUPLICATE`: its id was processed
   * before, so no handler ran. Answer the platform 2xx in all three cases.
   */
  status: 'HANDLED' | 'UNHANDLED' | 'DUPLICATE'
  event: ReceivedWebhookEvent
}

/** Headers as a `Headers` object or a plain record (any case, Node's `IncomingHttpHeaders` too). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>

/** `client.webhooks`: see the `webhooks` module. */
export interface WebhooksModule {
  /**
   * Verifies a delivery (Standard Webhooks signature under one of the secrets, timestamp within the
   * tolerance), drops it when its id was processed before, applies the wire transforms and awaits the
   * handlers registered for its type, in the order they were registered. Pass the request as it came,
   * body unread.
   *
   * @throws {AisleError} `WEBHOOK_VERIFICATION_FAILED` for a missing header, a bad or old signature, a
   * timestamp outside the tolerance or a body that is not an event (answer 4xx: nothing ran); the
   * error of a handler that throws (answer 5xx: the platform delivers the event again, and its id is
   * not remembered, so every handler runs again then).
   */
  process(request: Request): Promise<WebhookProcessResult>
  /**
   * The same for a delivery read by other means: its raw body, exactly as received (re-serialised
   * JSON does not verify), and its headers.
   *
   * @throws {AisleError} as `process(request)`.
   */
  process(rawBody: string | Uint8Array, headers: WebhookHeaders): Promise<WebhookProcessResult>
}

/** The `on<Event>` calls a client with the `webhooks` module adds to `client.currentCart`. */
export interface CartWebhookSubscriptions {
  /**
   * Calls `handler` for every `cart.created` delivery `client.webhooks.process` accepts: a cart was
   * created by its first change; `data` is the cart. Returns a function that removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onCartCreated(handler: WebhookHandler<'cart.created'>): () => void
  /**
   * Calls `handler` for every `cart.updated` delivery: a cart changed (line items, coupon, info, or a
   * visitor's cart taken over at a login); `data` is the cart as it is now. Returns a function that
   * removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onCartUpdated(handler: WebhookHandler<'cart.updated'>): () => void
  /**
   * Calls `handler` for every `cart.deleted` delivery: a cart was deleted, ordered, or merged into the
   * member's cart at a login (`data.mergedIntoCartId`). Returns a function that removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onCartDeleted(handler: WebhookHandler<'cart.deleted'>): () => void
}

/** The `on<Event>` calls a client with the `webhooks` module adds to `client.products`. */
export interface ProductWebhookSubscriptions {
  /**
   * Calls `handler` for every `product.created` delivery: a merchant created a product; `data` is the
   * product, merchant data included. Returns a function that removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onProductCreated(handler: WebhookHandler<'product.created'>): () => void
  /**
   * Calls `handler` for every `product.changed` delivery: a product's fields, media or collections
   * changed; `data` names the product and the changed fields. Returns a function that removes the
   * handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onProductChanged(handler: WebhookHandler<'product.changed'>): () => void
  /**
   * Calls `handler` for every `product.deleted` delivery; `data` names the product. Returns a function
   * that removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onProductDeleted(handler: WebhookHandler<'product.deleted'>): () => void
  /**
   * Calls `handler` for every `product.variants_changed` delivery: a product's variants changed
   * (options changed, variants edited or reset); `data` names the product. Returns a function that
   * removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onProductVariantsChanged(handler: WebhookHandler<'product.variants_changed'>): () => void
}

/** The `on<Event>` calls a client with the `webhooks` module adds to `client.collections`. */
export interface CollectionWebhookSubscriptions {
  /**
   * Calls `handler` for every `collection.created` delivery: a merchant created a collection; `data` is
   * the collection. Returns a function that removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onCollectionCreated(handler: WebhookHandler<'collection.created'>): () => void
  /**
   * Calls `handler` for every `collection.changed` delivery: a collection's fields or products changed;
   * `data` names the collection and the changed fields. Returns a function that removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onCollectionChanged(handler: WebhookHandler<'collection.changed'>): () => void
  /**
   * Calls `handler` for every `collection.deleted` delivery; `data` names the collection. Returns a
   * function that removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onCollectionDeleted(handler: WebhookHandler<'collection.deleted'>): () => void
}

/** The `on<Event>` call a client with the `webhooks` module adds to `client.redirects`. */
export interface RedirectWebhookSubscriptions {
  /**
   * Calls `handler` for every `redirect_session.created` delivery; `data` describes the session,
   * without its token. Returns a function that removes the handler.
   *
   * @throws {AisleError} `INVALID_ARGUMENT` unless `handler` is a function.
   */
  onRedirectSessionCreated(handler: WebhookHandler<'redirect_session.created'>): () => void
}

/**
 * The `on<Event>` calls a client's module `T` gains when the client also has the `webhooks` module
 * (`M` is the client's `modules`); nothing otherwise.
 */
// The module factories' results are spelled out here rather than in a helper type, which the API
// reference would name without documenting it.
export type WebhookSubscriptionsOf<M, T> = [
  Extract<
    { [K in keyof M]: M[K] extends (...args: never[]) => infer R ? R : never }[keyof M],
    WebhooksModule
  >,
] extends [never]
  ? unknown
  : (T extends CurrentCartModule ? CartWebhookSubscriptions : unknown) &
      (T extends ProductsModule ? ProductWebhookSubscriptions : unknown) &
      (T extends CollectionsModule ? CollectionWebhookSubscriptions : unknown) &
      (T extends RedirectsModule ? RedirectWebhookSubscriptions : unknown)
