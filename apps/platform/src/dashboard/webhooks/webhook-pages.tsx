import type { FieldViolation } from '../../http/errors.ts'
import type { SentWebhookRequest } from '../../webhooks/sent-webhook-requests.ts'
import type { DeliveryStatus, WebhookDelivery } from '../../webhooks/webhook-delivery-store.ts'
import type { WebhookEndpoint } from '../../webhooks/webhook-endpoint-store.ts'
import { webhookEventText, webhookEventTypes } from '../../webhooks/webhook-event-types.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { Checkbox, CsrfField, DashboardForm, DashboardPage, Field, Problems } from '../dashboard-layout.tsx'
import { countText, timeText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { EmptyState } from '../kit/empty-state.tsx'
import { ListSelect } from '../kit/list-controls.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { Badge, type BadgeTone } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'

/** What the endpoint form shows: as stored or as submitted. */
export interface EndpointFormValues {
  url: string
  description: string
  eventTypes: string[]
}

export const emptyEndpointForm: EndpointFormValues = { url: '', description: '', eventTypes: [] }

const endpointLabels = { url: 'URL', description: 'Description', eventTypes: 'Event types' }
/** How much of a receiver's answer the delivery log shows; the delivery's page shows what is kept. */
const RESPONSE_PREVIEW_CHARS = 120

const time = (date: Date | null) => timeText(date, { seconds: true })

const statusWords: Record<DeliveryStatus, { words: string; tone: BadgeTone }> = {
  PENDING: { words: 'Pending', tone: 'waiting' },
  DELIVERED: { words: 'Delivered', tone: 'ok' },
  DEAD: { words: 'Dead', tone: 'off' },
}

function StatusBadge(props: { status: DeliveryStatus }) {
  const { words, tone } = statusWords[props.status]
  return <Badge tone={tone}>{words}</Badge>
}

function truncate(text: string | null, length: number): string {
  if (!text) return ''
  return text.length > length ? `${text.slice(0, length)}…` : text
}

/** A new secret, shown once: after a create or a rotation. */
function NewSecret(props: { secret: string; heading: string }) {
  return (
    <section className="notice" aria-labelledby="secret-heading">
      <h2 id="secret-heading">{props.heading}</h2>
      <p>
        Copy it now: it is shown only this once. Your receiver verifies each delivery’s{' '}
        <code>webhook-signature</code> with it (Standard Webhooks).
      </p>
      <label htmlFor="new-webhook-secret">Signing secret</label>
      <input id="new-webhook-secret" className="secret wide" type="text" readOnly value={props.secret} />
    </section>
  )
}

/** URL, description and event types: the same fields create and edit an endpoint. */
function EndpointFields(props: { values: EndpointFormValues; errors: Record<string, string> }) {
  const { values, errors } = props
  return (
    <>
      <Field
        label="URL"
        name="url"
        defaultValue={values.url}
        error={errors.url}
        className="wide"
        hint="https on a public host; in local development mode also http://127.0.0.1 or http://localhost for a receiver on this machine"
        required
      />
      <Field
        label="Description"
        name="description"
        defaultValue={values.description}
        error={errors.description}
      />
      <fieldset>
        <legend>Event types</legend>
        <div className="grid">
          {webhookEventTypes.map((type) => (
            <Checkbox
              key={type}
              name="eventTypes"
              value={type}
              label={`${webhookEventText(type)} (${type})`}
              defaultChecked={values.eventTypes.includes(type)}
            />
          ))}
        </div>
        {errors.eventTypes && <p className="error-text">{errors.eventTypes}</p>}
      </fieldset>
    </>
  )
}

/** The site's webhook endpoints and the form of a new one. */
export function WebhookEndpointsPage(props: {
  owner: Owner
  endpoints: WebhookEndpoint[]
  values: EndpointFormValues
  violations: readonly FieldViolation[]
  created?: { endpoint: WebhookEndpoint; secret: string } | undefined
  /** The site's local development mode; `undefined` where the platform does not offer it. */
  localDevelopment?: boolean | undefined
  notice?: string | undefined
}) {
  const { owner, created } = props
  const errors = toFormErrors(props.violations)
  return (
    <DashboardPage owner={owner} title="Webhooks" place="webhooks" notice={props.notice}>
      <PageHeader
        title="Webhooks"
        description="Your servers hear of orders, products and members as they change."
        actions={
          <a className="button" href="/dashboard/webhooks/inspector">
            Local webhook inspector
          </a>
        }
      />
      {created && (
        <NewSecret
          secret={created.secret}
          heading={`Endpoint created: the secret of ${created.endpoint.url}`}
        />
      )}
      <DataTable
        label="Webhook endpoints"
        rows={props.endpoints}
        rowKey={(endpoint) => endpoint.id}
        empty="No webhook endpoints yet."
        columns={[
          {
            header: 'URL',
            cell: (endpoint) => (
              <>
                <a href={`/dashboard/webhooks/${endpoint.id}`}>{endpoint.url}</a>
                {endpoint.description && <div className="hint">{endpoint.description}</div>}
              </>
            ),
          },
          {
            header: 'Events',
            cell: (endpoint) => endpoint.eventTypes.map(webhookEventText).join('; '),
          },
          {
            header: 'State',
            cell: (endpoint) =>
              endpoint.isEnabled ? <Badge tone="ok">Enabled</Badge> : <Badge tone="off">Disabled</Badge>,
          },
        ]}
      />
      <PageSection id="new-endpoint" title="New endpoint">
        <Problems violations={props.violations} labels={endpointLabels} />
        <DashboardForm
          action="/dashboard/webhooks"
          label="New webhook endpoint"
          csrfToken={owner.session.csrfToken}
          submitLabel="Create endpoint"
        >
          <EndpointFields values={props.values} errors={errors} />
        </DashboardForm>
      </PageSection>
      {props.localDevelopment !== undefined && (
        <LocalDevelopmentForm owner={owner} on={props.localDevelopment} />
      )}
    </DashboardPage>
  )
}

/**
 * Turns the site's local development mode on or off: on, endpoints may be on loopback or private
 * addresses over http (a receiver on the developer's machine); off, those endpoints are disabled.
 */
function LocalDevelopmentForm(props: { owner: Owner; on: boolean }) {
  return (
    <PageSection id="local-development" title="Local development">
      <p>
        {props.on
          ? 'On: endpoints may be on this machine or your private network, over http.'
          : 'Off: endpoints must be https URLs of public hosts.'}
      </p>
      <form method="post" action="/dashboard/webhooks/local-development" aria-label="Local development mode">
        <CsrfField token={props.owner.session.csrfToken} />
        <input type="hidden" name="mode" value={props.on ? 'off' : 'on'} />
        <button type="submit">
          {props.on ? 'Turn off local development mode' : 'Turn on local development mode'}
        </button>
      </form>
    </PageSection>
  )
}

function DeliveryLog(props: { owner: Owner; deliveries: WebhookDelivery[] }) {
  const token = props.owner.session.csrfToken
  return (
    <DataTable
      label="Delivery log"
      rows={props.deliveries}
      rowKey={(delivery) => delivery.id}
      empty="No deliveries yet."
      columns={[
        {
          header: 'Event',
          cell: (delivery) => (
            <>
              <a href={`/dashboard/webhooks/deliveries/${delivery.id}`}>
                {webhookEventText(delivery.eventType)}
              </a>
              <div className="hint">
                <code>{delivery.eventType}</code>
              </div>
              <div className="hint">{time(delivery.createdDate)}</div>
            </>
          ),
        },
        { header: 'Status', cell: (delivery) => <StatusBadge status={delivery.status} /> },
        { header: 'Attempts', isNumber: true, cell: (delivery) => delivery.attemptCount },
        {
          header: 'Last answer',
          cell: (delivery) => (
            <>
              {delivery.lastResponseStatus ?? (delivery.lastError ? 'no answer' : '—')}{' '}
              <span className="hint">
                {truncate(delivery.lastResponseBody ?? delivery.lastError, RESPONSE_PREVIEW_CHARS)}
              </span>
            </>
          ),
        },
        {
          header: 'Next attempt',
          cell: (delivery) => (delivery.status === 'PENDING' ? time(delivery.nextAttemptDate) : '—'),
        },
        {
          header: 'Actions',
          hiddenHeader: true,
          cell: (delivery) => (
            <form method="post" action={`/dashboard/webhooks/deliveries/${delivery.id}/replay`}>
              <CsrfField token={token} />
              <button type="submit" aria-label={`Replay delivery ${delivery.id}`}>
                Replay
              </button>
            </form>
          ),
        },
      ]}
    />
  )
}

const statusFilters: { value: string; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'DELIVERED', label: 'Delivered' },
  { value: 'DEAD', label: 'Dead' },
]

/** One endpoint: its settings, its state, its secret, and its delivery log with replays. */
export function WebhookEndpointPage(props: {
  owner: Owner
  endpoint: WebhookEndpoint
  values: EndpointFormValues
  violations: readonly FieldViolation[]
  deliveries: WebhookDelivery[]
  status: string
  rotatedSecret?: string | undefined
  notice?: string | undefined
}) {
  const { owner, endpoint } = props
  const token = owner.session.csrfToken
  const path = `/dashboard/webhooks/${endpoint.id}`
  const errors = toFormErrors(props.violations)
  return (
    <DashboardPage owner={owner} title={`Webhook ${endpoint.url}`} place="webhooks" notice={props.notice}>
      <p>
        <a href="/dashboard/webhooks">All endpoints</a>
      </p>
      <PageHeader title={endpoint.url} />
      {props.rotatedSecret && <NewSecret secret={props.rotatedSecret} heading="The endpoint’s new secret" />}
      <p>
        {endpoint.isEnabled ? (
          <Badge tone="ok">Enabled</Badge>
        ) : (
          <Badge tone="off">Disabled: deliveries wait</Badge>
        )}{' '}
        {endpoint.previousSecretExpiresDate &&
          `The previous secret still signs beside the new one until ${time(endpoint.previousSecretExpiresDate)}.`}
      </p>
      <div className="actions">
        <form method="post" action={`${path}/enabled`}>
          <CsrfField token={token} />
          <input type="hidden" name="enabled" value={endpoint.isEnabled ? 'false' : 'true'} />
          <button type="submit">{endpoint.isEnabled ? 'Disable' : 'Enable'}</button>
        </form>
        <form method="post" action={`${path}/rotate-secret`}>
          <CsrfField token={token} />
          <button
            type="submit"
            data-confirm="Rotate the secret? The old one keeps signing beside the new one for 24 hours."
          >
            Rotate secret
          </button>
        </form>
        <a className="button" href={`/dashboard/webhooks/inspector?endpoint=${endpoint.id}`}>
          Inspect what was sent
        </a>
        <form method="post" action={`${path}/delete`}>
          <CsrfField token={token} />
          <button
            type="submit"
            className="danger"
            data-confirm="Delete this endpoint and its delivery log? Nothing more is sent to it."
          >
            Delete endpoint
          </button>
        </form>
      </div>
      <PageSection id="settings" title="Settings">
        <Problems violations={props.violations} labels={endpointLabels} />
        <DashboardForm action={path} label="Endpoint settings" csrfToken={token} submitLabel="Save endpoint">
          <EndpointFields values={props.values} errors={errors} />
        </DashboardForm>
      </PageSection>
      <PageSection
        id="delivery-log"
        title="Delivery log"
        actions={
          <form method="post" action={`${path}/replay-dead`}>
            <CsrfField token={token} />
            <button type="submit">Replay every dead delivery</button>
          </form>
        }
      >
        <form method="get" action={path} className="filters" aria-label="Filter deliveries">
          <ListSelect label="Status" name="status" value={props.status} choices={statusFilters} />
          <button type="submit">Show</button>
        </form>
        <DeliveryLog owner={owner} deliveries={props.deliveries} />
      </PageSection>
    </DashboardPage>
  )
}

/** Text shown character for character, wrapped, ready to copy (a read-only text box). */
function ExactText(props: { label: string; text: string }) {
  return (
    <textarea
      readOnly
      className="secret"
      aria-label={props.label}
      rows={Math.min(12, Math.ceil(props.text.length / 120) + 1)}
      defaultValue={props.text}
    />
  )
}

/** One sent request, exactly: method and URL, every header, the body; then what came back. */
function SentRequest(props: { request: SentWebhookRequest }) {
  const { request } = props
  const head = [
    `${request.method} ${request.url}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\n')
  return (
    <article aria-label={`Attempt ${request.attemptNumber} of ${webhookEventText(request.eventType)}`}>
      <h3>
        {webhookEventText(request.eventType)} · attempt {request.attemptNumber} ·{' '}
        {time(request.attemptedDate)}
      </h3>
      <p>
        <a href={`/dashboard/webhooks/deliveries/${request.deliveryId}`}>Delivery</a> ·{' '}
        {request.responseStatus === null
          ? `No answer: ${request.error ?? 'unknown'}`
          : `Answered ${request.responseStatus} in ${request.durationMs} ms`}
      </p>
      {request.caveat && <p className="warning">{request.caveat}</p>}
      <h4>Request headers</h4>
      <pre className="secret">{head}</pre>
      <h4>Request body</h4>
      <ExactText label="Request body" text={request.body} />
      {request.responseBody !== null && (
        <>
          <h4>Response body (first characters)</h4>
          <ExactText label="Response body" text={request.responseBody} />
        </>
      )}
    </article>
  )
}

/**
 * The local webhook inspector: the latest requests the worker sent, exactly as sent (headers with the
 * Standard Webhooks id, timestamp and signatures, and the body), so a receiver on this machine can be
 * checked without a tunnel.
 */
export function WebhookInspectorPage(props: {
  owner: Owner
  endpoints: WebhookEndpoint[]
  endpointId: string
  requests: SentWebhookRequest[]
}) {
  return (
    <DashboardPage owner={props.owner} title="Webhook inspector" place="webhooks">
      <p>
        <a href="/dashboard/webhooks">All endpoints</a>
      </p>
      <PageHeader
        title="Local webhook inspector"
        description="The latest requests sent to your endpoints, as sent: verify a receiver’s signature check against them, or replay one from its delivery."
      />
      <form
        method="get"
        action="/dashboard/webhooks/inspector"
        className="filters"
        aria-label="Choose endpoint"
      >
        <ListSelect
          label="Endpoint"
          name="endpoint"
          value={props.endpointId}
          choices={[
            { value: '', label: 'Every endpoint' },
            ...props.endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.url })),
          ]}
        />
        <button type="submit">Show</button>
      </form>
      {props.requests.map((request) => (
        <SentRequest key={request.attemptId} request={request} />
      ))}
      {props.requests.length === 0 && <EmptyState>Nothing has been sent yet.</EmptyState>}
    </DashboardPage>
  )
}

/** One delivery: its state, a replay, and each attempt with the request exactly as sent. */
export function WebhookDeliveryPage(props: {
  owner: Owner
  delivery: WebhookDelivery
  requests: SentWebhookRequest[]
  notice?: string | undefined
}) {
  const { owner, delivery } = props
  return (
    <DashboardPage
      owner={owner}
      title={`Delivery: ${webhookEventText(delivery.eventType)}`}
      place="webhooks"
      notice={props.notice}
    >
      <p>
        <a href={`/dashboard/webhooks/${delivery.endpointId}`}>The endpoint’s delivery log</a>
      </p>
      <PageHeader
        title={
          <>
            Delivery: {webhookEventText(delivery.eventType)} (<code>{delivery.eventType}</code>){' '}
            <StatusBadge status={delivery.status} />
          </>
        }
        description={
          <>
            Event <code>{delivery.eventId}</code> about <code>{delivery.entityId}</code>.{' '}
            {countText(delivery.attemptCount, 'attempt')} in this round
            {delivery.status === 'PENDING' && `; next attempt ${time(delivery.nextAttemptDate)}`}.
          </>
        }
        actions={
          <form method="post" action={`/dashboard/webhooks/deliveries/${delivery.id}/replay`}>
            <CsrfField token={owner.session.csrfToken} />
            <button type="submit" className="primary">
              Replay now
            </button>
          </form>
        }
      />
      <PageSection id="attempts" title="Attempts, newest first">
        {props.requests.map((request) => (
          <SentRequest key={request.attemptId} request={request} />
        ))}
        {props.requests.length === 0 && <EmptyState>Not sent yet.</EmptyState>}
      </PageSection>
    </DashboardPage>
  )
}
