import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { StoredCommerceSettings } from '../carts/cart-store.ts'
import type { CouponRow } from '../carts/coupon-store.ts'
import type { AdditionalFeeSetup, ShippingSetup, TaxSetup } from '../carts/pricing/pricing-input.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { invalidField } from '../http/errors.ts'
import { parseWith } from '../http/validation.ts'

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

/** The setup a `commerce_settings` row stores (the empty setup for no row). */
export function settingsFromStored(row: StoredCommerceSettings | undefined): CommerceSettings {
  return row
    ? {
        shipping: row.shipping as CommerceSettings['shipping'],
        tax: row.tax as CommerceSettings['tax'],
        additionalFees: row.additional_fees as CommerceSettings['additionalFees'],
      }
    : EMPTY_SETTINGS
}

/** The site's setup as stored (the empty setup when the merchant has not made one). */
export async function getCommerceSettings(db: Db, siteId: string): Promise<CommerceSettings> {
  const row = await queryOne<StoredCommerceSettings>(
    db,
    'select shipping, tax, additional_fees from commerce_settings where site_id = $1',
    [siteId],
  )
  return settingsFromStored(row)
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

/**
 * Changes part of the site's setup in one transaction: reads it locked (two editors never lose each
 * other's change), applies `change`, validates the result with the schema of
 * `PUT /ecom/v1/commerce-settings` and stores it.
 *
 * @throws ValidationError naming the fields of the whole setup (`shipping.regions[0].name`) that break it.
 */
export async function updateCommerceSettings(
  db: Db,
  siteId: string,
  change: (current: CommerceSettings) => CommerceSettings,
  now: Date,
): Promise<CommerceSettings> {
  return db.transaction(async (tx) => {
    await tx.query(
      `insert into commerce_settings (site_id, shipping, tax, additional_fees, updated_date)
       values ($1, $2, $3, $4, $5) on conflict (site_id) do nothing`,
      [
        siteId,
        JSON.stringify(EMPTY_SETTINGS.shipping),
        JSON.stringify(EMPTY_SETTINGS.tax),
        JSON.stringify(EMPTY_SETTINGS.additionalFees),
        now,
      ],
    )
    await tx.query('select site_id from commerce_settings where site_id = $1 for update', [siteId])
    const next = parseWith(CommerceSettingsSchema, change(await getCommerceSettings(tx, siteId)))
    await putCommerceSettings(tx, siteId, next, now)
    return next
  })
}

const couponKinds = ['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING'] as const

/**
 * A coupon as the merchant sets it up: `value` is basis points for PERCENTAGE (1000 = 10 %), minor
 * units for FIXED_AMOUNT and 0 for FREE_SHIPPING; dates are ISO-8601 instants, `null` for none.
 */
export const CouponInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'must be letters, digits, - and _'),
    name: z.string().trim().max(100).default(''),
    kind: z.enum(couponKinds),
    value: z.number().int().min(0).max(1_000_000_000),
    minimumSubtotal: money.nullable().default(null),
    startsAt: z.iso.datetime().nullable().default(null),
    expiresAt: z.iso.datetime().nullable().default(null),
    usageLimit: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
  })
  .superRefine((coupon, context) => {
    const problem =
      coupon.kind === 'PERCENTAGE' && (coupon.value < 1 || coupon.value > 10_000)
        ? 'must be between 1 and 10000 basis points (0.01 % to 100 %)'
        : coupon.kind === 'FIXED_AMOUNT' && coupon.value < 1
          ? 'must be at least 1 minor unit'
          : coupon.kind === 'FREE_SHIPPING' && coupon.value !== 0
            ? 'must be 0 for free shipping'
            : undefined
    if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem })
    if (coupon.startsAt && coupon.expiresAt && Date.parse(coupon.expiresAt) <= Date.parse(coupon.startsAt))
      context.addIssue({ code: 'custom', path: ['expiresAt'], message: 'must be after the start' })
  })

export type CouponInput = z.output<typeof CouponInputSchema>

/** The site's coupons, by code. */
export async function listCoupons(db: Db, siteId: string): Promise<CouponRow[]> {
  return db.query<CouponRow>('select * from coupons where site_id = $1 order by lower(code), id', [siteId])
}

/** One coupon of the site by id, or `undefined`. */
export async function findCouponById(db: Db, siteId: string, id: string): Promise<CouponRow | undefined> {
  return queryOne<CouponRow>(db, 'select * from coupons where site_id = $1 and id = $2', [siteId, id])
}

// Shoppers apply codes without case: two codes that differ only in case would be one code to them.
async function assertCodeFree(tx: Db, siteId: string, code: string, exceptId: string | null) {
  // One writer of a site's codes at a time: the check and the write cannot interleave with another's.
  await tx.query("select pg_advisory_xact_lock(hashtext('coupons:' || $1))", [siteId])
  const taken = await tx.query(
    'select 1 from coupons where site_id = $1 and lower(code) = lower($2) and id is distinct from $3::uuid',
    [siteId, code, exceptId],
  )
  if (taken.length > 0) throw invalidField('code', 'is already the code of another coupon')
}

/**
 * Creates a coupon; the input is validated with `CouponInputSchema`.
 *
 * @throws ValidationError for a bad field or a code the site already has (in any case).
 */
export async function createCoupon(db: Db, siteId: string, input: unknown, now: Date): Promise<CouponRow> {
  const coupon = parseWith(CouponInputSchema, input)
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, siteId, coupon.code, null)
    const row = await queryOne<CouponRow>(
      tx,
      `insert into coupons (id, site_id, code, name, kind, value, minimum_subtotal_minor, starts_at, expires_at,
         usage_limit, created_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
      [randomUUID(), siteId, ...toCouponColumns(coupon), now],
    )
    return row!
  })
}

/**
 * Replaces a coupon's setup; its usage count and eligible products stay. `undefined` when the site has
 * no such coupon.
 *
 * @throws ValidationError for a bad field or a code another coupon has.
 */
export async function updateCoupon(
  db: Db,
  siteId: string,
  id: string,
  input: unknown,
): Promise<CouponRow | undefined> {
  const coupon = parseWith(CouponInputSchema, input)
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, siteId, coupon.code, id)
    return queryOne<CouponRow>(
      tx,
      `update coupons set code = $3, name = $4, kind = $5, value = $6, minimum_subtotal_minor = $7,
         starts_at = $8, expires_at = $9, usage_limit = $10
       where site_id = $1 and id = $2 returning *`,
      [siteId, id, ...toCouponColumns(coupon)],
    )
  })
}

/** Deletes a coupon; carts that carry its code price without it from now on. Returns whether there was one. */
export async function deleteCoupon(db: Db, siteId: string, id: string): Promise<boolean> {
  const rows = await db.query('delete from coupons where site_id = $1 and id = $2 returning id', [siteId, id])
  return rows.length > 0
}

function toCouponColumns(coupon: CouponInput): unknown[] {
  return [
    coupon.code,
    coupon.name,
    coupon.kind,
    coupon.value,
    coupon.minimumSubtotal,
    coupon.startsAt,
    coupon.expiresAt,
    coupon.usageLimit,
  ]
}
