import { z } from 'zod'
import type { AdditionalFeeSetup, ShippingSetup, TaxSetup } from '../carts/pricing/pricing-input.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

const money = z.number().int().min(0).max(1_000_000_000)
const basisPoints = z.number().int().min(0).max(100_000)
const country = z.string().regex(/^([A-Z]{2}|\*)$/, 'must be an ISO-3166 alpha-2 code or *')

const AddressSchema = z.object({
  country: z.string().max(2).optional(),
  subdivision: z.string().max(10).optional(),
  city: z.string().max(100).optional(),
  postalCode: z.string().max(20).optional(),
  addressLine: z.string().max(200).optional(),
  addressLine2: z.string().max(200).optional(),
  formattedAddress: z.string().max(500).optional(),
})

const ShippingOptionSchema = z.object({
  code: z.string().min(1).max(50),
  title: z.string().min(1).max(100),
  rate: z.discriminatedUnion('type', [
    z.object({ type: z.literal('FLAT'), price: money }),
    z.object({
      type: z.literal('WEIGHT_TIERS'),
      tiers: z
        .array(z.object({ maxWeight: z.number().min(0), price: money }))
        .min(1)
        .max(20),
    }),
  ]),
  freeOverSubtotal: money.optional(),
  deliveryTime: z.string().max(100).optional(),
  deliveryTimeSlot: z.object({ from: z.iso.datetime(), to: z.iso.datetime() }).optional(),
  pickup: z
    .object({
      method: z.enum(['STORE_PICKUP', 'PICKUP_POINT']),
      address: AddressSchema,
      instructions: z.string().max(500).optional(),
    })
    .optional(),
})

const CarrierSchema = z.object({
  carrierId: z.string().min(1).max(50),
  shippingOptions: z.array(ShippingOptionSchema).min(1).max(20),
})

/** The merchant's setup as the API takes it: money in minor units, rates in basis points. */
export const CommerceSettingsSchema = z.object({
  shipping: z.object({
    regions: z
      .array(
        z.object({
          id: z.string().min(1).max(50),
          name: z.string().min(1).max(100),
          destinations: z
            .array(
              z.object({
                country,
                subdivisions: z.array(z.string().max(10)).max(100).optional(),
                postalCodePrefixes: z.array(z.string().max(20)).max(100).optional(),
              }),
            )
            .min(1)
            .max(100),
          carrierServiceOptions: z.array(CarrierSchema).min(1).max(10),
        }),
      )
      .max(50),
    pickupCarrierServiceOptions: z.array(CarrierSchema).max(10).optional(),
  }),
  tax: z.object({
    calculation: z.enum(['MANUAL', 'AUTO']),
    isAutoTaxDeactivated: z.boolean().optional(),
    isShippingTaxed: z.boolean(),
    regions: z
      .array(
        z.object({
          country: z.string().regex(/^[A-Z]{2}$/),
          isManual: z.boolean().optional(),
          isShippingTaxed: z.boolean().optional(),
          jurisdictions: z
            .array(
              z.object({
                name: z.string().min(1).max(100),
                type: z.enum(['UNDEFINED', 'COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL']),
                rateBasisPoints: basisPoints,
                ratesByTaxGroup: z.record(z.string().max(50), basisPoints).optional(),
                subdivision: z.string().max(10).optional(),
                city: z.string().max(100).optional(),
                postalCodePrefixes: z.array(z.string().max(20)).max(100).optional(),
              }),
            )
            .max(50),
        }),
      )
      .max(100),
  }),
  additionalFees: z
    .array(
      z.object({
        code: z.string().min(1).max(50),
        name: z.string().min(1).max(100),
        chargeType: z.enum(['HANDLING_FEE', 'INSURANCE']),
        value: z.discriminatedUnion('type', [
          z.object({ type: z.literal('FLAT'), amount: money }),
          z.object({ type: z.literal('PERCENTAGE'), basisPoints }),
        ]),
        isDeliveryOnly: z.boolean().optional(),
      }),
    )
    .max(20),
})

export type CommerceSettings = z.output<typeof CommerceSettingsSchema>

/** The setup in the pricing engine's terms (dates as dates). */
export interface PricingSetup {
  shipping: ShippingSetup
  tax: TaxSetup
  additionalFees: AdditionalFeeSetup[]
}

function withDates<T extends { deliveryTimeSlot?: { from: string; to: string } | undefined }>(option: T) {
  const { deliveryTimeSlot, ...rest } = option
  return deliveryTimeSlot
    ? {
        ...rest,
        deliveryTimeSlot: { from: new Date(deliveryTimeSlot.from), to: new Date(deliveryTimeSlot.to) },
      }
    : rest
}

function toShippingSetup(shipping: CommerceSettings['shipping']): ShippingSetup {
  const carriers = (list: CommerceSettings['shipping']['regions'][number]['carrierServiceOptions']) =>
    list.map((carrier) => ({ ...carrier, shippingOptions: carrier.shippingOptions.map(withDates) }))
  return {
    regions: shipping.regions.map((region) => ({
      ...region,
      carrierServiceOptions: carriers(region.carrierServiceOptions),
    })),
    pickupCarrierServiceOptions:
      shipping.pickupCarrierServiceOptions && carriers(shipping.pickupCarrierServiceOptions),
  }
}

export const EMPTY_SETTINGS: CommerceSettings = {
  shipping: { regions: [] },
  tax: { calculation: 'MANUAL', isShippingTaxed: false, regions: [] },
  additionalFees: [],
}

/** The site's setup as stored (the empty setup when the merchant has not made one). */
export async function getCommerceSettings(db: Db, siteId: string): Promise<CommerceSettings> {
  const row = await queryOne<{
    shipping: CommerceSettings['shipping']
    tax: CommerceSettings['tax']
    additional_fees: CommerceSettings['additionalFees']
  }>(db, 'select shipping, tax, additional_fees from commerce_settings where site_id = $1', [siteId])
  return row ? { shipping: row.shipping, tax: row.tax, additionalFees: row.additional_fees } : EMPTY_SETTINGS
}

/** Stores the site's setup whole. */
export async function putCommerceSettings(db: Db, siteId: string, settings: CommerceSettings, now: Date) {
  await db.query(
    `insert into commerce_settings (site_id, shipping, tax, additional_fees, updated_date) values ($1, $2, $3, $4, $5)
     on conflict (site_id) do update set shipping = excluded.shipping, tax = excluded.tax,
       additional_fees = excluded.additional_fees, updated_date = excluded.updated_date`,
    [
      siteId,
      JSON.stringify(settings.shipping),
      JSON.stringify(settings.tax),
      JSON.stringify(settings.additionalFees),
      now,
    ],
  )
}

/** The setup as the pricing engine reads it. */
export function toPricingSetup(settings: CommerceSettings): PricingSetup {
  return {
    shipping: toShippingSetup(settings.shipping),
    tax: settings.tax,
    additionalFees: settings.additionalFees,
  }
}
