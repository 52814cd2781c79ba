/**
 * The `fetch` a client calls: the global one by default, or any function of the same shape, such as an
 * in-process server's `app.request`.
 */
export type FetchFunction = (input: string, init?: RequestInit) => Response | Promise<Response>

/**
 * Wraps an injected `fetch` (or the global one, looked up at call time so later stubs apply) so that it
 * is never called unbound: a bare `window.fetch` throws "Illegal invocation" otherwise.
 */
export function toBoundFetch(fetchFunction: FetchFunction | undefined): FetchFunction {
  if (fetchFunction === undefined) return (input, init) => globalThis.fetch(input, init)
  return (input, init) => fetchFunction.call(globalThis, input, init)
}
