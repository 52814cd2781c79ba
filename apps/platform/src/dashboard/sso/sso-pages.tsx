import type { FieldViolation } from '../../http/errors.ts'
import type { IdpConnection } from '../../identity/sso/idp-connection-store.ts'
import { CsrfField, DashboardPage, Field } from '../dashboard-layout.tsx'
import { DataTable } from '../kit/data-table.tsx'
import { PageHeader } from '../kit/page-header.tsx'
import { PageSection } from '../kit/page-section.tsx'
import { RecordForm } from '../kit/record-form.tsx'
import type { Owner } from '../session/owner-session.ts'
import { TextArea } from '../setup/setup-fields.tsx'

/** What the new-provider form holds: as typed, so a refused form comes back as it was. */
export interface IdpFormValues {
  name: string
  issuer: string
  audience: string
  keySource: 'discovery' | 'jwksUrl' | 'jwks'
  jwksUrl: string
  jwks: string
}

export const emptyIdpForm: IdpFormValues = {
  name: '',
  issuer: '',
  audience: '',
  keySource: 'discovery',
  jwksUrl: '',
  jwks: '',
}

const labels = {
  name: 'Name',
  issuer: 'Issuer',
  audience: 'Audience',
  jwksUrl: 'JWKS URL',
  jwks: 'Public keys',
}

function keysOf(connection: IdpConnection): string {
  if (connection.discovery) return 'OpenID discovery of the issuer'
  if (connection.jwksUrl) return connection.jwksUrl
  return `${connection.jwks?.keys.length ?? 0} pasted key(s)`
}

/** The site's identity providers: register one (its keys by discovery, a JWKS URL or pasted), disable one. */
export function SsoPage(props: {
  owner: Owner
  connections: IdpConnection[]
  values: IdpFormValues
  violations: readonly FieldViolation[]
  notice?: string | undefined
}) {
  const { owner, values } = props
  const token = owner.session.csrfToken
  return (
    <DashboardPage owner={owner} title="Single sign-on" place="sso" notice={props.notice}>
      <PageHeader
        title="Single sign-on"
        description="Members sign in with an ID token of an identity provider registered here. Keys published by the provider are fetched from it and followed when it rotates them."
      />
      <DataTable
        label="Identity providers"
        rows={props.connections}
        rowKey={(connection) => connection.id}
        empty="No identity providers yet."
        columns={[
          { header: 'Name', cell: (connection) => connection.name },
          { header: 'Issuer', cell: (connection) => connection.issuer },
          { header: 'Audience', cell: (connection) => connection.audience },
          { header: 'Keys', cell: (connection) => keysOf(connection) },
          { header: 'Id', cell: (connection) => <code>{connection.id}</code> },
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (connection) => (
              <form method="post" action={`/dashboard/sso/${connection.id}/disable`}>
                <CsrfField token={token} />
                <button
                  type="submit"
                  className="danger"
                  aria-label={`Disable ${connection.name}`}
                  data-confirm={`Disable ${connection.name}? Its tokens will sign nobody in.`}
                >
                  Disable
                </button>
              </form>
            ),
          },
        ]}
      />
      <PageSection id="new-identity-provider" title="New identity provider">
        <RecordForm
          owner={owner}
          action="/dashboard/sso"
          label="New identity provider"
          submitLabel="Add identity provider"
          values={values}
          violations={props.violations}
          labels={labels}
        >
          {(row) => (
            <>
              <Field label="Name" {...row('name')} required />
              <Field
                label="Issuer"
                {...row('issuer')}
                hint="The iss of its ID tokens, e.g. https://login.example.com"
                required
              />
              <Field
                label="Audience"
                {...row('audience')}
                hint="The aud of its ID tokens: your client id there"
                required
              />
              <fieldset>
                <legend>Signing keys</legend>
                {(
                  [
                    ['discovery', 'Found by OpenID discovery of the issuer (recommended)'],
                    ['jwksUrl', 'At a JWKS URL'],
                    ['jwks', 'Pasted (they must be pasted again when the provider rotates them)'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="choice">
                    <input
                      type="radio"
                      name="keySource"
                      value={value}
                      defaultChecked={values.keySource === value}
                    />{' '}
                    {label}
                  </label>
                ))}
              </fieldset>
              <Field
                label="JWKS URL"
                {...row('jwksUrl')}
                hint="https on a public host; http and local addresses only in local development mode"
              />
              <TextArea label="Public keys (a JWK Set, JSON)" {...row('jwks')} />
            </>
          )}
        </RecordForm>
      </PageSection>
    </DashboardPage>
  )
}
