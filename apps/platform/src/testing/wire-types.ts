/**
 * Every field path of a wire type (`lineItems.price.amount`), through arrays and every member of a
 * union. A type test compares a mapper's paths with its response schema's: a field renamed, added or
 * dropped on either side, at any depth, makes them differ, where plain assignability would let an
 * optional field's new name pass as an extra property.
 */
export type FieldPaths<T> = T extends readonly (infer Element)[]
  ? FieldPaths<Element>
  : T extends object
    ? { [K in keyof T & string]-?: K | `${K}.${FieldPaths<NonNullable<T[K]>>}` }[keyof T & string]
    : never
