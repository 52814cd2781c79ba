import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  type SelectionSetNode,
  specifiedRules,
  validate,
} from 'graphql'

/** A parsed document, with what the platform knows of it once. */
export interface PreparedDocument {
  /** Unique to this document's text in this process: names it in the read cache's keys. */
  id: number
  document: DocumentNode
  /**
   * Every operation is a query of catalogue fields only (and `__typename`): what any visitor of the
   * site may see, so its caller may be resolved as a public read's and its answer kept in the read cache.
   */
  isCatalogueRead: boolean
  /** The document's validation errors against the schema (worked out on first use, then kept). */
  validationErrors(): readonly GraphQLError[]
}

/**
 * The characters of the documents kept at most (their syntax trees take some tens of times that); the
 * least recently used go first.
 */
const MAX_CHARACTERS = 500_000

function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  })
}

/**
 * Whether every operation of `document` is a query whose root fields, fragments expanded, are all
 * among `rootFields` or `__typename`. A fragment that is missing or spreads itself answers `false`
 * (validation refuses the document anyway).
 */
export function readsOnly(document: DocumentNode, rootFields: ReadonlySet<string>): boolean {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  function selectsOnly(selectionSet: SelectionSetNode, expanding: ReadonlySet<string>): boolean {
    return selectionSet.selections.every((selection) => {
      if (selection.kind === Kind.FIELD)
        return selection.name.value === '__typename' || rootFields.has(selection.name.value)
      if (selection.kind === Kind.INLINE_FRAGMENT) return selectsOnly(selection.selectionSet, expanding)
      const name = selection.name.value
      const fragment = fragments.get(name)
      if (!fragment || expanding.has(name)) return false
      return selectsOnly(fragment.selectionSet, new Set([...expanding, name]))
    })
  }
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  )
  return (
    operations.length > 0 &&
    operations.every(
      (operation) => operation.operation === 'query' && selectsOnly(operation.selectionSet, new Set()),
    )
  )
}

/**
 * The documents a schema has been asked, each parsed once and validated once (GraphQL's own
 * validation is most of what a small query costs), least recently used out first. `catalogueFields`
 * are the root query fields that read only the public catalogue.
 */
export function createPreparedDocuments(
  schema: GraphQLSchema,
  options: { introspection: boolean; catalogueFields: ReadonlySet<string>; maxCharacters?: number },
) {
  const maxCharacters = options.maxCharacters ?? MAX_CHARACTERS
  // Introspection off: `__schema` and `__type` fail validation; `__typename` stays (clients rely on it).
  const rules = options.introspection ? specifiedRules : [...specifiedRules, NoSchemaIntrospectionCustomRule]
  const documents = new Map<string, PreparedDocument>()
  let characters = 0
  let lastId = 0

  function prepare(document: DocumentNode): PreparedDocument {
    let validationErrors: readonly GraphQLError[] | undefined
    return {
      id: ++lastId,
      document,
      isCatalogueRead: readsOnly(document, options.catalogueFields),
      validationErrors() {
        // Without introspection, errors suggest no names either ("Did you mean …?" would map the schema).
        validationErrors ??= validate(schema, document, rules, {
          hideSuggestions: !options.introspection,
        }).map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'))
        return validationErrors
      },
    }
  }

  /** The prepared document of `text`, if it has been prepared: a look-up, no parsing. */
  function find(text: string): PreparedDocument | undefined {
    const known = documents.get(text)
    if (known) {
      documents.delete(text)
      documents.set(text, known)
    }
    return known
  }

  return {
    find,
    /** The prepared document of `text`, parsed now if it is new; a syntax error is `GRAPHQL_PARSE_FAILED`. */
    prepare(text: string): PreparedDocument | GraphQLError {
      const known = find(text)
      if (known) return known
      let document: DocumentNode
      try {
        document = parse(text)
      } catch (error) {
        if (error instanceof GraphQLError) return withCode(error, 'GRAPHQL_PARSE_FAILED')
        throw error
      }
      const prepared = prepare(document)
      documents.set(text, prepared)
      characters += text.length
      for (const oldest of documents.keys()) {
        if (characters <= maxCharacters) break
        documents.delete(oldest)
        characters -= oldest.length
      }
      return prepared
    },
    get size() {
      return documents.size
    },
  }
}

export type PreparedDocuments = ReturnType<typeof createPreparedDocuments>
