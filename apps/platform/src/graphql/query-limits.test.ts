import { getIntrospectionQuery, parse, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import { checkQueryLimits, defaultQueryLimits, measureOperation } from './query-limits.ts'
import { createAlphaSchema } from './schema.ts'

const schema = createAlphaSchema()

function measure(query: string, variables?: Record<string, unknown>, operationName?: string) {
  const document = parse(query)
  expect(validate(schema, document)).toEqual([])
  return measureOperation(schema, document, { variables, operationName })
}

function codes(query: string, limits = defaultQueryLimits) {
  return checkQueryLimits(schema, parse(query), {}, limits).map((error) => error.extensions.code)
}

/** `fields { type { ` repeated: the introspection query that multiplies by the schema's size per level. */
function nestedIntrospection(levels: number) {
  return `{ __schema { types { ${'fields { type { '.repeat(levels)}name${' } }'.repeat(levels)} } } }`
}

describe('measureOperation', () => {
  it('multiplies a page by its paging.limit, from a literal or a variable, 50 without one', () => {
    // products: 1 + (the page's products list: 1 + 10 items x id)
    expect(measure('{ products(query: { paging: { limit: 10 } }) { products { id } } }')?.cost).toBe(
      1 + (1 + 10),
    )
    const withVariable = measure('query ($q: QueryInput) { products(query: $q) { products { id } } }', {
      q: { paging: { limit: 7 } },
    })
    expect(withVariable?.cost).toBe(1 + (1 + 7))
    expect(measure('{ collections { collections { id } } }')?.cost).toBe(1 + (1 + 50))
  })

  it('counts the largest page for a limit past 100 or one it cannot read', () => {
    expect(measure('{ products(query: { paging: { limit: 5000 } }) { products { id } } }')?.cost).toBe(
      1 + (1 + 100),
    )
    const unreadable = measure('query ($q: QueryInput) { products(query: $q) { products { id } } }', {
      q: { paging: { limit: 'many' } },
    })
    expect(unreadable?.cost).toBe(1 + (1 + 100))
  })

  it('multiplies lists inside a page by the assumed list size, and the metadata only once', () => {
    const measured = measure(
      '{ products(query: { paging: { limit: 20 } }) { products { variants { id } } metadata { total } } }',
    )
    // products: 1 + (list: 1 + 20 x (variants: 1 + 10 x id)) + (metadata: 1 + total)
    expect(measured?.cost).toBe(1 + (1 + 20 * (1 + 10)) + (1 + 1))
  })

  it('counts depth, aliases and fields with fragments expanded', () => {
    const measured = measure(`
      query { a: product(id: "0b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13") { ...Names } b: currentCart { id } }
      fragment Names on Product { name collections { name media { mainMedia { image { url } } } } }
    `)
    expect(measured).toMatchObject({ depth: 6, aliases: 2, fields: 10, introspectionDepth: 0 })
  })

  it('keeps introspection apart, at its real sizes', () => {
    const measured = measure('{ __schema { types { name } } }')
    const types = Object.keys(schema.getTypeMap()).length
    expect(measured).toMatchObject({ cost: 0, depth: 0, introspectionCost: 1 + 1 * (1 + types * 1) })
  })

  it('measures the named operation only', () => {
    const document = `query Small { currentCart { id } } query Big { products { products { id name } } }`
    expect(measure(document, undefined, 'Small')?.cost).toBe(2)
    expect(measure(document, undefined, 'Big')?.cost).toBe(1 + (1 + 50 * 2))
  })

  it('takes a document that would fail validation: unknown fields count, a fragment cycle is not followed', () => {
    const document = parse(`
      { nothing { deeper } products(query: $undefined) { products { ...A ...Missing } } }
      fragment A on Product { id ...B }
      fragment B on Product { name ...A }
    `)
    expect(measureOperation(schema, document, {})).toMatchObject({ fields: 6, depth: 3 })
  })

  it('stops counting past maxFields, also for fragments that double at every level', () => {
    const levels = 30
    const fragments = Array.from(
      { length: levels },
      (_, i) => `fragment F${i} on Product { ${i === levels - 1 ? 'id' : `...F${i + 1} ...F${i + 1}`} }`,
    ).join('\n')
    const measured = measureOperation(schema, parse(`{ products { products { ...F0 } } }\n${fragments}`), {})
    expect(measured?.exceededFields).toBe(true)
    expect(measured?.fields).toBe(defaultQueryLimits.maxFields + 1)
  })
})

describe('checkQueryLimits', () => {
  it('accepts GraphiQL’s full introspection query', () => {
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    })
    expect(codes(query)).toEqual([])
  })

  it('refuses introspection that nests types within fields to multiply its size', () => {
    expect(codes(nestedIntrospection(1))).toEqual([])
    expect(codes(nestedIntrospection(3))).toEqual(['QUERY_TOO_COSTLY'])
  })

  it('refuses a query nested past the depth limit, with the limit and the depth in the error', () => {
    const errors = checkQueryLimits(
      schema,
      parse('{ currentCart { lineItems { product { name } } } }'),
      {},
      {
        ...defaultQueryLimits,
        maxDepth: 3,
      },
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]?.extensions).toEqual({ code: 'QUERY_TOO_DEEP', limit: 3, actual: 4 })
    expect(errors[0]?.message).toBe('The operation nests fields 4 deep; at most 3 levels are allowed')
  })

  it('refuses a page whose estimated cost passes the limit, and accepts a smaller page of the same', () => {
    const everything = (limit: number) => `{ products(query: { paging: { limit: ${limit} } }) { products {
      id name slug description sku brand ribbon visible weight createdDate lastUpdated
      price { price discountedPrice currency formatted { price discountedPrice } }
      media { mainMedia { id image { url width height altText } } items { id image { url resolutions { url width } } thumbnail { url } } }
      productOptions { name optionType choices { value description inStock } }
      variants { id choices variant { sku weight visible priceData { price discountedPrice } } stock { inStock quantity trackQuantity } }
      collections { id slug name numberOfProducts }
    } metadata { total } } }`
    expect(codes(everything(50))).toEqual([])
    const [error] = checkQueryLimits(schema, parse(everything(100)), {})
    expect(error?.extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', limit: defaultQueryLimits.maxCost })
    expect(error?.extensions.actual).toBeGreaterThan(defaultQueryLimits.maxCost)
  })

  it('refuses more aliases than allowed', () => {
    const aliases = (count: number) =>
      `{ ${Array.from({ length: count }, (_, i) => `a${i}: currentCart { id }`).join(' ')} }`
    expect(codes(aliases(defaultQueryLimits.maxAliases))).toEqual([])
    expect(codes(aliases(defaultQueryLimits.maxAliases + 1))).toEqual(['TOO_MANY_ALIASES'])
  })

  it('refuses more fields than allowed, however they are spelt', () => {
    const fields = Array.from({ length: defaultQueryLimits.maxFields }, () => '__typename').join(' ')
    expect(codes(`{ currentCart { ${fields} } }`)).toEqual(['TOO_MANY_FIELDS'])
  })

  it('leaves an ambiguous document to execution, which names the problem', () => {
    expect(
      checkQueryLimits(schema, parse('query A { currentCart { id } } query B { currentCart { id } }'), {}),
    ).toEqual([])
  })
})
