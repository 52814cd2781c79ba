import { getShopDetails, updateShopDetails } from '../../checkout/shop-details.ts'
import type { Api } from '../../http/api.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { type ShopDetailsFormValues, ShopDetailsPage } from './shop-details-page.tsx'

/** The shop's name and mail colours: one form, checked by `updateShopDetails`. */
export function registerShopDetailsPages(api: Api, deps: DashboardDeps) {
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  /** The page with the stored details previewed; the form shows `values` (what was sent, when refused). */
  async function detailsPage(
    owner: Owner,
    options: {
      values?: ShopDetailsFormValues
      violations?: FieldViolation[]
      notice?: string
      status?: number
    },
  ) {
    const stored = await getShopDetails(deps.db, owner.session.siteId)
    return renderDashboardPage(
      <ShopDetailsPage
        owner={owner}
        stored={stored}
        values={options.values ?? stored}
        violations={options.violations ?? []}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/setup/shop',
      operationId: 'dashboardShopDetails',
      summary: "The shop's name and the colours of its mails",
      query: NoticeQuery,
    },
    (owner, { query }) => detailsPage(owner, { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/setup/shop',
      operationId: 'dashboardSaveShopDetails',
      summary:
        "Save the shop's name, mail colours and the checkout's phone rule (form: name, brandColour, accentColour, checkoutPhone)",
    },
    async (owner, form) => {
      const values = {
        name: form.text('name'),
        brandColour: form.text('brandColour'),
        accentColour: form.text('accentColour'),
        checkoutPhone: form.text('checkoutPhone'),
      }
      try {
        await updateShopDetails(deps.db, owner.session.siteId, values)
        return seeOther(withNotice('/dashboard/setup/shop', 'saved'))
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error
        return detailsPage(owner, { values, violations: error.fieldViolations, status: 400 })
      }
    },
  )
}
