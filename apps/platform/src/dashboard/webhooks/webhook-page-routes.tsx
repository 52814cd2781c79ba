import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { IdParam, parseWith } from '../../http/validation.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { listSentWebhookRequests } from '../../webhooks/sent-webhook-requests.ts'
import {
  findWebhookDelivery,
  listWebhookDeliveries,
  replayDeadWebhookDeliveries,
  replayWebhookDelivery,
} from '../../webhooks/webhook-delivery-store.ts'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEndpoints,
  readLocalDevelopment,
  rotateWebhookSecret,
  setLocalDevelopment,
  updateWebhookEndpoint,
  type WebhookEndpoint,
} from '../../webhooks/webhook-endpoint-store.ts'
import { EndpointInput, EndpointPatch } from '../../webhooks/webhook-routes.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import {
  type EndpointFormValues,
  emptyEndpointForm,
  WebhookDeliveryPage,
  WebhookEndpointPage,
  WebhookEndpointsPage,
  WebhookInspectorPage,
} from './webhook-pages.tsx'

const DeliveryFilter = z.object({
  status: z.enum(['', 'PENDING', 'DELIVERED', 'DEAD']).default(''),
  notice: z.string().max(40).optional(),
})
/** Attempts the inspector shows, newest first. */
const INSPECTOR_ATTEMPTS = 20
/** Deliveries the endpoint page lists, newest event first. */
const LOG_SIZE = 50

const endpointNotFound = () => new HTTPException(404, { message: 'The site has no such webhook endpoint.' })
const deliveryNotFound = () => new HTTPException(404, { message: 'The site has no such webhook delivery.' })

function readEndpointForm(form: FormFields): EndpointFormValues {
  return {
    url: form.text('url').trim(),
    description: form.text('description'),
    eventTypes: form.texts('eventTypes'),
  }
}

/** The endpoint schema's violations by form field: `eventTypes[2]` is the `eventTypes` boxes. */
function toFormViolations(error: unknown): FieldViolation[] {
  if (!(error instanceof ValidationError)) throw error
  return error.fieldViolations.map((violation) => ({
    ...violation,
    field: violation.field.replace(/^eventTypes\[\d+\]$/, 'eventTypes'),
  }))
}

/**
 * Webhook endpoints in the dashboard: create (the secret shown once), edit, enable or disable, rotate
 * the secret, delete; each endpoint's delivery log with replays; and the local inspector of what was
 * sent. Inputs are validated with the schemas of `/webhooks/v1/endpoints`, so the same URLs are refused.
 */
export function registerWebhookPages(api: Api, deps: DashboardDeps) {
  const { db, clock } = deps
  const { page, form: postForm } = createDashboardRoutes(api, deps)
  const policy = { localDevelopmentSites: deps.localDevelopmentSites }

  async function getEndpoint(owner: Owner, id: string): Promise<WebhookEndpoint> {
    const endpoint = await findWebhookEndpoint(db, owner.session.siteId, id, clock())
    if (!endpoint) throw endpointNotFound()
    return endpoint
  }

  async function listPage(
    owner: Owner,
    options: {
      values?: EndpointFormValues
      violations?: FieldViolation[]
      created?: { endpoint: WebhookEndpoint; secret: string }
      notice?: string | undefined
      status?: number
    } = {},
  ) {
    const siteId = owner.session.siteId
    const [endpoints, localDevelopment] = await Promise.all([
      listWebhookEndpoints(db, siteId, clock()),
      deps.localDevelopmentSites ? readLocalDevelopment(db, siteId) : undefined,
    ])
    return renderDashboardPage(
      <WebhookEndpointsPage
        owner={owner}
        endpoints={endpoints}
        localDevelopment={localDevelopment}
        values={options.values ?? emptyEndpointForm}
        violations={options.violations ?? []}
        created={options.created}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  async function endpointPage(
    owner: Owner,
    endpoint: WebhookEndpoint,
    options: {
      values?: EndpointFormValues
      violations?: FieldViolation[]
      rotatedSecret?: string
      notice?: string | undefined
      statusFilter?: '' | 'PENDING' | 'DELIVERED' | 'DEAD'
      status?: number
    } = {},
  ) {
    const statusFilter = options.statusFilter ?? ''
    const deliveries = await listWebhookDeliveries(db, owner.session.siteId, endpoint.id, {
      ...(statusFilter ? { status: statusFilter } : {}),
      limit: LOG_SIZE,
      offset: 0,
    })
    return renderDashboardPage(
      <WebhookEndpointPage
        owner={owner}
        endpoint={endpoint}
        values={options.values ?? endpoint}
        violations={options.violations ?? []}
        deliveries={deliveries}
        status={statusFilter}
        rotatedSecret={options.rotatedSecret}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/webhooks',
      operationId: 'dashboardWebhooks',
      summary: "The site's webhook endpoints and a form for a new one",
      query: NoticeQuery,
    },
    async (owner, { query }) => listPage(owner, { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/webhooks',
      operationId: 'dashboardCreateWebhookEndpoint',
      summary:
        'Create a webhook endpoint (form: url, description, eventTypes); the answer shows its secret, once',
    },
    async (owner, form) => {
      const values = readEndpointForm(form)
      try {
        const input = parseWith(EndpointInput, values)
        const created = await createWebhookEndpoint(db, owner.session.siteId, input, clock(), policy)
        // A page, not a redirect: the secret must never sit in a URL or a history entry.
        return listPage(owner, { created })
      } catch (error) {
        return listPage(owner, { values, violations: toFormViolations(error), status: 400 })
      }
    },
  )

  postForm(
    {
      path: '/dashboard/webhooks/local-development',
      operationId: 'dashboardSetLocalDevelopment',
      summary:
        'Turn local development mode on or off (form: mode = on | off), where the platform allows it; turning it off disables the endpoints on local addresses',
    },
    async (owner, form) => {
      if (!deps.localDevelopmentSites)
        throw new HTTPException(403, {
          message: 'This platform does not let sites use local development mode.',
        })
      const mode = form.text('mode')
      if (mode !== 'on' && mode !== 'off')
        throw new ValidationError([
          { field: 'mode', description: 'must be on or off', violatedRule: 'VALIDATION' },
        ])
      const { disabledEndpoints } = await setLocalDevelopment(
        db,
        owner.session.siteId,
        mode === 'on',
        clock(),
      )
      const notice =
        mode === 'on'
          ? 'local-development-on'
          : disabledEndpoints > 0
            ? 'local-development-off-disabled'
            : 'local-development-off'
      return seeOther(withNotice('/dashboard/webhooks', notice))
    },
  )

  // Before `/dashboard/webhooks/:id`, whose id would refuse these words.
  page(
    {
      path: '/dashboard/webhooks/inspector',
      operationId: 'dashboardWebhookInspector',
      summary: 'The local webhook inspector: the latest requests sent, with every header and the body',
      query: z.object({ endpoint: z.union([z.guid(), z.literal('')]).default('') }),
    },
    async (owner, { query }) => {
      const siteId = owner.session.siteId
      const [endpoints, requests] = await Promise.all([
        listWebhookEndpoints(db, siteId, clock()),
        listSentWebhookRequests(db, siteId, {
          endpointId: query.endpoint || undefined,
          limit: INSPECTOR_ATTEMPTS,
        }),
      ])
      return renderDashboardPage(
        <WebhookInspectorPage
          owner={owner}
          endpoints={endpoints}
          endpointId={query.endpoint}
          requests={requests}
        />,
        deps,
      )
    },
  )

  page(
    {
      path: '/dashboard/webhooks/deliveries/:id',
      operationId: 'dashboardWebhookDelivery',
      summary: 'A delivery with each attempt exactly as sent',
      params: IdParam,
      query: NoticeQuery,
    },
    async (owner, { params, query }) => {
      const siteId = owner.session.siteId
      const found = await findWebhookDelivery(db, siteId, params.id)
      if (!found) throw deliveryNotFound()
      const requests = await listSentWebhookRequests(db, siteId, { deliveryId: params.id, limit: 100 })
      return renderDashboardPage(
        <WebhookDeliveryPage
          owner={owner}
          delivery={found.delivery}
          requests={requests}
          notice={noticeText(query.notice)}
        />,
        deps,
      )
    },
  )

  postForm(
    {
      path: '/dashboard/webhooks/deliveries/:id/replay',
      operationId: 'dashboardReplayWebhookDelivery',
      summary: 'Send a delivery again now, with the same event id (dead ones too)',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      if (!(await replayWebhookDelivery(db, owner.session.siteId, params.id, clock())))
        throw deliveryNotFound()
      return seeOther(withNotice(`/dashboard/webhooks/deliveries/${params.id}`, 'delivery-replayed'))
    },
  )

  page(
    {
      path: '/dashboard/webhooks/:id',
      operationId: 'dashboardWebhookEndpoint',
      summary: 'A webhook endpoint: settings, state, secret rotation and its delivery log',
      params: IdParam,
      query: DeliveryFilter,
    },
    async (owner, { params, query }) => {
      return endpointPage(owner, await getEndpoint(owner, params.id), {
        statusFilter: query.status,
        notice: noticeText(query.notice),
      })
    },
  )

  postForm(
    {
      path: '/dashboard/webhooks/:id',
      operationId: 'dashboardUpdateWebhookEndpoint',
      summary: 'Save an endpoint’s URL, description and event types',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const endpoint = await getEndpoint(owner, params.id)
      const values = readEndpointForm(form)
      try {
        const patch = parseWith(EndpointPatch, values)
        if (!(await updateWebhookEndpoint(db, owner.session.siteId, params.id, patch, clock(), policy)))
          throw endpointNotFound()
        return seeOther(withNotice(`/dashboard/webhooks/${params.id}`, 'saved'))
      } catch (error) {
        return endpointPage(owner, endpoint, { values, violations: toFormViolations(error), status: 400 })
      }
    },
  )

  postForm(
    {
      path: '/dashboard/webhooks/:id/enabled',
      operationId: 'dashboardEnableWebhookEndpoint',
      summary:
        'Enable or disable an endpoint (form: enabled = true | false); a disabled one keeps its deliveries waiting',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const enabled = form.text('enabled')
      if (enabled !== 'true' && enabled !== 'false')
        throw new ValidationError([
          { field: 'enabled', description: 'must be true or false', violatedRule: 'VALIDATION' },
        ])
      const isEnabled = enabled === 'true'
      const endpoint = await getEndpoint(owner, params.id)
      try {
        await updateWebhookEndpoint(db, owner.session.siteId, params.id, { isEnabled }, clock(), policy)
      } catch (error) {
        // Its URL is local and the site is no longer in local development mode.
        return endpointPage(owner, endpoint, { violations: toFormViolations(error), status: 400 })
      }
      return seeOther(
        withNotice(`/dashboard/webhooks/${params.id}`, isEnabled ? 'endpoint-enabled' : 'endpoint-disabled'),
      )
    },
  )

  postForm(
    {
      path: '/dashboard/webhooks/:id/rotate-secret',
      operationId: 'dashboardRotateWebhookSecret',
      summary: 'Give an endpoint a new secret, shown once; the old one signs beside it for 24 hours',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      const rotated = await rotateWebhookSecret(db, owner.session.siteId, params.id, clock())
      if (!rotated) throw endpointNotFound()
      return endpointPage(owner, rotated.endpoint, { rotatedSecret: rotated.secret })
    },
  )

  postForm(
    {
      path: '/dashboard/webhooks/:id/delete',
      operationId: 'dashboardDeleteWebhookEndpoint',
      summary: 'Delete an endpoint and its delivery log',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      if (!(await deleteWebhookEndpoint(db, owner.session.siteId, params.id))) throw endpointNotFound()
      return seeOther(withNotice('/dashboard/webhooks', 'endpoint-deleted'))
    },
  )

  postForm(
    {
      path: '/dashboard/webhooks/:id/replay-dead',
      operationId: 'dashboardReplayDeadWebhookDeliveries',
      summary: 'Send every dead delivery of an endpoint again now',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      const endpoint = await getEndpoint(owner, params.id)
      await replayDeadWebhookDeliveries(db, owner.session.siteId, endpoint.id, clock())
      return seeOther(withNotice(`/dashboard/webhooks/${params.id}`, 'dead-replayed'))
    },
  )
}
