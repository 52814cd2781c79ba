import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Api } from '../http/api.ts'
import { IdParam } from '../http/validation.ts'
import { isAllowedEndpointUrl } from './endpoint-url.ts'
import {
  findWebhookDelivery,
  listWebhookDeliveries,
  replayDeadWebhookDeliveries,
  replayWebhookDelivery,
  type WebhookDelivery,
} from './webhook-delivery-store.ts'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
  type WebhookEndpoint,
} from './webhook-endpoint-store.ts'
import { WebhookNotFoundError } from './webhook-errors.ts'
import { webhookEventTypes } from './webhook-event-types.ts'

export interface WebhookRouteDeps {
  db: Db
  clock: Clock
  /** Whether sites in local development mode may use local endpoint URLs (`LOCAL_DEVELOPMENT_SITES`). */
  localDevelopmentSites: boolean
}

/**
 * An endpoint URL of the shape any site may use in local development mode (see
 * {@link isAllowedEndpointUrl}); the store holds it to the site's own mode.
 */
const EndpointUrl = z
  .string()
  .max(2_000)
  .refine(
    (url) => isAllowedEndpointUrl(url, { localDevelopment: true }),
    'must be an https URL of a public host, without credentials (http, loopback and private addresses only for sites in local development mode)',
  )

/** A new endpoint, as `POST /webhooks/v1/endpoints` takes it (the dashboard validates with it too). */
export const EndpointInput = z.strictObject({
  url: EndpointUrl,
  eventTypes: z.array(z.enum(webhookEventTypes)).min(1).max(webhookEventTypes.length),
  description: z.string().trim().max(500).default(''),
})
/** A change to an endpoint, as `PATCH /webhooks/v1/endpoints/{id}` takes it. */
export const EndpointPatch = z.strictObject({
  url: EndpointUrl.optional(),
  eventTypes: z.array(z.enum(webhookEventTypes)).min(1).max(webhookEventTypes.length).optional(),
  description: z.string().trim().max(500).optional(),
  enabled: z.boolean().optional(),
})
const Empty = z.object({})

const EndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  previousSecretExpiresDate: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
})
const DeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  entityId: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'DEAD']),
  attemptCount: z.number(),
  nextAttemptDate: z.string().nullable(),
  lastAttemptDate: z.string().nullable(),
  lastResponseStatus: z.number().nullable(),
  lastResponseBody: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredDate: z.string().nullable(),
  createdDate: z.string(),
})
const AttemptSchema = z.object({
  attemptNumber: z.number(),
  attemptedDate: z.string(),
  responseStatus: z.number().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
})

const iso = (date: Date | null) => (date ? date.toISOString() : null)

function toWireEndpoint(endpoint: WebhookEndpoint): z.infer<typeof EndpointSchema> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    eventTypes: endpoint.eventTypes,
    description: endpoint.description,
    enabled: endpoint.isEnabled,
    previousSecretExpiresDate: iso(endpoint.previousSecretExpiresDate),
    createdDate: endpoint.createdDate.toISOString(),
    updatedDate: endpoint.updatedDate.toISOString(),
  }
}

function toWireDelivery(delivery: WebhookDelivery): z.infer<typeof DeliverySchema> {
  return {
    ...delivery,
    nextAttemptDate: iso(delivery.nextAttemptDate),
    lastAttemptDate: iso(delivery.lastAttemptDate),
    deliveredDate: iso(delivery.deliveredDate),
    createdDate: delivery.createdDate.toISOString(),
  }
}

const endpointNotFound = (id: string) =>
  new WebhookNotFoundError('WEBHOOK_ENDPOINT_NOT_FOUND', `Webhook endpoint ${id} was not found`, { id })
const deliveryNotFound = (id: string) =>
  new WebhookNotFoundError('WEBHOOK_DELIVERY_NOT_FOUND', `Webhook delivery ${id} was not found`, { id })

/** Webhook endpoints, their delivery log and replay: merchant API keys with the `webhooks` permission. */
export function registerWebhookRoutes(api: Api, deps: WebhookRouteDeps) {
  const { db, clock } = deps
  const policy = { localDevelopmentSites: deps.localDevelopmentSites }
  const merchant = { auth: 'merchant', permission: 'webhooks', tag: 'Webhooks' } as const

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/webhooks/v1/endpoints',
      operationId: 'createWebhookEndpoint',
      summary: 'Create a webhook endpoint; its secret is shown only in this answer',
      body: EndpointInput,
      response: z.object({ endpoint: EndpointSchema, secret: z.string() }),
    },
    async ({ body, caller }) => {
      const { endpoint, secret } = await createWebhookEndpoint(db, caller.siteId, body, clock(), policy)
      return { endpoint: toWireEndpoint(endpoint), secret }
    },
  )

  api.route(
    {
      ...merchant,
      method: 'get',
      path: '/webhooks/v1/endpoints',
      operationId: 'listWebhookEndpoints',
      summary: 'List the site’s webhook endpoints',
      response: z.object({ endpoints: z.array(EndpointSchema) }),
    },
    async ({ caller }) => ({
      endpoints: (await listWebhookEndpoints(db, caller.siteId, clock())).map(toWireEndpoint),
    }),
  )

  api.route(
    {
      ...merchant,
      method: 'get',
      path: '/webhooks/v1/endpoints/:id',
      operationId: 'getWebhookEndpoint',
      summary: 'Get a webhook endpoint',
      params: IdParam,
      response: z.object({ endpoint: EndpointSchema }),
    },
    async ({ params, caller }) => {
      const endpoint = await findWebhookEndpoint(db, caller.siteId, params.id, clock())
      if (!endpoint) throw endpointNotFound(params.id)
      return { endpoint: toWireEndpoint(endpoint) }
    },
  )

  api.route(
    {
      ...merchant,
      method: 'patch',
      path: '/webhooks/v1/endpoints/:id',
      operationId: 'updateWebhookEndpoint',
      summary: 'Change a webhook endpoint’s URL, event types, description or enabled state',
      params: IdParam,
      body: EndpointPatch,
      response: z.object({ endpoint: EndpointSchema }),
    },
    async ({ params, body, caller }) => {
      const { enabled, ...rest } = body
      const endpoint = await updateWebhookEndpoint(
        db,
        caller.siteId,
        params.id,
        { ...rest, ...(enabled === undefined ? {} : { isEnabled: enabled }) },
        clock(),
        policy,
      )
      if (!endpoint) throw endpointNotFound(params.id)
      return { endpoint: toWireEndpoint(endpoint) }
    },
  )

  api.route(
    {
      ...merchant,
      method: 'delete',
      path: '/webhooks/v1/endpoints/:id',
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint and its delivery log',
      params: IdParam,
      response: Empty,
    },
    async ({ params, caller }) => {
      if (!(await deleteWebhookEndpoint(db, caller.siteId, params.id))) throw endpointNotFound(params.id)
      return {}
    },
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/webhooks/v1/endpoints/:id/rotate-secret',
      operationId: 'rotateWebhookSecret',
      summary: 'Give an endpoint a new secret; the old one keeps signing for 24 hours',
      params: IdParam,
      body: Empty,
      response: z.object({ endpoint: EndpointSchema, secret: z.string() }),
    },
    async ({ params, caller }) => {
      const rotated = await rotateWebhookSecret(db, caller.siteId, params.id, clock())
      if (!rotated) throw endpointNotFound(params.id)
      return { endpoint: toWireEndpoint(rotated.endpoint), secret: rotated.secret }
    },
  )

  api.route(
    {
      ...merchant,
      method: 'get',
      path: '/webhooks/v1/endpoints/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'The delivery log of an endpoint, newest event first',
      params: IdParam,
      query: z.object({
        status: z.enum(['PENDING', 'DELIVERED', 'DEAD']).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(50),
        offset: z.coerce.number().int().min(0).default(0),
      }),
      response: z.object({ deliveries: z.array(DeliverySchema) }),
    },
    async ({ params, query, caller }) => {
      if (!(await findWebhookEndpoint(db, caller.siteId, params.id, clock())))
        throw endpointNotFound(params.id)
      const deliveries = await listWebhookDeliveries(db, caller.siteId, params.id, query)
      return { deliveries: deliveries.map(toWireDelivery) }
    },
  )

  api.route(
    {
      ...merchant,
      method: 'get',
      path: '/webhooks/v1/deliveries/:id',
      operationId: 'getWebhookDelivery',
      summary: 'A delivery with every attempt',
      params: IdParam,
      response: z.object({ delivery: DeliverySchema, attempts: z.array(AttemptSchema) }),
    },
    async ({ params, caller }) => {
      const found = await findWebhookDelivery(db, caller.siteId, params.id)
      if (!found) throw deliveryNotFound(params.id)
      return {
        delivery: toWireDelivery(found.delivery),
        attempts: found.attempts.map((attempt) => ({
          ...attempt,
          attemptedDate: attempt.attemptedDate.toISOString(),
        })),
      }
    },
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/webhooks/v1/deliveries/:id/replay',
      operationId: 'replayWebhookDelivery',
      summary: 'Send a delivery again, now, with the same event id',
      params: IdParam,
      body: Empty,
      response: z.object({ delivery: DeliverySchema }),
    },
    async ({ params, caller }) => {
      const delivery = await replayWebhookDelivery(db, caller.siteId, params.id, clock())
      if (!delivery) throw deliveryNotFound(params.id)
      return { delivery: toWireDelivery(delivery) }
    },
  )

  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/webhooks/v1/endpoints/:id/replay-dead',
      operationId: 'replayDeadWebhookDeliveries',
      summary: 'Send every dead delivery of an endpoint again',
      params: IdParam,
      body: Empty,
      response: z.object({ replayedCount: z.number() }),
    },
    async ({ params, caller }) => {
      if (!(await findWebhookEndpoint(db, caller.siteId, params.id, clock())))
        throw endpointNotFound(params.id)
      return { replayedCount: await replayDeadWebhookDeliveries(db, caller.siteId, params.id, clock()) }
    },
  )
}
