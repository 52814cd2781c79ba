import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import type { ProductRecord, VariantRow } from './product-store.ts'

export interface OptionsAvailability {
  /** The variant the selection names, once every option has a choice. */
  selectedVariant: VariantRow | undefined
  /** Visible variants that agree with the selection so far. */
  variants: VariantRow[]
  /** For each option and choice: whether some variant with it (and the other chosen options) exists, and is in stock. */
  choices: Map<string, Map<string, { visible: boolean; inStock: boolean }>>
  availableForPurchase: boolean
}

/**
 * Works out what a shopper can still pick after choosing some options: the basis of option pickers
 * that disable impossible choices and mark sold-out ones. Throws for an option or choice the product lacks.
 */
export function optionsAvailability(
  record: ProductRecord,
  selection: Readonly<Record<string, string>>,
): OptionsAvailability {
  const { product } = record
  const violations = Object.entries(selection).flatMap(([name, choice]): FieldViolation[] => {
    const option = product.options.find((o) => o.name === name)
    if (!option)
      return [
        {
          field: `options.${name}`,
          description: 'is not an option of this product',
          violatedRule: 'FIELD_NOT_ALLOWED',
        },
      ]
    if (!option.choices.some((c) => c.description === choice)) {
      return [
        {
          field: `options.${name}`,
          description: `has no choice "${choice}"`,
          violatedRule: 'INVALID_ENUM_VALUE',
        },
      ]
    }
    return []
  })
  if (violations.length > 0) throw new ValidationError(violations)

  const visible = record.variants.filter((v) => v.visible)
  const agrees = (variant: VariantRow, except?: string) =>
    Object.entries(selection).every(([name, choice]) => name === except || variant.choices[name] === choice)
  const inStock = (variant: VariantRow) => product.in_stock && variant.in_stock

  const choices = new Map<string, Map<string, { visible: boolean; inStock: boolean }>>()
  for (const option of product.options) {
    const perChoice = new Map<string, { visible: boolean; inStock: boolean }>()
    for (const choice of option.choices) {
      const candidates = visible.filter(
        (v) => v.choices[option.name] === choice.description && agrees(v, option.name),
      )
      perChoice.set(choice.description, { visible: candidates.length > 0, inStock: candidates.some(inStock) })
    }
    choices.set(option.name, perChoice)
  }
  const matching = visible.filter((v) => agrees(v))
  const isComplete = product.options.every((o) => selection[o.name] !== undefined)
  const selectedVariant = isComplete ? matching[0] : undefined
  return {
    selectedVariant,
    variants: matching,
    choices,
    availableForPurchase: selectedVariant !== undefined && inStock(selectedVariant),
  }
}
