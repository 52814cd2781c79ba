import {
  ApiKeyStrategy,
  authentication,
  createClient,
  createMemoryTokenStorage,
  currentCart,
  OAuthStrategy,
  products,
} from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Db } from '../db/db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createApiKey } from '../sites/api-key-store.ts'
import { MEMBER_PASSWORD, newEmail } from '../testing/member-flows.ts'
import { findClassicTee } from '../testing/placed-orders.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { parseWith } from './validation.ts'
import { wireNumber } from './wire-number.ts'

describe('wireNumber', () => {
  const Body = z.object({ quantity: wireNumber(z.number().int().min(1)).default(1) })
  const violations = (body: unknown) => {
    try {
      parseWith(Body, body)
    } catch (error) {
      return (error as { fieldViolations: unknown }).fieldViolations
    }
    throw new Error('accepted')
  }

  it('reads "NaN", "Infinity" and "-Infinity" as numbers and refuses them where the field must be finite', () => {
    for (const spelling of ['NaN', 'Infinity', '-Infinity']) {
      expect(violations({ quantity: spelling })).toEqual([
        { field: 'quantity', description: 'must be a finite number', violatedRule: 'VALIDATION' },
      ])
    }
    expect(violations({ quantity: Number.POSITIVE_INFINITY })).toEqual(violations({ quantity: 'Infinity' }))
  })

  it('keeps every other value as before: numbers checked by the field, other strings refused as strings', () => {
    expect(parseWith(Body, { quantity: 3 })).toEqual({ quantity: 3 })
    expect(parseWith(Body, {})).toEqual({ quantity: 1 })
    expect(violations({ quantity: 0 })).toMatchObject([{ field: 'quantity', violatedRule: 'MIN' }])
    for (const text of ['2', 'nan', 'infinity', '']) {
      expect(violations({ quantity: text })).toMatchObject([
        { field: 'quantity', description: 'Invalid input: expected number, received string' },
      ])
    }
  })

  it('shows a client in the OpenAPI document that it may send the spellings, with the field’s own bounds', () => {
    expect(z.toJSONSchema(Body, { io: 'input', unrepresentable: 'any' }).properties?.quantity).toMatchObject({
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', enum: ['NaN', 'Infinity', '-Infinity'] },
      ],
    })
  })
})

// The SDK sends NaN and the infinities as their spellings (spec section 5); the platform reads them back.
describe.each(databaseKinds())('non-finite numbers in request bodies on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let tee: { id: string; variantId: string }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    tee = await findClassicTee(db)
  })
  afterAll(() => db.close())

  function shopper() {
    const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() })
    const client = createClient({
      auth,
      modules: { currentCart, authentication },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
    return { auth, client }
  }
  const line = (quantity: number) => ({
    catalogReference: { catalogItemId: tee.id, appId: 'stores', options: { variantId: tee.variantId } },
    quantity,
  })
  const finiteViolation = (field: string) => ({
    code: 'INVALID_ARGUMENT',
    details: {
      validationError: {
        fieldViolations: [{ field, description: 'must be a finite number', violatedRule: 'VALIDATION' }],
      },
    },
  })

  it('refuses a non-finite quantity from the SDK with the normalised error, and changes nothing', async () => {
    const { client } = shopper()
    const cart = await client.currentCart.addToCurrentCart({ lineItems: [line(2)] })
    for (const quantity of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      await expect(
        client.currentCart.addToCurrentCart({ lineItems: [line(quantity)] }),
      ).rejects.toMatchObject(finiteViolation('lineItems[0].quantity'))
      await expect(
        client.currentCart.updateCurrentCartLineItemQuantity([{ _id: cart.lineItems![0]!._id!, quantity }]),
      ).rejects.toMatchObject(finiteViolation('lineItems[0].quantity'))
    }
    expect((await client.currentCart.getCurrentCart()).lineItems?.map((item) => item.quantity)).toEqual([2])
  })

  it('refuses a non-finite price or paging limit sent as a string, as protobuf JSON does', async () => {
    const { key } = await createApiKey(
      db,
      { siteId: DEMO_SITE_ID, name: 'catalogue', permissions: ['catalogue'] },
      platform.clock(),
    )
    const merchant = createClient({
      auth: ApiKeyStrategy({ apiKey: key, siteId: DEMO_SITE_ID }),
      modules: { products },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
    await expect(
      merchant.products.bulkUpdateProductsProperty({ ids: [tee.id], set: { price: Number.NaN } }),
    ).rejects.toMatchObject(finiteViolation('set.price'))
    const visitor = (await platform.visitorTokens()).access_token
    const query = await platform.call('POST', '/stores/v1/products/query-platformized', {
      token: visitor,
      body: { query: { paging: { limit: 'Infinity' } } },
    })
    expect(query.status).toBe(400)
    expect(query.json.details.validationError.fieldViolations).toEqual([
      { field: 'query.paging.limit', description: 'must be a finite number', violatedRule: 'VALIDATION' },
    ])
    const finite = await platform.call('POST', '/stores/v1/products/query-platformized', {
      token: visitor,
      body: { query: { paging: { limit: 2 } } },
    })
    expect(finite.json.products).toHaveLength(2)
  })

  it('keeps a non-finite number where the field holds one: a custom field’s numValue reads back as a number', async () => {
    const { client } = shopper()
    const answer = await client.authentication.registerV2({
      loginId: { email: newEmail('non-finite') },
      password: MEMBER_PASSWORD,
      profile: {
        customFields: [
          { name: 'unbounded', value: { numValue: Number.NEGATIVE_INFINITY } },
          { name: 'unknown', value: { numValue: Number.NaN } },
        ],
      },
    })
    expect(answer.identity?.identityProfile?.customFields?.map((field) => field.value?.numValue)).toEqual([
      Number.NEGATIVE_INFINITY,
      Number.NaN,
    ])
  })
})
