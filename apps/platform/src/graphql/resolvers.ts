import { type GraphQLFieldResolver, type GraphQLResolveInfo, type GraphQLSchema, isObjectType } from 'graphql'
import type { GraphQLContext } from './graphql-context.ts'

/**
 * A field's resolver; sources are the REST wire objects the field's type mirrors, each resolver naming
 * the part it reads (`never` here lets it).
 */
export type FieldResolver = (
  source: never,
  args: Record<string, unknown>,
  context: GraphQLContext,
  info: GraphQLResolveInfo,
) => unknown

/** Resolvers by type name and field name; fields without one read the property of the same name. */
export type Resolvers = Readonly<Record<string, Readonly<Record<string, FieldResolver>>>>

/**
 * Gives the schema's fields their resolvers.
 *
 * @throws {Error} for a resolver of a type or field the schema does not have, and for a root field
 * (query or mutation) left without a resolver: either is a mistake that must not start.
 */
export function attachResolvers(schema: GraphQLSchema, ...sets: Resolvers[]) {
  for (const resolvers of sets) {
    for (const [typeName, fields] of Object.entries(resolvers)) {
      const type = schema.getType(typeName)
      if (!isObjectType(type))
        throw new Error(`Resolvers for ${typeName}, which is no object type of the schema`)
      const definitions = type.getFields()
      for (const [fieldName, resolve] of Object.entries(fields)) {
        const field = definitions[fieldName]
        if (!field) throw new Error(`A resolver for ${typeName}.${fieldName}, which the schema does not have`)
        field.resolve = resolve as GraphQLFieldResolver<unknown, GraphQLContext>
      }
    }
  }
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (!field.resolve) throw new Error(`${root?.name}.${field.name} has no resolver`)
    }
  }
}
