import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation } from '../../http/errors.ts'
import { IdParam } from '../../http/validation.ts'
import {
  type ApiKeyPermission,
  apiKeyPermissions,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from '../../sites/api-key-store.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { ApiKeysPage } from './api-key-pages.tsx'

const isPermission = (value: string): value is ApiKeyPermission =>
  (apiKeyPermissions as readonly string[]).includes(value)

/** API keys of the site: list, create (the key shown once), revoke. */
export function registerApiKeyPages(api: Api, deps: DashboardDeps) {
  const { db, clock } = deps
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  async function keysPage(
    owner: Owner,
    options: {
      violations?: FieldViolation[]
      created?: { name: string; key: string }
      notice?: string
      status?: number
    } = {},
  ) {
    return renderDashboardPage(
      <ApiKeysPage
        owner={owner}
        keys={await listApiKeys(db, owner.session.siteId)}
        violations={options.violations ?? []}
        created={options.created}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/api-keys',
      operationId: 'dashboardApiKeys',
      summary: "The site's API keys",
      query: NoticeQuery,
    },
    async (owner, { query }) => keysPage(owner, { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/api-keys',
      operationId: 'dashboardCreateApiKey',
      summary: 'Create an API key (form: name, permissions); the answer shows the key, once',
    },
    async (owner, form) => {
      const name = form.text('name').trim()
      const permissions = form.texts('permissions').filter(isPermission)
      const violations: FieldViolation[] = []
      if (name.length === 0 || name.length > 80)
        violations.push({
          field: 'name',
          description: 'must be 1 to 80 characters',
          violatedRule: 'MAX_LENGTH',
        })
      if (permissions.length === 0)
        violations.push({
          field: 'permissions',
          description: 'must include at least one',
          violatedRule: 'MIN_SIZE',
        })
      if (violations.length > 0) return keysPage(owner, { violations, status: 400 })
      const { key } = await createApiKey(db, { siteId: owner.session.siteId, name, permissions }, clock())
      // A page, not a redirect: the key must never sit in a URL or a history entry.
      return keysPage(owner, { created: { name, key } })
    },
  )

  postForm(
    {
      path: '/dashboard/api-keys/:id/revoke',
      operationId: 'dashboardRevokeApiKey',
      summary: 'Revoke an API key: calls with it answer 401 from now on',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      if (!(await revokeApiKey(db, owner.session.siteId, params.id, clock())))
        throw new ApplicationError(
          'API_KEY_NOT_FOUND',
          'This site has no active API key with this id: it was revoked already, or it is not this site’s',
        )
      return seeOther(withNotice('/dashboard/api-keys', 'key-revoked'))
    },
  )
}
