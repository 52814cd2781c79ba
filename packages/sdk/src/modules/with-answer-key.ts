/**
 * Returns `entity` with a hidden (non-enumerable) property `key` that points back at it, so code written
 * for the earlier answer shape (`const { cart } = await addToCurrentCart(...)`) keeps working while the
 * call resolves with the entity itself. The property is invisible to `JSON.stringify`, spreading,
 * `Object.keys` and deep equality.
 */
export function withAnswerKey<T extends object, K extends string>(
  key: K,
): (entity: T) => T & { [P in K]?: T } {
  return (entity) => Object.defineProperty(entity, key, { value: entity, configurable: true })
}
