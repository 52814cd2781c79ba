import type { CommerceSettings } from '../checkout/commerce-settings.ts'
import { putCommerceSettings } from '../checkout/commerce-settings.ts'
import type { Db } from '../db/db.ts'
import { deterministicId } from './deterministic-id.ts'

/** The demo store's shipping, tax and fee setup: the US and the EU, a pickup counter, sales tax and VAT. */
export const demoCommerceSettings: CommerceSettings = {
  shipping: {
    regions: [
      {
        id: 'us',
        name: 'United States',
        destinations: [{ country: 'US' }],
        carrierServiceOptions: [
          {
            carrierId: 'aisle-post',
            shippingOptions: [
              {
                code: 'standard',
                title: 'Standard',
                rate: { type: 'FLAT', price: 599 },
                freeOverSubtotal: 7500,
                deliveryTime: '3-5 business days',
              },
              {
                code: 'express',
                title: 'Express',
                rate: {
                  type: 'WEIGHT_TIERS',
                  tiers: [
                    { maxWeight: 1, price: 1499 },
                    { maxWeight: 5, price: 2499 },
                    { maxWeight: 30, price: 4999 },
                  ],
                },
                deliveryTime: '1-2 business days',
              },
            ],
          },
        ],
      },
      {
        id: 'eu',
        name: 'European Union',
        destinations: ['AT', 'BE', 'DE', 'ES', 'FR', 'IE', 'IT', 'NL', 'PT'].map((country) => ({ country })),
        carrierServiceOptions: [
          {
            carrierId: 'aisle-post',
            shippingOptions: [
              {
                code: 'international',
                title: 'International',
                rate: { type: 'FLAT', price: 1999 },
                deliveryTime: '5-10 business days',
              },
            ],
          },
        ],
      },
    ],
    pickupCarrierServiceOptions: [
      {
        carrierId: 'aisle-store',
        shippingOptions: [
          {
            code: 'pickup-brooklyn',
            title: 'Pick up in Brooklyn',
            rate: { type: 'FLAT', price: 0 },
            pickup: {
              method: 'STORE_PICKUP',
              address: {
                country: 'US',
                subdivision: 'US-NY',
                city: 'Brooklyn',
                postalCode: '11201',
                addressLine: '1 Front St',
              },
              instructions: 'At the counter, with your order number.',
            },
          },
        ],
      },
    ],
  },
  tax: {
    calculation: 'MANUAL',
    isShippingTaxed: false,
    regions: [
      {
        country: 'US',
        jurisdictions: [
          { name: 'New York State', type: 'STATE', rateBasisPoints: 400, subdivision: 'US-NY' },
          {
            name: 'New York City',
            type: 'CITY',
            rateBasisPoints: 450,
            subdivision: 'US-NY',
            city: 'New York',
          },
          { name: 'California', type: 'STATE', rateBasisPoints: 725, subdivision: 'US-CA' },
        ],
      },
      {
        country: 'DE',
        isShippingTaxed: true,
        jurisdictions: [{ name: 'Germany VAT', type: 'COUNTRY', rateBasisPoints: 1900 }],
      },
      {
        country: 'FR',
        isShippingTaxed: true,
        jurisdictions: [{ name: 'France VAT', type: 'COUNTRY', rateBasisPoints: 2000 }],
      },
    ],
  },
  additionalFees: [
    {
      code: 'handling',
      name: 'Handling',
      chargeType: 'HANDLING_FEE',
      value: { type: 'FLAT', amount: 100 },
      isDeliveryOnly: true,
    },
  ],
}

/** Ids of the demo plans (decision 046), for a paidPlansCheckout session's `planId`. */
export const DEMO_PLAN_IDS = {
  stationeryClub: deterministicId('demo/plan/stationery-club'),
  notebookTrial: deterministicId('demo/plan/notebook-trial'),
}

/**
 * Sets up the demo store's shipping, tax and fees, two coupons (WELCOME10, FREESHIP) and two plans: the
 * Stationery club (the stationery collection, 5 items a month, $20.00, bought again to renew) and a free
 * Notebook trial (one Meadow Notebook within 7 days, once per member).
 */
export async function seedDemoCommerce(db: Db, siteId: string, now: Date) {
  await putCommerceSettings(db, siteId, demoCommerceSettings, now)
  await db.query(
    `insert into coupons (id, site_id, code, name, kind, value, minimum_subtotal_minor, created_date) values
       ($1, $3, 'WELCOME10', '10 % off your first order', 'PERCENTAGE', 1000, null, $4),
       ($2, $3, 'FREESHIP', 'Free shipping over $40', 'FREE_SHIPPING', 0, 4000, $4)
     on conflict (site_id, code) do nothing`,
    [deterministicId('demo/coupon/welcome10'), deterministicId('demo/coupon/freeship'), siteId, now],
  )
  await db.query(
    `insert into plans (id, site_id, name, description, price_minor, duration_unit, duration_count, sessions,
       product_ids, collection_ids, created_date, updated_date, max_purchases_per_member) values
       ($1, $3, 'Stationery club', 'Five stationery items a month for one price.', 2000, 'MONTH', 1, 5, '{}',
        coalesce((select array_agg(id) from collections where site_id = $3 and slug = 'stationery'), '{}'), $4, $4,
        null),
       ($2, $3, 'Notebook trial', 'One Meadow Notebook free within a week.', 0, 'DAY', 7, 1,
        coalesce((select array_agg(id) from products where site_id = $3 and slug = 'meadow-notebook'), '{}'), '{}',
        $4, $4, 1)
     on conflict (id) do nothing`,
    [DEMO_PLAN_IDS.stationeryClub, DEMO_PLAN_IDS.notebookTrial, siteId, now],
  )
}
