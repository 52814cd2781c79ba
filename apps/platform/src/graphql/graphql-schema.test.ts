import {
  buildSchema,
  type GraphQLOutputType,
  getNamedType,
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  valueFromAST,
} from 'graphql'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CartSchema } from '../carts/cart-schemas.ts'
import { CollectionSchema, ProductSchema, StoreVariantSchema } from '../catalogue/catalogue-schemas.ts'
import { CartEstimateSchema } from '../checkout/checkout-schemas.ts'
import { attachResolvers } from './resolvers.ts'
import { createAlphaSchema } from './schema.ts'
import { relationFields } from './testing/select-all.ts'

const schema = createAlphaSchema()

type AnyZod = z.ZodType & { _zod: { def: Record<string, any> } }

/** Drops optional, nullable and default wrappers; says whether the field may be absent. */
function unwrap(type: AnyZod): { type: AnyZod; optional: boolean } {
  let optional = false
  let current = type
  while (['optional', 'nullable', 'default'].includes(current._zod.def.type)) {
    optional = true
    current = current._zod.def.innerType
  }
  return { type: current, optional }
}

/**
 * Where the GraphQL type of a REST wire field disagrees with the field's zod schema: a missing field,
 * a non-null GraphQL field that REST may leave out, another kind of value, other enum values.
 */
function mismatches(zodType: AnyZod, graphQLType: GraphQLOutputType, path: string): string[] {
  const { type, optional } = unwrap(zodType)
  if (optional && isNonNullType(graphQLType)) return [`${path}: REST may leave it out, GraphQL says non-null`]
  const nullable = getNullableType(graphQLType)
  const def = type._zod.def
  switch (def.type) {
    case 'object': {
      if (!isObjectType(nullable)) return [`${path}: an object on REST`]
      const fields = nullable.getFields()
      return Object.entries(def.shape as Record<string, AnyZod>).flatMap(([name, field]) => {
        const graphQLField = fields[name]
        if (!graphQLField) return [`${path}.${name}: missing in ${nullable.name}`]
        return mismatches(field, graphQLField.type, `${path}.${name}`)
      })
    }
    case 'array':
      if (!isListType(nullable)) return [`${path}: a list on REST`]
      return def.element._zod.def.type === 'unknown'
        ? []
        : mismatches(def.element, nullable.ofType, `${path}[]`)
    case 'record':
      return getNamedType(nullable).name === 'JSONObject' ? [] : [`${path}: a JSON object on REST`]
    case 'literal':
      return isEnumType(nullable) || ['String', 'ID'].includes(getNamedType(nullable).name)
        ? []
        : [`${path}: a literal on REST`]
    case 'enum': {
      if (!isEnumType(nullable)) return [`${path}: an enumeration on REST`]
      const values = nullable.getValues().map((value) => value.name)
      return [...values].sort().join() === Object.keys(def.entries).sort().join()
        ? []
        : [`${path}: values ${values} against ${Object.keys(def.entries)}`]
    }
    default: {
      const name = isScalarType(nullable) ? nullable.name : '?'
      const expected: Record<string, string[]> = {
        string: ['String', 'ID'],
        number: (type as { isInt?: boolean }).isInt ? ['Int', 'Float'] : ['Float'],
        boolean: ['Boolean'],
      }
      return expected[def.type]?.includes(name) ? [] : [`${path}: ${def.type} on REST, ${name} in GraphQL`]
    }
  }
}

/** The fields of a GraphQL type that the REST form does not have. */
function extraFields(zodType: AnyZod, typeName: string): string[] {
  const type = schema.getType(typeName)
  const shape = unwrap(zodType).type._zod.def.shape as Record<string, unknown>
  if (!isObjectType(type)) return [typeName]
  return Object.keys(type.getFields())
    .filter((name) => !(name in shape))
    .map((name) => `${typeName}.${name}`)
}

function fieldsOf(typeName: string): string[] {
  const type = schema.getType(typeName)
  return isObjectType(type) ? Object.keys(type.getFields()) : []
}

describe('the alpha schema', () => {
  it('mirrors the REST wire forms field for field: names, kinds, nullability and enum values', () => {
    const pairs: [AnyZod, string][] = [
      [ProductSchema as unknown as AnyZod, 'Product'],
      [StoreVariantSchema as unknown as AnyZod, 'Variant'],
      [CollectionSchema as unknown as AnyZod, 'Collection'],
      [CartSchema as unknown as AnyZod, 'Cart'],
      [CartEstimateSchema as unknown as AnyZod, 'TotalsEstimate'],
    ]
    for (const [zodType, typeName] of pairs) {
      const type = schema.getType(typeName)
      expect(isObjectType(type)).toBe(true)
      expect(mismatches(zodType, type as GraphQLOutputType, typeName)).toEqual([])
    }
    const extras = pairs.flatMap(([zodType, typeName]) => extraFields(zodType, typeName))
    expect(extras.sort()).toEqual(
      [...relationFields].filter((field) => pairs.some(([, name]) => field.startsWith(`${name}.`))).sort(),
    )
  })

  it('would notice a field GraphQL lacks, a non-null REST may leave out, another kind or other enum values', () => {
    const drifted = z.object({
      id: z.string().optional(),
      nope: z.string(),
      weight: z.string(),
      productType: z.enum(['physical', 'digital', 'service']),
    }) as unknown as AnyZod
    expect(mismatches(drifted, schema.getType('Product') as GraphQLOutputType, 'Product')).toEqual([
      'Product.id: REST may leave it out, GraphQL says non-null',
      'Product.nope: missing in Product',
      'Product.weight: string on REST, Float in GraphQL',
      'Product.productType: values physical,digital against physical,digital,service',
    ])
  })

  it('has the fields of the spec’s entities (section 3)', () => {
    expect(fieldsOf('Product')).toEqual(
      expect.arrayContaining([
        'id',
        'weight',
        'price',
        'priceData',
        'costAndProfitData',
        'variants',
        'weightRange',
        'priceRange',
        'discount',
        'lastUpdated',
        'createdDate',
      ]),
    )
    expect(fieldsOf('PriceData')).toEqual(expect.arrayContaining(['price', 'discountedPrice']))
    expect(fieldsOf('CostAndProfitData')).toEqual(
      expect.arrayContaining(['itemCost', 'profit', 'profitMargin']),
    )
    expect(fieldsOf('VariantDetails')).toEqual(
      expect.arrayContaining(['weight', 'priceData', 'costAndProfitData']),
    )
    expect(fieldsOf('Collection')).toEqual(expect.arrayContaining(['id', 'slug']))
    expect(fieldsOf('Cart')).toEqual(
      expect.arrayContaining([
        'createdDate',
        'updatedDate',
        'lineItems',
        'couponCode',
        'cartInfo',
        'appliedDiscounts',
      ]),
    )
    expect(fieldsOf('LineItem')).toEqual(
      expect.arrayContaining(['image', 'url', 'physicalProperties', 'serviceProperties', 'quantity']),
    )
    expect(fieldsOf('TotalsEstimate')).toEqual(
      expect.arrayContaining(['cart', 'shippingInfo', 'membershipOptions', 'appliedDiscounts']),
    )
    expect(fieldsOf('Logistics')).toEqual(expect.arrayContaining(['deliveryTimeSlot', 'pickupDetails']))
    expect(fieldsOf('Membership')).toContain('expirationDate')
    expect(fieldsOf('MerchantDiscount')).toContain('percentage')
    expect(fieldsOf('Address')).toEqual(
      expect.arrayContaining(['city', 'subdivision', 'country', 'postalCode', 'formattedAddress', 'geocode']),
    )
  })

  it('has the catalogue reads and the current cart as queries, and the cart calls as mutations', () => {
    expect(fieldsOf('Query').sort()).toEqual(
      [
        'collection',
        'collectionBySlug',
        'collections',
        'currentCart',
        'estimateCurrentCartTotals',
        'product',
        'productBySlug',
        'products',
        'variant',
        'variants',
      ].sort(),
    )
    expect(fieldsOf('Mutation').sort()).toEqual(
      [
        'addToCurrentCart',
        'deleteCurrentCart',
        'removeCouponFromCurrentCart',
        'removeLineItemsFromCurrentCart',
        'updateCurrentCart',
        'updateCurrentCartLineItemQuantity',
      ].sort(),
    )
    expect(schema.getSubscriptionType()).toBeUndefined()
  })

  it('takes a JSON object, and only an object, where the schema says JSONObject', () => {
    const json = schema.getType('JSONObject')
    if (!isScalarType(json)) throw new Error('JSONObject is not a scalar')
    const literal = parse('{ f(a: { price: { gt: 10 }, tags: ["a"], __proto__: 1 }) }', { noLocation: true })
    const operation = literal.definitions[0] as any
    const value = valueFromAST(operation.selectionSet.selections[0].arguments[0].value, json) as Record<
      string,
      unknown
    >
    expect(value).toEqual(JSON.parse('{ "price": { "gt": 10 }, "tags": ["a"], "__proto__": 1 }'))
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(() => json.parseValue(['a'])).toThrow('must be a JSON object')
    expect(() => json.parseValue('a')).toThrow('must be a JSON object')
    expect(() => json.serialize(3)).toThrow()
  })
})

describe('attachResolvers', () => {
  const sdl = 'type Query { a: String, b: String } type Thing { c: String }'

  it('refuses a resolver for a field or a type the schema lacks', () => {
    expect(() =>
      attachResolvers(buildSchema(sdl), { Query: { a: () => 1, b: () => 2, z: () => 3 } }),
    ).toThrow('Query.z')
    expect(() => attachResolvers(buildSchema(sdl), { Query: { a: () => 1, b: () => 2 }, Nope: {} })).toThrow(
      'Nope',
    )
  })

  it('refuses a root field left without a resolver', () => {
    expect(() => attachResolvers(buildSchema(sdl), { Query: { a: () => 1 } })).toThrow(
      'Query.b has no resolver',
    )
    expect(() => attachResolvers(buildSchema(sdl), { Query: { a: () => 1, b: () => 2 } })).not.toThrow()
  })
})
