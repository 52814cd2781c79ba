import { getShopDetails, updateShopDetails } from '../../checkout/shop-details.ts'
import { findShopIcon, setShopIcon } from '../../checkout/shop-icon.ts'
import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { uploadMedia } from '../../media/media-uploads.ts'
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
      iconError?: string
      notice?: string
      status?: number
    },
  ) {
    const [stored, icon] = await Promise.all([
      getShopDetails(deps.db, owner.session.siteId),
      findShopIcon(deps.db, owner.session.siteId, deps.publicUrl),
    ])
    return renderDashboardPage(
      <ShopDetailsPage
        owner={owner}
        icon={icon}
        iconError={options.iconError}
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

  postForm(
    {
      path: '/dashboard/setup/shop/icon',
      operationId: 'dashboardSaveShopIcon',
      summary:
        "Upload the shop's icon, the favicon of its storefront and hosted pages, or give the default back (multipart: icon, intent=upload|default)",
      upload: ['multipart/form-data', 'application/x-www-form-urlencoded'],
    },
    async (owner, form) => {
      const { siteId } = owner.session
      if (form.text('intent') === 'default') {
        await setShopIcon(deps.db, siteId, null)
        return seeOther(withNotice('/dashboard/setup/shop', 'saved'))
      }
      const file = form.file('icon')
      if (!file || file.size === 0)
        return detailsPage(owner, { iconError: 'Choose a picture to upload.', status: 400 })
      try {
        const bytes = new Uint8Array(await file.arrayBuffer())
        const { media } = await uploadMedia(deps.media, owner.caller, { bytes, fileName: file.name })
        await setShopIcon(deps.db, siteId, media.id)
        return seeOther(withNotice('/dashboard/setup/shop', 'saved'))
      } catch (error) {
        // An upload's refusals (no picture the store takes, too large) are the owner's to fix here.
        if (!(error instanceof ValidationError || error instanceof ApplicationError)) throw error
        const reason =
          error instanceof ValidationError ? error.fieldViolations[0]?.description : error.description
        return detailsPage(owner, {
          iconError: `That file can’t be the icon: it ${reason ?? 'was refused'}.`,
          status: 400,
        })
      }
    },
  )
}
