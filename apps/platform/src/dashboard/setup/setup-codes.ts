import { slugify } from '../../catalogue/products/product-input.ts'

/**
 * The code the API and shoppers' carts know a setup entry by, made from the title a merchant typed:
 * "Express (tracked)" is `express-tracked`. A code another entry has gets `-2`, `-3`…; an entry keeps its
 * code once saved, so renaming it never changes what carts have chosen.
 */
export function codeFromTitle(title: string, taken: ReadonlySet<string>, fallback = 'option'): string {
  // Cut at 40 characters, a cut that ends on a dash loses it.
  const base = slugify(title, 40, '').replace(/-+$/, '') || fallback
  let code = base
  for (let next = 2; taken.has(code); next++) code = `${base}-${next}`
  return code
}
