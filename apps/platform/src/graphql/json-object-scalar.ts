import { GraphQLError, type GraphQLScalarType, Kind, type ValueNode } from 'graphql'

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A literal as plain JSON; own properties only, so a `__proto__` key stays a key. */
function fromLiteral(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.OBJECT:
      return Object.fromEntries(
        node.fields.map((field) => [field.name.value, fromLiteral(field.value, variables)]),
      )
    case Kind.LIST:
      return node.values.map((value) => fromLiteral(value, variables))
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value)
    case Kind.STRING:
    case Kind.ENUM:
      return node.value
    case Kind.BOOLEAN:
      return node.value
    case Kind.NULL:
      return null
    case Kind.VARIABLE:
      return variables?.[node.name.value]
  }
}

/**
 * Gives the schema's `JSONObject` scalar its behaviour: a JSON object in and out (filters in the
 * operator language, choices, cart info); anything else is refused with a message naming it.
 */
export function defineJsonObjectScalar(scalar: GraphQLScalarType) {
  scalar.serialize = (value) => {
    if (!isJsonObject(value)) throw new GraphQLError('JSONObject cannot represent a non-object value')
    return value
  }
  scalar.parseValue = (value) => {
    if (!isJsonObject(value)) throw new GraphQLError('must be a JSON object')
    return value
  }
  scalar.parseLiteral = (node, variables) => {
    if (node.kind !== Kind.OBJECT) throw new GraphQLError('must be a JSON object', { nodes: node })
    return fromLiteral(node, variables)
  }
}
