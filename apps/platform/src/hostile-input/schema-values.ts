import { createFuzzObject, type FuzzValue } from './json-text.ts'
import type { Random } from './seeded-random.ts'

/** A JSON Schema (draft 2020-12) node, as the OpenAPI document generated from the route schemas holds it. */
export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  prefixItems?: JsonSchema[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  $ref?: string
  $defs?: Record<string, JsonSchema>
  default?: unknown
}

/** Ids of rows in the database, by table (`products`, `product_variants`...). */
export type KnownIds = Readonly<Record<string, readonly string[]>>

/** What the sampler draws on besides the schema: ids that exist, so that some requests go deep. */
export interface SampleContext {
  random: Random
  knownIds: KnownIds
  /** The schema `$ref`s resolve against. */
  root: JsonSchema
}

// Which table a field's id most likely names, from the field's name (or the path segment before `:id`).
const ID_TABLES: readonly (readonly [RegExp, string])[] = [
  [/variant/i, 'product_variants'],
  [/collection/i, 'collections'],
  [/catalogItem|product/i, 'products'],
  [/media|image/i, 'media_files'],
  [/member/i, 'members'],
  [/order/i, 'orders'],
  [/checkout/i, 'checkouts'],
  [/lineItem/i, 'cart_line_items'],
  [/coupon/i, 'coupons'],
  [/endpoint/i, 'webhook_endpoints'],
  [/deliver/i, 'webhook_deliveries'],
  [/client/i, 'oauth_clients'],
  [/cart/i, 'carts'],
]

/** An id that exists, of the table the field's name suggests (else of any table), or `undefined`. */
export function pickKnownId(knownIds: KnownIds, hint: string, random: Random): string | undefined {
  const table = ID_TABLES.find(([pattern]) => pattern.test(hint))?.[1]
  const fitting = table ? knownIds[table] : undefined
  const pool = fitting && fitting.length > 0 ? fitting : Object.values(knownIds).flat()
  return pool.length > 0 ? random.pick(pool) : undefined
}

const MAX_SAMPLE_DEPTH = 8
const WORDS = ['tee', 'mug', 'Size', 'Color', 'L', 'Blue', 'stores', 'ASC', 'name', 'price', 'x']

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  if (schema.$ref === '#') return root
  const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1]
  return (name && root.$defs?.[decodeURIComponent(name)]) || {}
}

function randomUuid(random: Random): string {
  const hex = (length: number) => Array.from({ length }, () => random.int(0, 15).toString(16)).join('')
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`
}

function sampleString(schema: JsonSchema, context: SampleContext, hint: string): string {
  const { random } = context
  switch (schema.format) {
    case 'uuid':
    case 'guid':
      return (random.chance(0.8) && pickKnownId(context.knownIds, hint, random)) || randomUuid(random)
    case 'email':
      return `fuzz${random.int(0, 99_999)}@example.com`
    case 'uri':
    case 'url':
      return random.pick([
        'https://example.com/a',
        'http://localhost:3000/callback',
        'https://hooks.example.com/x',
      ])
    case 'date-time':
      return new Date(Date.UTC(2026, random.int(0, 11), random.int(1, 28))).toISOString()
    case 'date':
      return `2026-0${random.int(1, 9)}-1${random.int(0, 9)}`
  }
  const min = schema.minLength ?? 0
  const max = Math.max(min, Math.min(schema.maxLength ?? 24, min + 24))
  const fits = (text: string) =>
    text.length >= min &&
    text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(text))
  // A value its name suggests, or a common shape its pattern accepts: most checks are not in the schema.
  const named = NAMED_VALUES.find(([pattern]) => pattern.test(hint))?.[1](random)
  if (named !== undefined && fits(named) && random.chance(0.9)) return named
  const shaped = PATTERN_CANDIDATES.filter(fits)
  if (schema.pattern && shaped.length > 0) return random.pick(shaped)
  if (random.chance(0.3)) {
    const word = random.pick(WORDS)
    if (fits(word)) return word
  }
  const length = random.int(min, max)
  return Array.from({ length }, () => String.fromCharCode(random.int(0x61, 0x7a))).join('')
}

// Values that fit a field of this name: the schemas leave e-mail, money and the like to refinements.
const NAMED_VALUES: readonly (readonly [RegExp, (random: Random) => string])[] = [
  [/e-?mail/i, (random) => `fuzz${random.int(0, 99_999)}@example.com`],
  [/password/i, () => 'correct horse battery staple'],
  [/price|amount|cost|fee/i, (random) => random.pick(['12.50', '0', '1', '999.99'])],
  [/country/i, (random) => random.pick(['US', 'DE', 'GB'])],
  [/currency/i, () => 'USD'],
  [/slug/i, (random) => `fuzz-${random.int(0, 99_999)}`],
  [/redirectUri|postFlowUrl|url$|uri$/i, () => 'http://localhost:3000/callback'],
  [/codeChallenge|codeVerifier/i, () => 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
  [/locale|language/i, () => 'en'],
  [/phone/i, () => '+15555550100'],
  [/code$/i, (random) => String(random.int(10_000_000, 99_999_999))],
]

// Common shapes of the schemas' patterns (decimals, country codes, colours, slugs, widths, PKCE values).
const PATTERN_CANDIDATES: readonly string[] = [
  '12.50',
  '1',
  'US',
  '*',
  '#ff0000',
  'a-b',
  'tee',
  '400w.webp',
  'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  'abc',
  '2026-06-01',
]

function sampleNumber(schema: JsonSchema, random: Random, isInteger: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -10)
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000)
  const from = Math.max(low, -1_000_000)
  const to = Math.min(Math.max(high, from), from + 1_000_000)
  if (isInteger) return random.int(Math.ceil(from), Math.floor(to))
  return Math.round((from + random.next() * (to - from)) * 100) / 100
}

/** Any small JSON value, for schemas that accept anything. */
export function sampleAnyJson(random: Random, depth = 0): FuzzValue {
  const kind = random.int(0, depth > 2 ? 3 : 5)
  if (kind === 0) return null
  if (kind === 1) return random.chance(0.5)
  if (kind === 2) return random.int(-100, 100)
  if (kind === 3) return random.pick(WORDS)
  if (kind === 4) return Array.from({ length: random.int(0, 3) }, () => sampleAnyJson(random, depth + 1))
  return createFuzzObject(
    Array.from(
      { length: random.int(0, 3) },
      () => [random.pick(WORDS), sampleAnyJson(random, depth + 1)] as const,
    ),
  )
}

/**
 * A value that the schema most likely accepts: required properties always, optional ones often,
 * arrays of a few items, enum and const values, ids that exist. Patterns are not honoured, so some
 * samples are refused: the fuzzer wants both.
 */
export function sampleFromSchema(
  schema: JsonSchema,
  context: SampleContext,
  depth = 0,
  /** The name of the field (or parameter) being sampled: it tells which ids fit. */
  hint = '',
): FuzzValue {
  const { random } = context
  const node = resolve(schema, context.root)
  if (depth > MAX_SAMPLE_DEPTH) return null
  if (node.const !== undefined) return node.const as FuzzValue
  if (node.enum && node.enum.length > 0) return random.pick(node.enum) as FuzzValue
  const choices = node.anyOf ?? node.oneOf
  if (choices && choices.length > 0) return sampleFromSchema(random.pick(choices), context, depth + 1, hint)
  if (node.allOf && node.allOf.length > 0) return sampleFromSchema(node.allOf[0]!, context, depth + 1, hint)
  const type = Array.isArray(node.type) ? random.pick(node.type) : node.type
  switch (type) {
    case 'object': {
      const object = createFuzzObject()
      const required = new Set(node.required ?? [])
      for (const [key, property] of Object.entries(node.properties ?? {})) {
        // Few optional fields: each one is another chance to break a rule, and some samples should pass.
        if (required.has(key) || random.chance(0.3))
          object[key] = sampleFromSchema(property, context, depth + 1, key)
      }
      if (typeof node.additionalProperties === 'object' && !node.properties) {
        for (let index = random.int(0, 2); index > 0; index--) {
          object[random.pick(WORDS)] = sampleFromSchema(node.additionalProperties, context, depth + 1)
        }
      }
      return object
    }
    case 'array': {
      if (node.prefixItems) return node.prefixItems.map((item) => sampleFromSchema(item, context, depth + 1))
      // At least one item where allowed: an empty list is refused by many rules the schema cannot say.
      const min = Math.max(node.minItems ?? 0, Math.min(1, node.maxItems ?? 1))
      const length = random.int(min, Math.max(min, Math.min(node.maxItems ?? 3, min + 2)))
      return Array.from({ length }, () => sampleFromSchema(node.items ?? {}, context, depth + 1, hint))
    }
    case 'string':
      return sampleString(node, context, hint)
    case 'integer':
      return sampleNumber(node, random, true)
    case 'number':
      return sampleNumber(node, random, false)
    case 'boolean':
      return random.chance(0.5)
    case 'null':
      return null
    default:
      return sampleAnyJson(random, depth)
  }
}
