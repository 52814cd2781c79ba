/** A product option as the product page shows it: drop-down sizes or colour swatches. */
export interface OptionView {
  name: string
  type: 'drop_down' | 'color'
  choices: Array<{ value: string; description: string; inStock: boolean }>
}

/** A purchasable variant: one choice per option, keyed by option name, valued by choice description. */
export interface VariantView {
  id: string
  choices: Record<string, string>
  inStock: boolean
  /** The variant's own price when it differs from the product's. */
  price?: { amount: number; discountedAmount?: number; currency: string }
}

/** The shopper's pick: option name to choice description. */
export type Selection = Record<string, string>

/** The form field that carries one option's choice. */
export function optionFieldName(optionName: string): string {
  return `option:${optionName}`
}

/**
 * Finds the variant whose choices are exactly the selection (every option of the variant chosen alike,
 * nothing chosen that the variant lacks). A product without options has one variant with no choices.
 */
export function findVariant<V extends Pick<VariantView, 'choices'>>(
  variants: readonly V[],
  selection: Selection,
): V | undefined {
  const chosen = Object.keys(selection)
  return variants.find((variant) => {
    const names = Object.keys(variant.choices)
    return names.length === chosen.length && names.every((name) => variant.choices[name] === selection[name])
  })
}

/** The selection a product page starts with: the first variant in stock, else each option's first choice. */
export function findDefaultSelection(
  options: readonly OptionView[],
  variants: readonly VariantView[],
): Selection {
  const names = new Set(options.map((option) => option.name))
  const inStock = variants.find(
    (variant) =>
      variant.inStock &&
      Object.keys(variant.choices).length === names.size &&
      Object.keys(variant.choices).every((name) => names.has(name)),
  )
  if (inStock) return { ...inStock.choices }
  const selection: Selection = {}
  for (const option of options) {
    const first = option.choices[0]
    if (first) selection[option.name] = first.description
  }
  return selection
}

/**
 * Reads the shopper's choices from a submitted form, keeping only the product's own options and choices.
 * @returns the selection and the names of the options left unchosen.
 */
export function parseSelection(
  form: Pick<FormData, 'get'>,
  options: readonly OptionView[],
): { selection: Selection; missing: string[] } {
  const selection: Selection = {}
  const missing: string[] = []
  for (const option of options) {
    const value = form.get(optionFieldName(option.name))
    const choice =
      typeof value === 'string'
        ? option.choices.find((candidate) => candidate.description === value)
        : undefined
    if (choice) selection[option.name] = choice.description
    else missing.push(option.name)
  }
  return { selection, missing }
}
