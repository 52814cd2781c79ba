import { getShopDetails, updateShopDetails } from '../../checkout/shop-details.ts'
import { findShopIcon, findShopLogo, setShopIcon, setShopLogo } from '../../checkout/shop-icon.ts'
import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { uploadMedia } from '../../media/media-uploads.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { type ShopDetailsFormValues, ShopDetailsPage } from './shop-details-page.tsx'

/** The shop's name, colours and time zone (one form, checked by `updateShopDetails`), its logo and icon. */
export function registerShopDetailsPages(api: Api, deps: DashboardDeps) {
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  /** The page with the stored details previewed; the form shows `values` (what was sent, when refused). */
  async function detailsPage(
    owner: Owner,
    options: {
      values?: ShopDetailsFormValues
      violations?: FieldViolation[]
      iconError?: string
      logoError?: string
      notice?: string
      status?: number
    },
  ) {
    const [stored, icon, logo] = await Promise.all([
      getShopDetails(deps.db, owner.session.siteId),
      findShopIcon(deps.db, owner.session.siteId, deps.publicUrl),
      findShopLogo(deps.db, owner.session.siteId, deps.publicUrl),
    ])
    return renderDashboardPage(
      <ShopDetailsPage
        owner={owner}
        icon={icon}
        iconError={options.iconError}
        logo={logo}
        logoError={options.logoError}
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
      summary: "The shop's name, colours, time zone, logo and icon",
      query: NoticeQuery,
    },
    (owner, { query }) => detailsPage(owner, { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/setup/shop',
      operationId: 'dashboardSaveShopDetails',
      summary:
        "Save the shop's name, colours, time zone and the checkout's phone rule (form: name, brandColour, accentColour, checkoutPhone, timeZone)",
    },
    async (owner, form) => {
      const values = {
        name: form.text('name'),
        brandColour: form.text('brandColour'),
        accentColour: form.text('accentColour'),
        checkoutPhone: form.text('checkoutPhone'),
        timeZone: form.text('timeZone'),
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

  const pictures = {
    icon: { set: setShopIcon, use: 'the icon', describe: 'the favicon of its storefront and hosted pages' },
    logo: { set: setShopLogo, use: 'the logo', describe: 'the header of its hosted pages, beside its name' },
  } as const

  for (const [kind, picture] of Object.entries(pictures) as [
    keyof typeof pictures,
    (typeof pictures)[keyof typeof pictures],
  ][]) {
    postForm(
      {
        path: `/dashboard/setup/shop/${kind}`,
        operationId: kind === 'icon' ? 'dashboardSaveShopIcon' : 'dashboardSaveShopLogo',
        summary: `Upload the shop's ${kind}, ${picture.describe}, or take it away (multipart: ${kind}, intent=upload|default)`,
        upload: ['multipart/form-data', 'application/x-www-form-urlencoded'],
      },
      async (owner, form) => {
        const { siteId } = owner.session
        const refused = (error: string) =>
          detailsPage(owner, { [kind === 'icon' ? 'iconError' : 'logoError']: error, status: 400 })
        if (form.text('intent') === 'default') {
          await picture.set(deps.db, siteId, null)
          return seeOther(withNotice('/dashboard/setup/shop', 'saved'))
        }
        const file = form.file(kind)
        if (!file || file.size === 0) return refused('Choose a picture to upload.')
        try {
          const bytes = new Uint8Array(await file.arrayBuffer())
          const { media } = await uploadMedia(deps.media, owner.caller, { bytes, fileName: file.name })
          await picture.set(deps.db, siteId, media.id)
          return seeOther(withNotice('/dashboard/setup/shop', 'saved'))
        } catch (error) {
          // An upload's refusals (no picture the store takes, too large) are the owner's to fix here.
          if (!(error instanceof ValidationError || error instanceof ApplicationError)) throw error
          const reason =
            error instanceof ValidationError ? error.fieldViolations[0]?.description : error.description
          return refused(`That file can’t be ${picture.use}: it ${reason ?? 'was refused'}.`)
        }
      },
    )
  }
}
