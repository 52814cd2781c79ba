/** A JSON Schema (draft 2020-12) as `z.toJSONSchema` writes it into the OpenAPI document. */
export type JsonSchema = { [key: string]: unknown }

/** Deeper than this, a schema shows its type only: the document has no cycles, but a page must end. */
const MAX_DEPTH = 12

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `#/components/schemas/Error` -> `Error`. */
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1)

/** The alternatives of a union, and whether one of them is `null` (zod's `.nullable()`). */
function alternatives(schema: JsonSchema): { options: JsonSchema[]; isNullable: boolean } | undefined {
  const union = schema.anyOf ?? schema.oneOf
  if (!Array.isArray(union)) return undefined
  const options = union.filter(isSchema)
  const isNull = (option: JsonSchema) => option.type === 'null'
  return { options: options.filter((option) => !isNull(option)), isNullable: options.some(isNull) }
}

/** A map's value schema: an object whose keys are free and whose values share one schema. */
const mapValue = (schema: JsonSchema) =>
  schema.properties === undefined && isSchema(schema.additionalProperties)
    ? schema.additionalProperties
    : undefined

/** The type in a few words: `string`, `array of object`, `"A" | "B"`, `Error`, `integer | null`. */
export function typeLabel(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return refName(schema.$ref)
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  const union = alternatives(schema)
  if (union) {
    const labels = [...new Set(union.options.map(typeLabel))]
    return [...labels, ...(union.isNullable ? ['null'] : [])].join(' | ') || 'any'
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type): type is string => typeof type === 'string',
  )
  if (types.length === 0) return 'any'
  return types
    .map((type) => {
      if (type === 'array') return `array of ${isSchema(schema.items) ? typeLabel(schema.items) : 'any'}`
      const value = type === 'object' ? mapValue(schema) : undefined
      return value ? `map of ${typeLabel(value)}` : type
    })
    .join(' | ')
}

/** The schema's limits in words: `uuid`, `1 to 200 characters`, `at most 100 items`, `default 20`. */
export function constraintsOf(schema: JsonSchema): string[] {
  const words: string[] = []
  const range = (min: unknown, max: unknown, unit: string) => {
    if (typeof min === 'number' && typeof max === 'number') words.push(`${min} to ${max} ${unit}`)
    else if (typeof min === 'number' && min > 0) words.push(`at least ${min} ${unit}`)
    else if (typeof max === 'number') words.push(`at most ${max} ${unit}`)
  }
  if (typeof schema.format === 'string') words.push(schema.format)
  if (typeof schema.contentMediaType === 'string') words.push(schema.contentMediaType)
  range(schema.minLength, schema.maxLength, 'characters')
  range(schema.minItems, schema.maxItems, 'items')
  // zod bounds every integer by the safe range: only a tighter bound says something.
  const isTight = (bound: unknown): bound is number =>
    typeof bound === 'number' && Math.abs(bound) < Number.MAX_SAFE_INTEGER
  if (isTight(schema.minimum)) words.push(`≥ ${schema.minimum}`)
  if (isTight(schema.exclusiveMinimum)) words.push(`> ${schema.exclusiveMinimum}`)
  if (isTight(schema.maximum)) words.push(`≤ ${schema.maximum}`)
  // A format's own pattern (a UUID's, a date-time's) says less than the format's name.
  if (typeof schema.pattern === 'string' && schema.format === undefined)
    words.push(`matches ${schema.pattern}`)
  if ('default' in schema) words.push(`default ${JSON.stringify(schema.default)}`)
  return words
}

/** One line of a schema: its type, limits and description. */
function Facts(props: { schema: JsonSchema }) {
  const constraints = constraintsOf(props.schema)
  const description = typeof props.schema.description === 'string' ? props.schema.description : undefined
  return (
    <>
      <span className="schema-type">
        {typeof props.schema.$ref === 'string' ? (
          <a href={`#schema-${refName(props.schema.$ref)}`}>{typeLabel(props.schema)}</a>
        ) : (
          typeLabel(props.schema)
        )}
      </span>
      {constraints.length > 0 && <span className="muted"> · {constraints.join(', ')}</span>}
      {description && <span className="schema-description"> {description}</span>}
    </>
  )
}

/** What a value of the schema holds inside: its properties (through arrays, maps and unions). */
function Inside(props: { schema: JsonSchema; depth: number }) {
  const { schema, depth } = props
  if (depth > MAX_DEPTH) return null
  if (isSchema(schema.items)) return <Inside schema={schema.items} depth={depth + 1} />
  const value = mapValue(schema)
  if (value) return <Inside schema={value} depth={depth + 1} />
  const union = alternatives(schema)
  if (union) {
    const [only, ...others] = union.options
    if (only && others.length === 0) return <Inside schema={only} depth={depth + 1} />
    const structured = union.options.filter((option) => hasInside(option))
    if (structured.length === 0) return null
    return (
      <ul className="schema">
        {union.options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the alternatives of one fixed schema never move
          <li key={index}>
            <span className="muted">one of: </span>
            <Facts schema={option} />
            <Inside schema={option} depth={depth + 1} />
          </li>
        ))}
      </ul>
    )
  }
  if (!isSchema(schema.properties)) return null
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  return (
    <ul className="schema">
      {Object.entries(schema.properties).map(([name, property]) =>
        isSchema(property) ? (
          <li key={name}>
            <code>{name}</code> {required.has(name) && <span className="badge">required</span>}{' '}
            <Facts schema={property} />
            <Inside schema={property} depth={depth + 1} />
          </li>
        ) : null,
      )}
    </ul>
  )
}

function hasInside(schema: JsonSchema): boolean {
  if (isSchema(schema.properties)) return true
  if (isSchema(schema.items)) return hasInside(schema.items)
  const value = mapValue(schema)
  if (value) return hasInside(value)
  return alternatives(schema)?.options.some(hasInside) ?? false
}

/** A schema of the document drawn as a tree: a line per property, with its type, limits and words. */
export function SchemaView(props: { schema: unknown }) {
  if (!isSchema(props.schema)) return null
  return (
    <div className="schema-view">
      <Facts schema={props.schema} />
      <Inside schema={props.schema} depth={0} />
    </div>
  )
}
