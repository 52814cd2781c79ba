/**
 * Every field path of a wire type (`lineItems.price.amount`), through arrays and every member of a
 * union. A type test compares a mapper's paths with its response schema's: a field renamed, added or
 * dropped on either side, at any depth, makes them differ, where plain assignability would let an
 * optional field's new name pass as an extra property. Recursive types (custom field values) are
 * followed ten levels deep.
 */
export type FieldPaths<T, Depth extends unknown[] = []> = Depth['length'] extends 10
  ? never
  : T extends readonly (infer Element)[]
    ? FieldPaths<Element, Depth>
    : T extends object
      ? {
          [K in keyof T & string]-?: K | `${K}.${FieldPaths<NonNullable<T[K]>, [...Depth, unknown]>}`
        }[keyof T & string]
      : never

/** The SDK's names of the wire's (`@aisle/sdk`'s `fromWire`): only these three keys are renamed. */
type SdkName<K> = K extends 'id'
  ? '_id'
  : K extends 'createdDate'
    ? '_createdDate'
    : K extends 'updatedDate'
      ? '_updatedDate'
      : K

/**
 * A wire type as the SDK hands it to its caller: `id`, `createdDate` and `updatedDate` renamed to
 * `_id`, `_createdDate` and `_updatedDate` at every depth, as the SDK's `fromWire` does at run time, and
 * the strings that carry non-finite numbers read back as numbers (the SDK does so at number fields).
 */
export type FromWire<T> = T extends 'NaN' | 'Infinity' | '-Infinity'
  ? number
  : T extends readonly (infer Element)[]
    ? FromWire<Element>[]
    : T extends object
      ? { [K in keyof T as SdkName<K>]: FromWire<T[K]> }
      : T

/**
 * How an SDK answer type and the wire type it is read from differ: `fits` whether every answer the
 * wire may carry is a value of the SDK type, and the field paths only one side has. {@link NoDrift}
 * when they agree.
 */
export interface Drift<Sdk, Wire> {
  fits: [Wire] extends [Sdk] ? true : false
  typedButNotSent: Exclude<FieldPaths<Sdk>, FieldPaths<Wire>>
  sentButNotTyped: Exclude<FieldPaths<Wire>, FieldPaths<Sdk>>
}

/** The {@link Drift} of types that agree. */
export interface NoDrift {
  fits: true
  typedButNotSent: never
  sentButNotTyped: never
}
