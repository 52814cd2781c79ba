import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { type FieldViolation, ValidationError } from '../http/errors.ts'
import { isAllowedEndpointUrl } from './endpoint-url.ts'
import { generateWebhookSecret } from './sign-webhook.ts'

/** How long the previous secret still signs deliveries after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000

/** A webhook endpoint as its site sees it: never its secret, which is shown once. */
export interface WebhookEndpoint {
  id: string
  siteId: string
  url: string
  eventTypes: string[]
  description: string
  isEnabled: boolean
  /** Until when the previous secret still signs, after a rotation; `null` without one. */
  previousSecretExpiresDate: Date | null
  createdDate: Date
  updatedDate: Date
}

export interface WebhookEndpointInput {
  url: string
  eventTypes: readonly string[]
  description: string
}

interface EndpointRow {
  id: string
  site_id: string
  url: string
  event_types: string[]
  description: string
  is_enabled: boolean
  previous_secret_expires_date: Date | null
  created_date: Date
  updated_date: Date
}

const endpointColumns =
  'id, site_id, url, event_types, description, is_enabled, previous_secret_expires_date, created_date, updated_date'

function toEndpoint(row: EndpointRow, now: Date): WebhookEndpoint {
  const expires = row.previous_secret_expires_date ? new Date(row.previous_secret_expires_date) : null
  return {
    id: row.id,
    siteId: row.site_id,
    url: row.url,
    eventTypes: row.event_types,
    description: row.description,
    isEnabled: row.is_enabled,
    previousSecretExpiresDate: expires && expires > now ? expires : null,
    createdDate: new Date(row.created_date),
    updatedDate: new Date(row.updated_date),
  }
}

/**
 * What the platform allows its sites: with `localDevelopmentSites`, a site owner may turn on local
 * development mode (`LOCAL_DEVELOPMENT_SITES`); without it no site's endpoint may be local, whatever the
 * site's own setting says.
 */
export interface EndpointUrlPolicy {
  localDevelopmentSites: boolean
}

const localUrlRefused: FieldViolation = {
  field: 'url',
  description:
    'must be an https URL of a public host: http and loopback or private addresses are for sites in local development mode',
  violatedRule: 'FORMAT',
}

/** Whether the site may use local endpoint URLs now: the platform allows it and the site is in that mode. */
async function isInLocalDevelopment(db: Db, siteId: string, policy: EndpointUrlPolicy): Promise<boolean> {
  return policy.localDevelopmentSites && (await readLocalDevelopment(db, siteId))
}

/**
 * Refuses a URL on a loopback or private address, or plain http, unless the site is in local
 * development mode (a receiver on the developer's machine): one read, only for such URLs.
 */
async function assertUrlAllowedForSite(
  db: Db,
  siteId: string,
  url: string,
  policy: EndpointUrlPolicy,
): Promise<void> {
  if (isAllowedEndpointUrl(url, { localDevelopment: false })) return
  const localDevelopment = await isInLocalDevelopment(db, siteId, policy)
  if (localDevelopment && isAllowedEndpointUrl(url, { localDevelopment })) return
  throw new ValidationError([localUrlRefused])
}

/**
 * Creates an endpoint and returns it with its secret, the one chance to read it. It receives the
 * events recorded after it exists: its cursor starts at the creating transaction.
 */
export async function createWebhookEndpoint(
  db: Db,
  siteId: string,
  input: WebhookEndpointInput,
  now: Date,
  policy: EndpointUrlPolicy,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  await assertUrlAllowedForSite(db, siteId, input.url, policy)
  const secret = generateWebhookSecret()
  const row = await queryOne<EndpointRow>(
    db,
    `insert into webhook_endpoints
       (id, site_id, url, event_types, description, secret, cursor_transaction_id, created_date, updated_date)
     values ($1, $2, $3, $4, $5, $6, pg_current_xact_id(), $7, $7)
     returning ${endpointColumns}`,
    [randomUUID(), siteId, input.url, [...input.eventTypes], input.description, secret, now],
  )
  return { endpoint: toEndpoint(row!, now), secret }
}

/** A site's endpoints, oldest first. */
export async function listWebhookEndpoints(db: Db, siteId: string, now: Date): Promise<WebhookEndpoint[]> {
  const rows = await db.query<EndpointRow>(
    `select ${endpointColumns} from webhook_endpoints where site_id = $1 order by created_date, id`,
    [siteId],
  )
  return rows.map((row) => toEndpoint(row, now))
}

/** One endpoint of the site, or `undefined`. */
export async function findWebhookEndpoint(
  db: Db,
  siteId: string,
  id: string,
  now: Date,
): Promise<WebhookEndpoint | undefined> {
  const row = await queryOne<EndpointRow>(
    db,
    `select ${endpointColumns} from webhook_endpoints where site_id = $1 and id = $2`,
    [siteId, id],
  )
  return row && toEndpoint(row, now)
}

/**
 * Changes the given fields of an endpoint; `undefined` when the site has no such endpoint. A new URL, and
 * the URL of an endpoint being enabled, must be allowed for the site now (an endpoint disabled when its
 * site left local development mode cannot come back on a local address).
 */
export async function updateWebhookEndpoint(
  db: Db,
  siteId: string,
  id: string,
  patch: Partial<WebhookEndpointInput> & { isEnabled?: boolean },
  now: Date,
  policy: EndpointUrlPolicy,
): Promise<WebhookEndpoint | undefined> {
  if (patch.url !== undefined) await assertUrlAllowedForSite(db, siteId, patch.url, policy)
  else if (patch.isEnabled === true) {
    const current = await findWebhookEndpoint(db, siteId, id, now)
    if (!current) return undefined
    await assertUrlAllowedForSite(db, siteId, current.url, policy)
  }
  const row = await queryOne<EndpointRow>(
    db,
    `update webhook_endpoints set
       url = coalesce($3, url),
       event_types = coalesce($4, event_types),
       description = coalesce($5, description),
       is_enabled = coalesce($6, is_enabled),
       updated_date = $7
     where site_id = $1 and id = $2
     returning ${endpointColumns}`,
    [
      siteId,
      id,
      patch.url ?? null,
      patch.eventTypes ? [...patch.eventTypes] : null,
      patch.description ?? null,
      patch.isEnabled ?? null,
      now,
    ],
  )
  return row && toEndpoint(row, now)
}

/** Deletes an endpoint and its delivery log. Returns whether there was one. */
export async function deleteWebhookEndpoint(db: Db, siteId: string, id: string): Promise<boolean> {
  const rows = await db.query('delete from webhook_endpoints where site_id = $1 and id = $2 returning id', [
    siteId,
    id,
  ])
  return rows.length > 0
}

/**
 * Gives an endpoint a new secret and keeps the current one signing for 24 hours beside it, so the
 * receiver can switch without dropping a delivery. Returns the new secret, the one chance to read it.
 */
export async function rotateWebhookSecret(
  db: Db,
  siteId: string,
  id: string,
  now: Date,
): Promise<{ endpoint: WebhookEndpoint; secret: string } | undefined> {
  const secret = generateWebhookSecret()
  const row = await queryOne<EndpointRow>(
    db,
    `update webhook_endpoints set
       previous_secret = secret, previous_secret_expires_date = $4, secret = $3, updated_date = $5
     where site_id = $1 and id = $2
     returning ${endpointColumns}`,
    [siteId, id, secret, new Date(now.getTime() + SECRET_OVERLAP_MS), now],
  )
  return row && { endpoint: toEndpoint(row, now), secret }
}

/** Whether a site is in local development mode (its own setting; the platform may still not allow it). */
export async function readLocalDevelopment(db: Db, siteId: string): Promise<boolean> {
  const site = await queryOne<{ local_development: boolean }>(
    db,
    'select local_development from sites where id = $1',
    [siteId],
  )
  return site?.local_development === true
}

/**
 * Turns a site's local development mode on or off. Turning it off disables, in the same transaction, every
 * endpoint of the site whose URL only that mode allows, so no delivery goes to a local address after;
 * returns how many were disabled.
 */
export async function setLocalDevelopment(
  db: Db,
  siteId: string,
  on: boolean,
  now: Date,
): Promise<{ disabledEndpoints: number }> {
  return db.transaction(async (tx) => {
    await tx.query('update sites set local_development = $2 where id = $1', [siteId, on])
    if (on) return { disabledEndpoints: 0 }
    const enabled = await tx.query<{ id: string; url: string }>(
      'select id, url from webhook_endpoints where site_id = $1 and is_enabled for update',
      [siteId],
    )
    const local = enabled
      .filter((endpoint) => !isAllowedEndpointUrl(endpoint.url, { localDevelopment: false }))
      .map((endpoint) => endpoint.id)
    if (local.length > 0)
      await tx.query(
        'update webhook_endpoints set is_enabled = false, updated_date = $3 where site_id = $1 and id = any($2)',
        [siteId, local, now],
      )
    return { disabledEndpoints: local.length }
  })
}
