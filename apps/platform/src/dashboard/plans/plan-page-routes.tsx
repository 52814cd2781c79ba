import { randomUUID } from 'node:crypto'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { identityOf } from '../../events/event-outbox.ts'
import type { Api } from '../../http/api.ts'
import { ApplicationError, type FieldViolation } from '../../http/errors.ts'
import { IdParam } from '../../http/validation.ts'
import { refundPlanPurchase } from '../../plan-checkout/refund-plan-purchase.ts'
import { listPlanPurchases } from '../../plans/plan-purchase-store.ts'
import {
  coverChoices,
  findPlan,
  listPlans,
  type PlanRow,
  savePlan,
  setPlanArchived,
} from '../../plans/plan-store.ts'
import { renderDashboardPage, seeOther } from '../dashboard-layout.tsx'
import { noticeText, withNotice } from '../notices.ts'
import { createDashboardRoutes, NoticeQuery } from '../owner-routes.ts'
import type { DashboardDeps, Owner } from '../session/owner-session.ts'
import { emptyPlanForm, type PlanFormValues, readPlanForm, toPlanFormValues } from './plan-form.ts'
import { PlanPage, PlansPage } from './plan-pages.tsx'

/** Plans (decision 046): the list with a new-plan form, editing one, archiving and restoring one. */
export function registerPlanPages(api: Api, deps: DashboardDeps) {
  const { db, clock } = deps
  const { page, form: postForm } = createDashboardRoutes(api, deps)

  async function getPlan(owner: Owner, id: string): Promise<PlanRow> {
    const plan = await findPlan(db, owner.session.siteId, id)
    if (!plan) throw new HTTPException(404, { message: 'The site has no such plan.' })
    return plan
  }

  async function listPage(
    owner: Owner,
    options: { values?: PlanFormValues; violations?: FieldViolation[]; notice?: string; status?: number },
  ) {
    const siteId = owner.session.siteId
    const [plans, choices] = await Promise.all([
      listPlans(db, siteId, { includeArchived: true }),
      coverChoices(db, siteId),
    ])
    return renderDashboardPage(
      <PlansPage
        owner={owner}
        plans={plans}
        values={options.values ?? emptyPlanForm}
        violations={options.violations ?? []}
        choices={choices}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  async function planPage(
    owner: Owner,
    plan: PlanRow,
    options: {
      values?: PlanFormValues
      violations?: FieldViolation[]
      notice?: string
      problem?: string
      status?: number
    },
  ) {
    return renderDashboardPage(
      <PlanPage
        owner={owner}
        plan={plan}
        purchases={await listPlanPurchases(db, owner.session.siteId, plan.id)}
        refundKey={randomUUID()}
        problem={options.problem}
        values={options.values ?? toPlanFormValues(plan, owner.session.site.currency)}
        violations={options.violations ?? []}
        choices={await coverChoices(db, owner.session.siteId)}
        notice={options.notice}
      />,
      deps,
      options.status,
    )
  }

  page(
    {
      path: '/dashboard/plans',
      operationId: 'dashboardPlans',
      summary: "The site's plans and a form for a new one",
      query: NoticeQuery,
    },
    async (owner, { query }) => listPage(owner, { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/plans',
      operationId: 'dashboardCreatePlan',
      summary:
        'Create a plan (form: name, description, price, durationCount, durationUnit, sessions, productIds, collectionIds)',
    },
    async (owner, form) => {
      const { values, fields, violations } = readPlanForm(form, owner.session.site.currency)
      if (!fields) return listPage(owner, { values, violations, status: 400 })
      const plan = await savePlan(db, owner.session.siteId, {
        id: randomUUID(),
        isNew: true,
        fields,
        now: clock(),
      })
      return seeOther(withNotice(`/dashboard/plans/${plan?.id}`, 'plan-created'))
    },
  )

  page(
    {
      path: '/dashboard/plans/:id',
      operationId: 'dashboardPlan',
      summary: 'Edit a plan',
      params: IdParam,
      query: NoticeQuery,
    },
    async (owner, { params, query }) =>
      planPage(owner, await getPlan(owner, params.id), { notice: noticeText(query.notice) }),
  )

  postForm(
    {
      path: '/dashboard/plans/:id',
      operationId: 'dashboardUpdatePlan',
      summary: 'Save a plan; memberships already bought keep what they were bought with',
      params: IdParam,
    },
    async (owner, form, { params }) => {
      const plan = await getPlan(owner, params.id)
      const { values, fields, violations } = readPlanForm(form, owner.session.site.currency)
      if (!fields) return planPage(owner, plan, { values, violations, status: 400 })
      await savePlan(db, owner.session.siteId, { id: plan.id, isNew: false, fields, now: clock() })
      return seeOther(withNotice(`/dashboard/plans/${plan.id}`, 'saved'))
    },
  )

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    postForm(
      {
        path: `/dashboard/plans/:id/${action}`,
        operationId: archived ? 'dashboardArchivePlan' : 'dashboardRestorePlan',
        summary: archived
          ? 'Archive a plan: sold no more, its memberships go on'
          : 'Put an archived plan back on sale',
        params: IdParam,
      },
      async (owner, _form, { params }) => {
        if (!(await setPlanArchived(db, owner.session.siteId, params.id, archived, clock())))
          throw new HTTPException(404, { message: 'The site has no such plan.' })
        return seeOther(
          withNotice(`/dashboard/plans/${params.id}`, archived ? 'plan-archived' : 'plan-restored'),
        )
      },
    )
  }

  postForm(
    {
      path: '/dashboard/plans/:id/purchases/:purchaseId/refund',
      operationId: 'dashboardRefundPlanPurchase',
      summary:
        'Refund a plan purchase in full through its payment provider (form: idempotencyKey) and end its membership',
      params: z.object({ id: z.string(), purchaseId: z.string() }),
    },
    async (owner, form, { params }) => {
      const plan = await getPlan(owner, params.id)
      const idempotencyKey = form.text('idempotencyKey').slice(0, 100)
      try {
        const result = await refundPlanPurchase(deps.payments, {
          siteId: owner.session.siteId,
          purchaseId: params.purchaseId,
          idempotencyKey: idempotencyKey || randomUUID(),
          identity: identityOf(owner.caller),
        })
        if (result.status === 'FAILED')
          return planPage(owner, plan, {
            problem: `The payment provider refused the refund: ${result.reason ?? 'no reason given'}`,
            status: 409,
          })
      } catch (error) {
        if (error instanceof ApplicationError)
          return planPage(owner, plan, { problem: error.description, status: 409 })
        throw error
      }
      return seeOther(withNotice(`/dashboard/plans/${plan.id}`, 'plan-refunded'))
    },
  )
}
