import { GraphQLError, parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { catalogueResolvers } from './catalogue-resolvers.ts'
import { createPreparedDocuments, readsOnly } from './prepared-documents.ts'
import { createAlphaSchema } from './schema.ts'

const catalogueFields = new Set(Object.keys(catalogueResolvers.Query ?? {}))

describe('readsOnly', () => {
  it.each([
    ['{ products { metadata { total } } }', true],
    ['{ __typename product(id: "x") { id } collections { metadata { total } } }', true],
    ['query A { products { metadata { total } } } query B { variants { metadata { total } } }', true],
    ['{ ...Page } fragment Page on Query { products { metadata { total } } }', true],
    ['{ ... on Query { productBySlug(slug: "tee") { id } } }', true],
    ['{ currentCart { id } }', false],
    ['{ products { metadata { total } } currentCart { id } }', false],
    ['{ ...Cart } fragment Cart on Query { currentCart { id } }', false],
    ['{ ... on Query { currentCart { id } } }', false],
    ['query A { products { metadata { total } } } mutation B { deleteCurrentCart }', false],
    ['mutation { deleteCurrentCart }', false],
    ['{ ...Missing }', false],
    ['{ ...Loop } fragment Loop on Query { ...Loop }', false],
    ['{ __schema { types { name } } }', false],
    ['fragment Only on Query { products { metadata { total } } }', false],
  ])('%s: %s', (text, expected) => {
    expect(readsOnly(parse(text), catalogueFields)).toBe(expected)
  })
})

describe('createPreparedDocuments', () => {
  const schema = createAlphaSchema()

  it('parses and validates a document once, and tells its text from another’s', () => {
    const documents = createPreparedDocuments(schema, { introspection: false, catalogueFields })
    const text = '{ products { metadata { total } } }'
    expect(documents.find(text)).toBeUndefined()
    const prepared = documents.prepare(text)
    if (prepared instanceof Error) throw prepared
    expect(documents.find(text)).toBe(prepared)
    expect(documents.prepare(text)).toBe(prepared)
    expect(prepared.validationErrors()).toEqual([])
    const other = documents.prepare(`${text} `)
    expect(other).not.toBe(prepared)
    expect((other as typeof prepared).id).not.toBe(prepared.id)
    const invalid = documents.prepare('{ products { nope } }')
    if (invalid instanceof Error) throw invalid
    expect(invalid.validationErrors()[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
    expect(invalid.validationErrors()).toBe(invalid.validationErrors())
    const broken = documents.prepare('{ products {')
    if (!(broken instanceof GraphQLError)) throw new Error('expected a syntax error')
    expect(broken.extensions.code).toBe('GRAPHQL_PARSE_FAILED')
  })

  it('keeps the documents of at most so many characters, the least recently used out first', () => {
    const documents = createPreparedDocuments(schema, {
      introspection: true,
      catalogueFields,
      maxCharacters: 100,
    })
    const texts = ['a', 'b', 'c'].map((alias) => `{ ${alias}: products { metadata { total } } }`)
    for (const text of texts) documents.prepare(text)
    expect(documents.size).toBe(2)
    expect(documents.find(texts[0]!)).toBeUndefined()
    documents.find(texts[1]!)
    documents.prepare('{ d: products { metadata { total } } }')
    expect(documents.find(texts[1]!)).toBeDefined()
    expect(documents.find(texts[2]!)).toBeUndefined()
  })
})
