import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import type { CommerceSettings } from '../../checkout/commerce-settings.ts'
import type { Api } from '../../http/api.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { seeOther } from '../dashboard-layout.tsx'
import { withNotice } from '../notices.ts'
import type { DashboardDeps } from '../session/owner-session.ts'
import {
  applySetupForm,
  createSetupRoutes,
  removeAt,
  replaceAt,
  withShipping,
} from './commerce-setup-page-routes.tsx'
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

const regionPath = (id: string) => `/dashboard/setup/shipping/regions/${encodeURIComponent(id)}`

function indexOfRegion(settings: CommerceSettings, id: string): number {
  const index = settings.shipping.regions.findIndex((region) => region.id === id)
  if (index < 0) throw regionNotFound()
  return index
}

/** Shipping regions (destinations, carriers, options, rates, delivery times) and pickup locations. */
export function registerShippingSetupPages(api: Api, deps: DashboardDeps) {
  const { settingsOf, currencyOf, render, update, savedOrRefused, getPage, postForm } = createSetupRoutes(
    api,
    deps,
  )

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
    'Create a shipping region (form: name, countries, narrowed destination rows dest-N-*, option rows opt-N-*)',
    async (owner, form) => {
      const { reading, violations } = await applySetupForm(
        deps,
        owner,
        (current) => {
          const takenIds = new Set(current.shipping.regions.map((region) => region.id))
          const read = readRegionForm(form, undefined, currencyOf(owner), takenIds)
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
      return savedOrRefused(violations, regionPath(reading.region.id), () => (
        <ShippingRegionPage owner={owner} isNew values={reading.values} violations={violations} />
      ))
    },
  )

  getPage(
    '/dashboard/setup/shipping/regions/:regionId',
    'dashboardShippingRegion',
    'Edit a shipping region: destinations, carriers, options, rates and delivery times',
    async (owner, notice, params) => {
      const settings = await settingsOf(owner)
      const region = settings.shipping.regions[indexOfRegion(settings, params.regionId)]
      return render(
        <ShippingRegionPage
          owner={owner}
          isNew={false}
          values={toRegionFormValues(region, currencyOf(owner))}
          violations={[]}
          notice={notice}
        />,
      )
    },
    RegionParam,
  )

  postForm(
    '/dashboard/setup/shipping/regions/:regionId',
    'dashboardUpdateShippingRegion',
    'Save a shipping region',
    async (owner, form, params) => {
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
      return savedOrRefused(violations, regionPath(params.regionId), () => (
        <ShippingRegionPage owner={owner} isNew={false} values={reading.values} violations={violations} />
      ))
    },
    RegionParam,
  )

  postForm(
    '/dashboard/setup/shipping/regions/:regionId/delete',
    'dashboardDeleteShippingRegion',
    'Delete a shipping region',
    async (owner, _form, params) => {
      await update(owner, (current) =>
        withShipping(current, {
          regions: removeAt(current.shipping.regions, indexOfRegion(current, params.regionId)),
        }),
      )
      return seeOther(withNotice('/dashboard/setup/shipping', 'region-deleted'))
    },
    RegionParam,
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
    'Save the pickup locations (form: option rows opt-N-* with pickup method and address)',
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
                optionFieldRules(read.rowMap, read.tierRows),
              ),
          }
        },
        (current, read) => withShipping(current, { pickupCarrierServiceOptions: read.carriers }),
      )
      return savedOrRefused(violations, '/dashboard/setup/pickup', () => (
        <PickupPage owner={owner} rows={reading.rows} violations={violations} />
      ))
    },
  )
}
