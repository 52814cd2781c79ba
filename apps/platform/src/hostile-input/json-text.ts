/** JSON text written as is into a body: numbers JavaScript cannot hold, deep nesting, broken syntax. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A value the fuzzer sends: plain JSON, with raw text wherever JSON.stringify could not write it. */
export type FuzzValue = null | boolean | number | string | RawJson | FuzzValue[] | FuzzObject
export interface FuzzObject {
  [key: string]: FuzzValue
}

/** An object without a prototype, so that a key such as `__proto__` stays an own, serialised key. */
export function createFuzzObject(entries: Iterable<readonly [string, FuzzValue]> = []): FuzzObject {
  const object = Object.create(null) as FuzzObject
  for (const [key, value] of entries) object[key] = value
  return object
}

/** Whether a value is a (prototype-less or plain) object of the fuzzer, not an array or raw text. */
export function isFuzzObject(value: FuzzValue | undefined): value is FuzzObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson)
}

/** Writes a value as JSON text; raw parts go in verbatim. Strings are escaped as JSON.stringify does. */
export function toJsonText(value: FuzzValue): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) {
    // A huge array of one repeated item is written once and repeated.
    const first = value[0]
    if (value.length > 100 && value.every((item) => item === first)) {
      return `[${new Array(value.length).fill(toJsonText(first!)).join(',')}]`
    }
    return `[${value.map((item) => toJsonText(item)).join(',')}]`
  }
  if (isFuzzObject(value)) {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText(value[key]!)}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** Parses JSON text into fuzzer values (prototype-less objects), to mutate a body again. */
export function parseFuzzJson(text: string): FuzzValue {
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? createFuzzObject(Object.entries(value as Record<string, FuzzValue>))
      : value,
  ) as FuzzValue
}
