import {
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
} from 'graphql'

/** The fields that load related entities rather than read the wire object: left out unless asked for. */
export const relationFields = new Set([
  'Product.collections',
  'Variant.product',
  'Variant.collections',
  'LineItem.product',
])

/**
 * A selection of every field of `typeName`, at every depth, with no arguments: a test's way to ask
 * GraphQL for the whole object REST answers, and compare the two.
 */
export function selectAll(
  schema: GraphQLSchema,
  typeName: string,
  options: { skip?: ReadonlySet<string> } = {},
): string {
  const skip = options.skip ?? relationFields
  function selection(type: GraphQLNamedType): string {
    if (!isObjectType(type) && !isInterfaceType(type)) return ''
    const fields = Object.values(type.getFields()).filter(
      (field) =>
        !skip.has(`${type.name}.${field.name}`) && !field.args.some((arg) => isNonNullType(arg.type)),
    )
    return `{ ${fields.map((field) => `${field.name} ${selection(getNamedType(field.type))}`).join(' ')} }`
  }
  const type = schema.getType(typeName)
  if (!type) throw new Error(`No type ${typeName}`)
  return selection(type)
}

/** The JSON as REST sends it: GraphQL's nulls stand for the keys REST leaves out. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) => (item === null ? [] : [[key, withoutNulls(item)]])),
  )
}
