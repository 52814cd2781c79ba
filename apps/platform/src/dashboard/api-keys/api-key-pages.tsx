import type { FieldViolation } from '../../http/errors.ts'
import { type ApiKeySummary, apiKeyPermissions } from '../../sites/api-key-store.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { Checkbox, CsrfField, DashboardForm, DashboardPage, Field, Problems } from '../dashboard-layout.tsx'
import { timeText } from '../kit/dashboard-words.ts'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { Badge } from '../kit/status-badge.tsx'
import type { Owner } from '../session/owner-session.ts'

const permissionHints: Record<(typeof apiKeyPermissions)[number], string> = {
  catalogue: 'read merchant data, write products, collections and media',
  carts: "read shoppers' carts by id and add items to them, custom line items at your own price too",
  members: "manage the store's members",
  orders: 'read and manage orders',
  webhooks: 'manage webhook endpoints, their deliveries and replays',
}

/** The site's API keys: create one (shown once), revoke one. */
export function ApiKeysPage(props: {
  owner: Owner
  keys: ApiKeySummary[]
  violations: readonly FieldViolation[]
  created?: { name: string; key: string } | undefined
  notice?: string | undefined
}) {
  const { owner, created } = props
  const token = owner.session.csrfToken
  const errors = toFormErrors(props.violations)
  return (
    <DashboardPage owner={owner} title="API keys" place="api-keys" notice={props.notice}>
      <PageHeader
        title="API keys"
        description={
          <>
            Your servers call the merchant API with a key in <code>Authorization</code> and the site id{' '}
            <code>{owner.session.siteId}</code> in <code>aisle-site-id</code>.
          </>
        }
      />
      {created && (
        <section className="notice" aria-labelledby="created-heading">
          <h2 id="created-heading">Your new key “{created.name}”</h2>
          <p>
            Copy it now: it is shown only this once. Aisle keeps only a hash of it and cannot show it again.
          </p>
          <label htmlFor="new-api-key">New API key</label>
          <input id="new-api-key" className="secret wide" type="text" readOnly value={created.key} />
        </section>
      )}
      <DataTable
        label="API keys"
        rows={props.keys}
        rowKey={(key) => key.id}
        empty="No API keys yet."
        columns={[
          { header: 'Name', cell: (key) => key.name },
          { header: 'Permissions', cell: (key) => key.permissions.join(', ') },
          { header: 'Created', cell: (key) => timeText(key.createdDate) },
          {
            header: 'Status',
            cell: (key) =>
              key.revokedDate ? <Badge tone="off">Revoked</Badge> : <Badge tone="ok">Active</Badge>,
          },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (key) =>
              !key.revokedDate && (
                <form method="post" action={`/dashboard/api-keys/${key.id}/revoke`}>
                  <CsrfField token={token} />
                  <button
                    type="submit"
                    className="danger"
                    aria-label={`Revoke ${key.name}`}
                    data-confirm={`Revoke ${key.name}? Calls with it will fail at once.`}
                  >
                    Revoke
                  </button>
                </form>
              ),
          },
        ]}
      />
      <PageSection id="new-api-key-section" title="New API key">
        <Problems violations={props.violations} labels={{ name: 'Name', permissions: 'Permissions' }} />
        <DashboardForm
          action="/dashboard/api-keys"
          label="New API key"
          csrfToken={token}
          submitLabel="Create API key"
        >
          <Field
            label="Name"
            name="name"
            error={errors.name}
            hint="Where the key is used, e.g. “Inventory sync”"
            required
          />
          <fieldset>
            <legend>Permissions</legend>
            {apiKeyPermissions.map((permission) => (
              <Checkbox
                key={permission}
                name="permissions"
                value={permission}
                label={`${permission}: ${permissionHints[permission]}`}
                defaultChecked={permission === 'catalogue'}
              />
            ))}
            {errors.permissions && <p className="error-text">{errors.permissions}</p>}
          </fieldset>
        </DashboardForm>
      </PageSection>
    </DashboardPage>
  )
}
