import { assertValidSchema, buildSchema, type GraphQLSchema, isScalarType } from 'graphql'
import { cartResolvers } from './cart-resolvers.ts'
import { cartMutationFields, cartQueryFields, cartTypeDefs } from './cart-type-defs.ts'
import { catalogueResolvers } from './catalogue-resolvers.ts'
import { catalogueQueryFields, catalogueTypeDefs } from './catalogue-type-defs.ts'
import { defineJsonObjectScalar } from './json-object-scalar.ts'
import { attachResolvers } from './resolvers.ts'

/** The schema versions served at `POST /graphql/{version}`. */
export const graphQLVersions = ['alpha'] as const

export type GraphQLVersion = (typeof graphQLVersions)[number]

const alphaTypeDefs = /* GraphQL */ `
${catalogueTypeDefs}
${cartTypeDefs}

type Query {
${catalogueQueryFields}
${cartQueryFields}
}

type Mutation {
${cartMutationFields}
}
`

/**
 * Builds the `alpha` schema: the catalogue and the current cart, from their SDL, with their resolvers.
 *
 * @throws {Error} when a resolver and the SDL disagree (see {@link attachResolvers}).
 */
export function createAlphaSchema(): GraphQLSchema {
  const schema = buildSchema(alphaTypeDefs)
  const json = schema.getType('JSONObject')
  if (!isScalarType(json)) throw new Error('The schema lacks the JSONObject scalar')
  defineJsonObjectScalar(json)
  attachResolvers(schema, catalogueResolvers, cartResolvers)
  assertValidSchema(schema)
  return schema
}
