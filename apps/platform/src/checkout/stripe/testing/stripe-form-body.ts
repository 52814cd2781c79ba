/** A form value as Stripe's API reads it: text, or nested objects and arrays written in brackets. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }

/**
 * Reads a form-encoded body (or query string) the way Stripe's API does: `a[b][0][c]=v` is
 * `{ a: { b: [{ c: 'v' }] } }`, and `expand[]=x` or `expand[0]=x` is `{ expand: ['x'] }`.
 */
export function parseStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {}
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.match(/^[^[\]]+|\[[^[\]]*\]/g)?.map((part) => part.replace(/^\[|\]$/g, '')) ?? [name]
    let node: Record<string, FormValue> = root
    for (const [index, key] of path.entries()) {
      const isLast = index === path.length - 1
      const field = key === '' ? String(Object.keys(node).length) : key
      if (isLast) node[field] = value
      else {
        const next = node[field]
        if (typeof next !== 'object' || next === null) node[field] = {}
        node = node[field] as Record<string, FormValue>
      }
    }
  }
  return arraysOf(root) as Record<string, FormValue>
}

/** Objects whose keys are 0, 1, 2... are arrays. */
function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string') return value
  const entries = Object.entries(value).map(([key, item]) => [key, arraysOf(item)] as const)
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index))
  return isList ? entries.map(([, item]) => item) : Object.fromEntries(entries)
}

/** The text at a path of a parsed form, if it is text. */
export function textAt(form: Record<string, FormValue>, ...path: (string | number)[]): string | undefined {
  let node: FormValue | undefined = form
  for (const key of path) {
    if (node === undefined || typeof node === 'string') return undefined
    node = Array.isArray(node) ? node[Number(key)] : node[String(key)]
  }
  return typeof node === 'string' ? node : undefined
}
