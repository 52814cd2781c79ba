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

const fromWireNames: ReadonlyMap<string, string> = new Map([
  ['id', '_id'],
  ['createdDate', '_createdDate'],
  ['updatedDate', '_updatedDate'],
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
 * Reshapes a parsed answer from the wire, in one pass and without touching the input: `id`,
 * `createdDate` and `updatedDate` become `_id`, `_createdDate` and `_updatedDate` at every depth, and
 * the strings `"NaN"`, `"Infinity"` and `"-Infinity"` become numbers only at `numberFields`.
 */
export function fromWire(value: unknown, numberFields: NumberFields = noNumberFields): unknown {
  return fromWireValue(value, undefined, undefined, numberFields)
}

function fromWireValue(
  value: unknown,
  key: string | undefined,
  parentKey: string | undefined,
  numberFields: NumberFields,
): unknown {
  if (typeof value === 'string') {
    if (
      key !== undefined &&
      (value === 'NaN' || value === 'Infinity' || value === '-Infinity') &&
      (numberFields.has(key) || (parentKey !== undefined && numberFields.has(`${parentKey}.${key}`)))
    ) {
      return Number(value)
    }
    return value
  }
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    // Items of an array stand at the array's own field: `weights: ["NaN"]` is a list of numbers.
    const output = new Array<unknown>(value.length)
    for (let index = 0; index < value.length; index++) {
      output[index] = fromWireValue(value[index], key, parentKey, numberFields)
    }
    return output
  }
  const record = value as Record<string, unknown>
  const output: Record<string, unknown> = {}
  for (const childKey in record) {
    if (!Object.hasOwn(record, childKey)) continue
    setOwn(
      output,
      fromWireNames.get(childKey) ?? childKey,
      fromWireValue(record[childKey], childKey, key, numberFields),
    )
  }
  return output
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
