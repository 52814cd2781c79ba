/**
 * Names of the fields that hold numbers in a module's answers. An entry is a field name (`weight`) or a
 * parent and field (`discount.value`) for names that are strings elsewhere (a choice's `value`).
 * Only at these fields do the strings `"NaN"`, `"Infinity"` and `"-Infinity"` turn back into numbers.
 */
export type NumberFields = ReadonlySet<string>

/** The empty {@link NumberFields}: no field of the answer is read back as a number. */
export const noNumberFields: NumberFields = new Set()

// Maps, not object literals: a lookup of `constructor` or `__proto__` must not find Object.prototype's.
const toWireNames: ReadonlyMap<string, string> = new Map([
  ['_id', 'id'],
  ['_createdDate', 'createdDate'],
  ['_updatedDate', 'updatedDate'],
])

/** Renames one SDK field name to its wire name (`_id` -> `id`); other names pass unchanged. */
export function toWireFieldName(name: string): string {
  return toWireNames.get(name) ?? name
}

/**
 * Reshapes a request value for the wire, in one pass and without touching the input: `_id`,
 * `_createdDate` and `_updatedDate` become `id`, `createdDate` and `updatedDate` at every depth, and
 * non-finite numbers become the strings `"NaN"`, `"Infinity"` and `"-Infinity"`. Only plain objects and
 * arrays are walked; anything else (a `Date`) is left for `JSON.stringify`.
 */
export function toWire(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value)
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(toWire)
  if (!isPlainObject(value)) return value
  const output: Record<string, unknown> = {}
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue
    setOwn(output, toWireNames.get(key) ?? key, toWire((value as Record<string, unknown>)[key]))
  }
  return output
}

/**
 * Reshapes a freshly parsed answer from the wire: `id`, `createdDate` and `updatedDate` become `_id`,
 * `_createdDate` and `_updatedDate` at every depth, and the strings `"NaN"`, `"Infinity"` and
 * `"-Infinity"` become numbers only at `numberFields`.
 *
 * It works in place where it can, so pass a value nobody else holds (the result of `JSON.parse`): an
 * object without a renamed key is kept and only its children are updated; an object with one is
 * copied with the new names, from a template of its keys (see `withSdkNames`). See decision 081 and
 * `bench/sdk-overhead` for what this costs beside the `JSON.parse` before it.
 */
export function fromWire(value: unknown, numberFields: NumberFields = noNumberFields): unknown {
  if (typeof value !== 'object' || value === null) return value
  // `for...in` walks V8's enumeration cache without allocating; it would also walk inherited keys, so
  // when something has added enumerable keys to Object.prototype, every key is checked to be own.
  let polluted = false
  for (const _ in Object.prototype) polluted = true
  return fromWireObject(value as Record<string, unknown>, undefined, undefined, numberFields, polluted)
}

function fromWireObject(
  value: Record<string, unknown>,
  key: string | undefined,
  parentKey: string | undefined,
  numberFields: NumberFields,
  polluted: boolean,
): unknown {
  if (Array.isArray(value)) {
    // Items of an array stand at the array's own field: `weights: ["NaN"]` is a list of numbers.
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index]
      if (typeof item === 'object' && item !== null) {
        const next = fromWireObject(item as Record<string, unknown>, key, parentKey, numberFields, polluted)
        if (next !== item) value[index] = next
      } else if (
        typeof item === 'string' &&
        isNonFinite(item) &&
        isNumberField(key, parentKey, numberFields)
      ) {
        value[index] = Number(item)
      }
    }
    return value
  }
  let renamed = false
  for (const childKey in value) {
    if (polluted && !Object.hasOwn(value, childKey)) continue
    const child = value[childKey]
    if (typeof child === 'object' && child !== null) {
      const next = fromWireObject(child as Record<string, unknown>, childKey, key, numberFields, polluted)
      // Assigning an existing own key (even `__proto__`, which JSON.parse makes own) writes that key.
      if (next !== child) value[childKey] = next
    } else if (
      typeof child === 'string' &&
      isNonFinite(child) &&
      isNumberField(childKey, key, numberFields)
    ) {
      value[childKey] = Number(child)
    }
    if (fromWireName(childKey) !== childKey) renamed = true
  }
  return renamed ? withSdkNames(value, polluted) : value
}

// The key sequences of the renamed objects met so far, as a tree of maps: the node reached by an
// object's keys, in order, holds the template of its copy. Objects of one shape (every variant of a
// page) share one template.
type KeyNode = Map<string, KeyNode> & { template?: Record<string, unknown> }
const keyTree: KeyNode = new Map()
let templateCount = 0

/**
 * Copies an object whose keys include a renamed one with the SDK's names, in its key order. The copy is
 * a clone of a template that already has those names (`{ ...template }`), then filled: building it key
 * by key instead made every copy walk V8's map transitions, and turned a product (more than 16 keys)
 * into a slow dictionary object.
 */
function withSdkNames(value: Record<string, unknown>, polluted: boolean): Record<string, unknown> {
  let node = keyTree
  for (const key in value) {
    if (polluted && !Object.hasOwn(value, key)) continue
    let next = node.get(key)
    if (!next) {
      next = new Map()
      node.set(key, next)
    }
    node = next
  }
  let template = node.template
  if (template === undefined) {
    // Answers hold few shapes; keys made of data, which vary without end, restart the tree now and then.
    if (++templateCount % 1000 === 0) keyTree.clear()
    // JSON.parse makes a fast object with every key in place, and `__proto__` an own key, as on the wire.
    template = JSON.parse(`{${Object.keys(value).map((key) => `${JSON.stringify(fromWireName(key))}:0`)}}`)
    node.template = template
  }
  const output = { ...template }
  for (const key in value) {
    if (!polluted || Object.hasOwn(value, key)) output[fromWireName(key)] = value[key]
  }
  return output
}

// The SDK's name of a wire field: comparisons, not a map lookup, on the hot path of every answer.
function fromWireName(key: string): string {
  return key === 'id'
    ? '_id'
    : key === 'createdDate'
      ? '_createdDate'
      : key === 'updatedDate'
        ? '_updatedDate'
        : key
}

function isNonFinite(value: string): boolean {
  return value === 'NaN' || value === 'Infinity' || value === '-Infinity'
}

// Whether a value read at `parentKey.key` holds a number.
function isNumberField(
  key: string | undefined,
  parentKey: string | undefined,
  numberFields: NumberFields,
): boolean {
  return (
    key !== undefined &&
    (numberFields.has(key) || (parentKey !== undefined && numberFields.has(`${parentKey}.${key}`)))
  )
}

// `JSON.parse` makes `__proto__` an own key; a plain assignment would instead replace the prototype.
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  } else {
    target[key] = value
  }
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
