import { getShopDetails, updateShopDetails } from '../../checkout/shop-details.ts'
import type { Api } from '../../http/api.ts'
import { ValidationError } from '../../http/errors.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps } from '../session/owner-session.ts'
import { ShopDetailsPage } from './shop-details-page.tsx'

/** The shop's name and mail colours: one form, checked by `updateShopDetails`. */
export function registerShopDetailsPages(api: Api, deps: DashboardDeps) {
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  page(
    {
      path: '/dashboard/setup/shop',
      operationId: 'dashboardShopDetails',
      summary: "The shop's name and the colours of its mails",
      query: NoticeQuery,
    },
    async (owner, { query }) => {
      const stored = await getShopDetails(deps.db, owner.session.siteId)
      return renderDashboardPage(
        <ShopDetailsPage
          owner={owner}
          stored={stored}
          values={stored}
          violations={[]}
          notice={noticeText(query.notice)}
        />,
        deps,
      )
    },
  )

  postForm(
    {
      path: '/dashboard/setup/shop',
      operationId: 'dashboardSaveShopDetails',
      summary: "Save the shop's name and mail colours (form: name, brandColour, accentColour)",
    },
    async (owner, form) => {
      const values = {
        name: form.text('name'),
        brandColour: form.text('brandColour'),
        accentColour: form.text('accentColour'),
      }
      try {
        await updateShopDetails(deps.db, owner.session.siteId, values)
        return seeOther(withNotice('/dashboard/setup/shop', 'saved'))
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error
        const stored = await getShopDetails(deps.db, owner.session.siteId)
        return renderDashboardPage(
          <ShopDetailsPage
            owner={owner}
            stored={stored}
            values={values}
            violations={error.fieldViolations}
          />,
          deps,
          400,
        )
      }
    },
  )
}
