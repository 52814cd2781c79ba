import type { FieldViolation } from '../../http/errors.ts'
import type { IdpConnection } from '../../identity/sso/idp-connection-store.ts'
import { toFormErrors } from '../catalogue/product-form.ts'
import { CsrfField, DashboardPage, Field, Problems } from '../dashboard-layout.tsx'
import type { Owner } from '../session/owner-session.ts'

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
  const errors = toFormErrors(props.violations)
  return (
    <DashboardPage owner={owner} title="Single sign-on" place="sso" notice={props.notice}>
      <h1>Single sign-on</h1>
      <p>
        Members sign in with an ID token of an identity provider registered here. Keys published by the
        provider are fetched from it and followed when it rotates them.
      </p>
      <table aria-label="Identity providers">
        <thead>
          <tr>
            <th>Name</th>
            <th>Issuer</th>
            <th>Audience</th>
            <th>Keys</th>
            <th>Id</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {props.connections.map((connection) => (
            <tr key={connection.id}>
              <td>{connection.name}</td>
              <td>{connection.issuer}</td>
              <td>{connection.audience}</td>
              <td>{keysOf(connection)}</td>
              <td>
                <code>{connection.id}</code>
              </td>
              <td>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.connections.length === 0 && <p className="hint">No identity providers yet.</p>}
      <h2>New identity provider</h2>
      <Problems violations={props.violations} labels={labels} />
      <form method="post" action="/dashboard/sso" aria-label="New identity provider">
        <CsrfField token={token} />
        <Field label="Name" name="name" defaultValue={values.name} error={errors.name} required />
        <Field
          label="Issuer"
          name="issuer"
          defaultValue={values.issuer}
          error={errors.issuer}
          hint="The iss of its ID tokens, e.g. https://login.example.com"
          required
        />
        <Field
          label="Audience"
          name="audience"
          defaultValue={values.audience}
          error={errors.audience}
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
          name="jwksUrl"
          defaultValue={values.jwksUrl}
          error={errors.jwksUrl}
          hint="https on a public host; http and local addresses only in local development mode"
        />
        <label htmlFor="field-jwks">Public keys (a JWK Set, JSON)</label>
        <textarea id="field-jwks" name="jwks" defaultValue={values.jwks} />
        {errors.jwks && <p className="error-text">{errors.jwks}</p>}
        <div className="actions">
          <button type="submit" className="primary">
            Add identity provider
          </button>
        </div>
      </form>
    </DashboardPage>
  )
}
