import { HTTPException } from 'hono/http-exception'
import type { CouponRow } from '../../carts/coupon-store.ts'
import {
  createCoupon,
  deleteCoupon,
  findCouponById,
  listCoupons,
  updateCoupon,
} from '../../checkout/commerce-settings.ts'
import type { Api } from '../../http/api.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { IdParam } from '../../http/validation.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { type CouponFormValues, emptyCouponForm, readCouponForm, toCouponFormValues } from './coupon-form.ts'
import { CouponPage, CouponsPage } from './coupon-pages.tsx'

/** The violations of a refused coupon; any other error goes on to the error page. */
function toRefusal(error: unknown): FieldViolation[] {
  if (error instanceof ValidationError) return error.fieldViolations
  throw error
}

/** Coupons: the list with a new-coupon form, editing one, deleting one. */
export function registerCouponPages(api: Api, deps: DashboardDeps) {
  const { db, clock } = deps
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  async function getCoupon(owner: Owner, id: string): Promise<CouponRow> {
    const coupon = await findCouponById(db, owner.session.siteId, id)
    if (!coupon) throw new HTTPException(404, { message: 'The site has no such coupon.' })
    return coupon
  }

  async function listPage(
    owner: Owner,
    options: { values?: CouponFormValues; violations?: FieldViolation[]; notice?: string; status?: number },
  ) {
    return renderDashboardPage(
      <CouponsPage
        owner={owner}
        coupons={await listCoupons(db, owner.session.siteId)}
        values={options.values ?? emptyCouponForm}
        violations={options.violations ?? []}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/setup/coupons',
      operationId: 'dashboardCoupons',
      summary: "The site's coupons and a form for a new one",
      query: NoticeQuery,
    },
    async (owner, { query }) => listPage(owner, { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/setup/coupons',
      operationId: 'dashboardCreateCoupon',
      summary:
        'Create a coupon (form: code, name, kind, value, minimumSubtotal, startsAt, expiresAt, usageLimit)',
    },
    async (owner, form) => {
      const { values, input, violations } = readCouponForm(form, owner.session.site.currency)
      let refused = violations
      if (refused.length === 0) {
        try {
          const coupon = await createCoupon(db, owner.session.siteId, input, clock())
          return seeOther(withNotice(`/dashboard/setup/coupons/${coupon.id}`, 'coupon-created'))
        } catch (error) {
          refused = toRefusal(error)
        }
      }
      return listPage(owner, { values, violations: refused, status: 400 })
    },
  )

  page(
    {
      path: '/dashboard/setup/coupons/:id',
      operationId: 'dashboardCoupon',
      summary: 'Edit a coupon',
      params: IdParam,
      query: NoticeQuery,
    },
    async (owner, { params, query }) => {
      const coupon = await getCoupon(owner, params.id)
      return renderDashboardPage(
        <CouponPage
          owner={owner}
          coupon={coupon}
          values={toCouponFormValues(coupon, owner.session.site.currency)}
          violations={[]}
          notice={noticeText(query.notice)}
        />,
        deps,
      )
    },
  )

  postForm(
    {
      path: '/dashboard/setup/coupons/:id',
      operationId: 'dashboardUpdateCoupon',
      summary: 'Save a coupon; its usage count stays',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const coupon = await getCoupon(owner, params.id)
      const { values, input, violations } = readCouponForm(form, owner.session.site.currency)
      let refused = violations
      if (refused.length === 0) {
        try {
          if (!(await updateCoupon(db, owner.session.siteId, params.id, input)))
            throw new HTTPException(404, { message: 'The site has no such coupon.' })
          return seeOther(withNotice(`/dashboard/setup/coupons/${params.id}`, 'saved'))
        } catch (error) {
          refused = toRefusal(error)
        }
      }
      return renderDashboardPage(
        <CouponPage owner={owner} coupon={coupon} values={values} violations={refused} />,
        deps,
        400,
      )
    },
  )

  postForm(
    {
      path: '/dashboard/setup/coupons/:id/delete',
      operationId: 'dashboardDeleteCoupon',
      summary: 'Delete a coupon',
      params: IdParam,
    },
    async (owner, _form, { params }) => {
      if (!(await deleteCoupon(db, owner.session.siteId, params.id)))
        throw new HTTPException(404, { message: 'The site has no such coupon.' })
      return seeOther(withNotice('/dashboard/setup/coupons', 'coupon-deleted'))
    },
  )
}
