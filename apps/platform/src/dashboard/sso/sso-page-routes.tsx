import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { IdParam, parseWith } from '../../http/validation.ts'
import {
  createIdpConnection,
  disableIdpConnection,
  listIdpConnections,
} from '../../identity/sso/idp-connection-store.ts'
import { IdpConnectionInput } from '../../identity/sso/sso-routes.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { emptyIdpForm, type IdpFormValues, SsoPage } from './sso-pages.tsx'

function readIdpForm(form: FormFields): IdpFormValues {
  const keySource = form.text('keySource')
  return {
    name: form.text('name').trim(),
    issuer: form.text('issuer').trim(),
    audience: form.text('audience').trim(),
    keySource: keySource === 'jwksUrl' || keySource === 'jwks' ? keySource : 'discovery',
    jwksUrl: form.text('jwksUrl').trim(),
    jwks: form.text('jwks'),
  }
}

/** The API's input for the form: only the key source chosen, pasted keys read as JSON. */
function toInput(values: IdpFormValues): unknown {
  const { name, issuer, audience } = values
  if (values.keySource === 'discovery') return { name, issuer, audience, discovery: true }
  if (values.keySource === 'jwksUrl') return { name, issuer, audience, jwksUrl: values.jwksUrl }
  try {
    return { name, issuer, audience, jwks: JSON.parse(values.jwks) }
  } catch {
    throw new ValidationError([
      { field: 'jwks', description: 'must be a JWK Set in JSON', violatedRule: 'FORMAT' },
    ])
  }
}

/**
 * Single sign-on in the dashboard: the site's identity providers, registered with the API's schema and
 * domain function (so the same URLs and keys are refused), and disabled.
 */
export function registerSsoPages(api: Api, deps: DashboardDeps) {
  const { db, clock } = deps
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  async function ssoPage(
    owner: Owner,
    options: { values?: IdpFormValues; violations?: FieldViolation[]; notice?: string; status?: number } = {},
  ) {
    return renderDashboardPage(
      <SsoPage
        owner={owner}
        connections={await listIdpConnections(db, owner.session.siteId)}
        values={options.values ?? emptyIdpForm}
        violations={options.violations ?? []}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/sso',
      operationId: 'dashboardSso',
      summary: "The site's identity providers for single sign-on",
      query: NoticeQuery,
    },
    async (owner, { query }) => ssoPage(owner, { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/sso',
      operationId: 'dashboardCreateIdpConnection',
      summary:
        'Register an identity provider (form: name, issuer, audience, keySource discovery, jwksUrl or jwks)',
    },
    async (owner, form) => {
      const values = readIdpForm(form)
      try {
        const input = parseWith(IdpConnectionInput, toInput(values))
        await createIdpConnection(db, { ...input, siteId: owner.session.siteId }, clock(), {
          localDevelopmentSites: deps.localDevelopmentSites,
        })
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error
        const violations = error.fieldViolations.map((violation) => ({
          ...violation,
          field: violation.field.replace(/^jwks\..*$/, 'jwks'),
        }))
        return ssoPage(owner, { values, violations, status: 400 })
      }
      return seeOther(withNotice('/dashboard/sso', 'idp-created'))
    },
  )

  postForm(
    {
      path: '/dashboard/sso/:id/disable',
      operationId: 'dashboardDisableIdpConnection',
      summary: 'Disable an identity provider: its tokens sign nobody in any more',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      if (!(await disableIdpConnection(db, owner.session.siteId, params.id, clock())))
        throw new ApplicationError(
          'IDP_CONNECTION_NOT_FOUND',
          'This site has no enabled identity provider with this id',
        )
      return seeOther(withNotice('/dashboard/sso', 'idp-disabled'))
    },
  )
}
