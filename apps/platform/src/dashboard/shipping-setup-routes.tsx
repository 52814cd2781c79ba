import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { type CommerceSettings, updateCommerceSettings } from '../checkout/commerce-settings.ts'
import type { Api } from '../http/api.ts'
import { type FieldViolation, ValidationError } from '../http/errors.ts'
import {
  applySetupForm,
  createSetupRoutes,
  NoticeQuery,
  setupPage as page,
  replaceAt,
  withShipping,
} from './commerce-setup-routes.tsx'
import { seeOther } from './dashboard-layout.tsx'
import { noticeText, withNotice } from './notices.ts'
import { type DashboardDeps, requireOwner, requireOwnerForm } from './owner-session.ts'
import { toFormFieldViolations } from './setup-violations.ts'
import {
  optionFieldRules,
  readOptionRows,
  readRegionForm,
  toOptionRows,
  toRegionFormValues,
} from './shipping-setup-form.ts'
import { PickupPage, ShippingRegionPage, ShippingRegionsPage } from './shipping-setup-pages.tsx'

const RegionParam = z.object({ regionId: z.string().min(1).max(50) })
/** The carrier of new pickup options when there is none yet. */
const PICKUP_CARRIER = 'store-pickup'

const regionNotFound = () => new HTTPException(404, { message: 'The site has no such shipping region.' })

function indexOfRegion(settings: CommerceSettings, id: string): number {
  const index = settings.shipping.regions.findIndex((region) => region.id === id)
  if (index < 0) throw regionNotFound()
  return index
}

/** Shipping regions (destinations, carriers, options, rates, delivery times) and pickup locations. */
export function registerShippingSetupPages(api: Api, deps: DashboardDeps) {
  const { db } = deps
  const { settingsOf, currencyOf, render, getPage, postForm } = createSetupRoutes(api, deps)

  // Shipping regions

  getPage(
    '/dashboard/setup/shipping',
    'dashboardShippingRegions',
    "The site's shipping regions",
    async (owner, notice) =>
      render(
        <ShippingRegionsPage
          owner={owner}
          regions={(await settingsOf(owner)).shipping.regions}
          notice={notice}
        />,
      ),
  )

  getPage(
    '/dashboard/setup/shipping/new',
    'dashboardNewShippingRegion',
    'The form of a new shipping region',
    async (owner) =>
      render(
        <ShippingRegionPage
          owner={owner}
          isNew
          values={toRegionFormValues(undefined, currencyOf(owner))}
          violations={[]}
        />,
      ),
  )

  postForm(
    '/dashboard/setup/shipping',
    'dashboardCreateShippingRegion',
    'Create a shipping region (form: id, name, destination rows dest-N-*, option rows opt-N-*)',
    async (owner, form) => {
      const { reading, violations } = await applySetupForm(
        deps,
        owner,
        (current) => {
          const read = readRegionForm(form, undefined, currencyOf(owner))
          const index = current.shipping.regions.length
          return { ...read, toFormViolations: (refused) => read.toFormViolations(refused, index) }
        },
        (current, read) => {
          if (current.shipping.regions.some((region) => region.id === read.region.id))
            throw new ValidationError([
              { field: 'id', description: 'is already the id of another region', violatedRule: 'VALIDATION' },
            ])
          return withShipping(current, { regions: [...current.shipping.regions, read.region] })
        },
      )
      if (violations.length === 0)
        return seeOther(
          withNotice(`/dashboard/setup/shipping/regions/${encodeURIComponent(reading.region.id)}`, 'saved'),
        )
      return render(
        <ShippingRegionPage owner={owner} isNew values={reading.values} violations={violations} />,
        400,
      )
    },
  )

  api.route(
    {
      ...page,
      method: 'get',
      path: '/dashboard/setup/shipping/regions/:regionId',
      operationId: 'dashboardShippingRegion',
      summary: 'Edit a shipping region: destinations, carriers, options, rates and delivery times',
      params: RegionParam,
      query: NoticeQuery,
    },
    async ({ params, query }, c) => {
      const owner = await requireOwner(c, deps)
      const settings = await settingsOf(owner)
      const region = settings.shipping.regions[indexOfRegion(settings, params.regionId)]
      return render(
        <ShippingRegionPage
          owner={owner}
          isNew={false}
          values={toRegionFormValues(region, currencyOf(owner))}
          violations={[]}
          notice={noticeText(query.notice)}
        />,
      )
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: '/dashboard/setup/shipping/regions/:regionId',
      operationId: 'dashboardUpdateShippingRegion',
      summary: 'Save a shipping region',
      params: RegionParam,
    },
    async ({ params }, c) => {
      const { owner, form } = await requireOwnerForm(c, deps)
      const { reading, violations } = await applySetupForm(
        deps,
        owner,
        (current) => {
          const index = indexOfRegion(current, params.regionId)
          const read = readRegionForm(form, current.shipping.regions[index], currencyOf(owner))
          return { ...read, index, toFormViolations: (refused) => read.toFormViolations(refused, index) }
        },
        (current, read) =>
          withShipping(current, { regions: replaceAt(current.shipping.regions, read.index, read.region) }),
      )
      if (violations.length === 0)
        return seeOther(
          withNotice(`/dashboard/setup/shipping/regions/${encodeURIComponent(params.regionId)}`, 'saved'),
        )
      return render(
        <ShippingRegionPage owner={owner} isNew={false} values={reading.values} violations={violations} />,
        400,
      )
    },
  )

  api.route(
    {
      ...page,
      method: 'post',
      path: '/dashboard/setup/shipping/regions/:regionId/delete',
      operationId: 'dashboardDeleteShippingRegion',
      summary: 'Delete a shipping region',
      params: RegionParam,
    },
    async ({ params }, c) => {
      const { owner } = await requireOwnerForm(c, deps)
      await updateCommerceSettings(
        db,
        owner.session.siteId,
        (current) => {
          const index = indexOfRegion(current, params.regionId)
          return withShipping(current, { regions: current.shipping.regions.filter((_, at) => at !== index) })
        },
        deps.clock(),
      )
      return seeOther(withNotice('/dashboard/setup/shipping', 'region-deleted'))
    },
  )

  // Pickup locations

  getPage(
    '/dashboard/setup/pickup',
    'dashboardPickup',
    'Pickup locations: store pickup and pickup points',
    async (owner, notice) => {
      const carriers = (await settingsOf(owner)).shipping.pickupCarrierServiceOptions ?? []
      return render(
        <PickupPage
          owner={owner}
          rows={toOptionRows(carriers, currencyOf(owner), PICKUP_CARRIER)}
          violations={[]}
          notice={notice}
        />,
      )
    },
  )

  postForm(
    '/dashboard/setup/pickup',
    'dashboardSavePickup',
    'Save the pickup locations (form: option rows opt-N-* with pickup address)',
    async (owner, form) => {
      const { reading, violations } = await applySetupForm(
        deps,
        owner,
        (current) => {
          const read = readOptionRows(form, current.shipping.pickupCarrierServiceOptions ?? [], {
            currency: currencyOf(owner),
            isPickup: true,
          })
          return {
            ...read,
            toFormViolations: (refused: readonly FieldViolation[]) =>
              toFormFieldViolations(
                refused,
                'shipping.pickupCarrierServiceOptions',
                optionFieldRules(read.rowMap),
              ),
          }
        },
        (current, read) => withShipping(current, { pickupCarrierServiceOptions: read.carriers }),
      )
      if (violations.length === 0) return seeOther(withNotice('/dashboard/setup/pickup', 'saved'))
      return render(<PickupPage owner={owner} rows={reading.rows} violations={violations} />, 400)
    },
  )
}
