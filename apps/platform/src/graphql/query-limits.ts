import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
  valueFromAST,
} from 'graphql'
import { MAX_OPTIONS } from '../catalogue/products/product-input.ts'
import { DERIVATIVE_WIDTHS } from '../media/image-derivatives.ts'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../query/query-request.ts'

/** How big an operation may be. Introspection (`__schema`, `__type`) has budgets of its own. */
export interface QueryLimits {
  /** Nesting of fields below the root, the root fields being 1. */
  maxDepth: number
  maxIntrospectionDepth: number
  /** Estimated resolver calls: see {@link measureOperation}. */
  maxCost: number
  maxIntrospectionCost: number
  maxAliases: number
  /** Field selections with every fragment spread expanded. */
  maxFields: number
  /** What a list without paging (a product's variants, a cart's lines) is assumed to hold. */
  assumedListSize: number
  /** The true largest size of the lists the domain keeps small, by `Type.field`. */
  listSizes: Readonly<Record<string, number>>
}

/** The limits the platform serves GraphQL with (docs/architecture.md, "GraphQL"). */
export const defaultQueryLimits: QueryLimits = {
  maxDepth: 10,
  maxIntrospectionDepth: 15,
  // A page of 50 products with their media, options, variants and collections: about 27,000; of 100, 54,000.
  maxCost: 50_000,
  // GraphiQL's full introspection query is estimated at about 620,000 (upper bounds: every type is
  // counted with the most fields any type has); one more level of `fields { type { fields` is 25 times that.
  maxIntrospectionCost: 1_000_000,
  maxAliases: 30,
  maxFields: 500,
  assumedListSize: 10,
  listSizes: {
    'MediaImage.resolutions': DERIVATIVE_WIDTHS.length,
    // A video is one file with one poster (decision 052).
    'MediaVideo.files': 1,
    'MediaVideo.resolutions': 1,
    'MediaVideo.posters': 1,
    'Product.productOptions': MAX_OPTIONS,
  },
}

/** What an operation would cost, as measured against the schema and the request's variables. */
export interface OperationMeasure {
  depth: number
  introspectionDepth: number
  cost: number
  introspectionCost: number
  aliases: number
  fields: number
  /** Counting stopped past `maxFields`: the other figures are partial. */
  exceededFields: boolean
}

/** The operation that would run: the named one, or the only one. */
export function selectOperation(
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  )
  if (operationName) return operations.find((operation) => operation.name?.value === operationName)
  return operations.length === 1 ? operations[0] : undefined
}

const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0)

/**
 * The true largest size of each introspection list in this schema (how many types, the most fields
 * of any type, ...): introspection cost is an upper bound, so nesting `fields { type { fields ... } } }`
 * shows up at its real size.
 */
export function introspectionListSizes(schema: GraphQLSchema): ReadonlyMap<string, number> {
  const types = Object.values(schema.getTypeMap())
  const withFields = types.filter((type) => isObjectType(type) || isInterfaceType(type))
  const fields = withFields.flatMap((type) => Object.values(type.getFields()))
  const directives = schema.getDirectives()
  return new Map([
    ['__Schema.types', types.length],
    ['__Schema.directives', directives.length],
    ['__Type.fields', max(withFields.map((type) => Object.keys(type.getFields()).length))],
    ['__Type.interfaces', max(withFields.map((type) => type.getInterfaces().length))],
    [
      '__Type.possibleTypes',
      max(types.map((type) => (isInterfaceType(type) ? schema.getPossibleTypes(type).length : 0))),
    ],
    ['__Type.enumValues', max(types.map((type) => (isEnumType(type) ? type.getValues().length : 0)))],
    [
      '__Type.inputFields',
      max(types.map((type) => (isInputObjectType(type) ? Object.keys(type.getFields()).length : 0))),
    ],
    ['__Field.args', max(fields.map((field) => field.args.length))],
    ['__Directive.args', max(directives.map((directive) => directive.args.length))],
    ['__Directive.locations', max(directives.map((directive) => directive.locations.length))],
  ])
}

const listSizesBySchema = new WeakMap<GraphQLSchema, ReadonlyMap<string, number>>()

function cachedListSizes(schema: GraphQLSchema): ReadonlyMap<string, number> {
  let sizes = listSizesBySchema.get(schema)
  if (!sizes) {
    sizes = introspectionListSizes(schema)
    listSizesBySchema.set(schema, sizes)
  }
  return sizes
}

class TooManyFields extends Error {}

/**
 * Measures the operation that would run, with fragments expanded, before anything executes. Cost is
 * the estimated number of resolver calls: a field costs 1 plus its children, and the children of a
 * list count once per item: a page (the list below a field with a `query` argument) holds its
 * `paging.limit` (50 by default, at most 100, the largest when it cannot be read); an introspection
 * list its real largest size; a list the domain keeps small its `listSizes` entry; any other list
 * `assumedListSize`. Stops counting past `maxFields`.
 * Runs before validation, so it takes any parsed document: a field the schema lacks counts as a
 * field that is no list, and a fragment that is missing or spreads itself is not expanded.
 */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  request: {
    operationName?: string | null | undefined
    variables?: Record<string, unknown> | null | undefined
  },
  limits: QueryLimits = defaultQueryLimits,
): OperationMeasure | undefined {
  const operation = selectOperation(document, request.operationName)
  if (!operation) return undefined
  const rootType =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType()
  if (!rootType) return undefined
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  const listSizes = cachedListSizes(schema)
  const variables = request.variables ?? {}
  const measure: OperationMeasure = {
    depth: 0,
    introspectionDepth: 0,
    cost: 0,
    introspectionCost: 0,
    aliases: 0,
    fields: 0,
    exceededFields: false,
  }

  function fieldDefinition(
    parent: GraphQLNamedType | undefined,
    name: string,
  ): GraphQLField<unknown, unknown> | undefined {
    if (name === '__schema') return SchemaMetaFieldDef
    if (name === '__type') return TypeMetaFieldDef
    if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name]
    return undefined
  }

  function pageSizeOf(node: FieldNode, field: GraphQLField<unknown, unknown>): number | undefined {
    const argument = field.args.find(
      (arg) => arg.name === 'query' && getNamedType(arg.type).name === 'QueryInput',
    )
    if (!argument) return undefined
    const given = node.arguments?.find((arg) => arg.name.value === 'query')
    if (!given) return DEFAULT_PAGE_SIZE
    const value = valueFromAST(given.value, argument.type, variables as Record<string, unknown>) as
      | { paging?: { limit?: unknown } | null }
      | null
      | undefined
    if (value === undefined) return MAX_PAGE_SIZE
    const limit = value?.paging?.limit
    if (limit === undefined || limit === null) return DEFAULT_PAGE_SIZE
    return typeof limit === 'number' && Number.isInteger(limit)
      ? Math.min(Math.max(limit, 0), MAX_PAGE_SIZE)
      : MAX_PAGE_SIZE
  }

  function visitField(
    node: FieldNode,
    parent: GraphQLNamedType | undefined,
    level: number,
    pageSize: number | undefined,
    inIntrospection: boolean,
    expanding: ReadonlySet<string>,
  ): number {
    measure.fields += 1
    if (measure.fields > limits.maxFields) throw new TooManyFields()
    if (node.alias) measure.aliases += 1
    const name = node.name.value
    const introspection = inIntrospection || name === '__schema' || name === '__type'
    if (introspection) measure.introspectionDepth = Math.max(measure.introspectionDepth, level)
    else measure.depth = Math.max(measure.depth, level)
    const field = fieldDefinition(parent, name)
    if (!node.selectionSet) return 1
    if (!field) {
      // Unknown to the schema: validation will say so; its selections still count against the limits.
      return 1 + visitSelections(node.selectionSet, undefined, level + 1, undefined, introspection, expanding)
    }
    const isList = isListType(getNullableType(field.type))
    const key = `${parent?.name}.${name}`
    const listSize = introspection
      ? (listSizes.get(key) ?? Object.keys(schema.getTypeMap()).length)
      : (pageSize ?? limits.listSizes[key] ?? limits.assumedListSize)
    const childPageSize = pageSizeOf(node, field) ?? (isList ? undefined : pageSize)
    const children = visitSelections(
      node.selectionSet,
      getNamedType(field.type),
      level + 1,
      childPageSize,
      introspection,
      expanding,
    )
    return 1 + (isList ? listSize : 1) * children
  }

  function visitSelections(
    selectionSet: SelectionSetNode,
    parent: GraphQLNamedType | undefined,
    level: number,
    pageSize: number | undefined,
    inIntrospection: boolean,
    expanding: ReadonlySet<string>,
  ): number {
    let cost = 0
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        cost += visitField(selection, parent, level, pageSize, inIntrospection, expanding)
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent
        cost += visitSelections(
          selection.selectionSet,
          type ?? undefined,
          level,
          pageSize,
          inIntrospection,
          expanding,
        )
      } else {
        const name = selection.name.value
        const fragment = fragments.get(name)
        // Validation, which runs later, refuses fragment cycles; the guard keeps this walk finite.
        if (!fragment || expanding.has(name)) continue
        cost += visitSelections(
          fragment.selectionSet,
          schema.getType(fragment.typeCondition.name.value) ?? undefined,
          level,
          pageSize,
          inIntrospection,
          new Set([...expanding, name]),
        )
      }
    }
    return cost
  }

  try {
    for (const selection of operation.selectionSet.selections) {
      const single = { ...operation.selectionSet, selections: [selection] }
      const cost = visitSelections(single, rootType, 1, undefined, false, new Set())
      const introspection =
        selection.kind === Kind.FIELD &&
        (selection.name.value === '__schema' || selection.name.value === '__type')
      if (introspection) measure.introspectionCost += cost
      else measure.cost += cost
    }
  } catch (error) {
    if (!(error instanceof TooManyFields)) throw error
    measure.exceededFields = true
  }
  return measure
}

/** The limit errors of a measured operation, each with its `extensions.code`, the limit and the figure. */
export function toLimitErrors(
  measure: OperationMeasure,
  limits: QueryLimits = defaultQueryLimits,
): GraphQLError[] {
  if (measure.exceededFields) {
    return [
      limitError(
        'TOO_MANY_FIELDS',
        `The operation selects more than ${limits.maxFields} fields`,
        limits.maxFields,
      ),
    ]
  }
  const checks: [number, number, string, (actual: number, limit: number) => string][] = [
    [
      measure.depth,
      limits.maxDepth,
      'QUERY_TOO_DEEP',
      (a, l) => `nests fields ${a} deep; at most ${l} levels`,
    ],
    [
      measure.introspectionDepth,
      limits.maxIntrospectionDepth,
      'QUERY_TOO_DEEP',
      (a, l) => `nests introspection fields ${a} deep; at most ${l} levels`,
    ],
    [
      measure.cost,
      limits.maxCost,
      'QUERY_TOO_COSTLY',
      (a, l) => `has an estimated cost of ${a}; at most ${l}`,
    ],
    [
      measure.introspectionCost,
      limits.maxIntrospectionCost,
      'QUERY_TOO_COSTLY',
      (a, l) => `has an estimated introspection cost of ${a}; at most ${l}`,
    ],
    [measure.aliases, limits.maxAliases, 'TOO_MANY_ALIASES', (a, l) => `uses ${a} aliases; at most ${l}`],
  ]
  return checks.flatMap(([actual, limit, code, describe]) =>
    actual > limit
      ? [limitError(code, `The operation ${describe(actual, limit)} are allowed`, limit, actual)]
      : [],
  )
}

function limitError(code: string, message: string, limit: number, actual?: number): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code, limit, ...(actual === undefined ? {} : { actual }) },
  })
}

/**
 * The limit errors of the operation that would run (none when no single operation is selected:
 * execution reports that).
 */
export function checkQueryLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  request: {
    operationName?: string | null | undefined
    variables?: Record<string, unknown> | null | undefined
  },
  limits: QueryLimits = defaultQueryLimits,
): GraphQLError[] {
  const measure = measureOperation(schema, document, request, limits)
  return measure ? toLimitErrors(measure, limits) : []
}
