/**
 * Returns the calls `names` of `T` as stand-ins that run `load` on the first call (once, shared by
 * concurrent callers; again after a failed load) and then forward every call to the loaded
 * implementation. With `load` an `import()`, rarely used calls keep their place in the API while a
 * bundler leaves their code out of the first download.
 */
export function loadOnFirstCall<T extends { [K in keyof T]: (...args: never[]) => Promise<unknown> }>(
  names: readonly (keyof T & string)[],
  load: () => Promise<T>,
): T {
  let loaded: Promise<T> | undefined
  const calls: Record<string, (...args: never[]) => Promise<unknown>> = {}
  for (const name of names) {
    calls[name] = async (...args) => {
      loaded ??= load().catch((error: unknown) => {
        loaded = undefined
        throw error
      })
      const implementation = (await loaded)[name] as (...args: never[]) => Promise<unknown>
      return implementation(...args)
    }
  }
  return calls as T
}
