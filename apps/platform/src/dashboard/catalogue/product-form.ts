import type { z } from 'zod'
import type { ProductSchema, VariantSchema } from '../../catalogue/catalogue-schemas.ts'
import type { FieldViolation } from '../../http/errors.ts'
import type { FormFields } from '../../pages/form-fields.ts'

/**
 * The product form of the dashboard and the merchant API's JSON, both ways. Only the shape changes
 * here (text to numbers, lines to choices); every rule is the API's, which answers field violations
 * that `toFormErrors` puts back beside the fields.
 */

type WireProduct = z.output<typeof ProductSchema>
type WireVariant = z.output<typeof VariantSchema>

export interface OptionFormValues {
  name: string
  type: 'drop_down' | 'color'
  /** One choice a line: `Blue = #1f6feb` for colours, `M` for drop-downs. */
  choices: string
}

/** What the product form shows: the text of every field, as stored or as submitted. */
export interface ProductFormValues {
  name: string
  slug: string
  description: string
  productType: 'physical' | 'digital'
  sku: string
  brand: string
  ribbon: string
  visible: boolean
  price: string
  cost: string
  discountType: 'NONE' | 'AMOUNT' | 'PERCENT'
  discountValue: string
  weight: string
  /** The unit price: how much the product holds (empty for none) and per how much the price is shown. */
  unitTotalQuantity: string
  unitTotalUnit: string
  unitBaseQuantity: string
  unitBaseUnit: string
  trackInventory: boolean
  quantity: string
  inStock: boolean
  options: OptionFormValues[]
  collectionIds: string[]
}

export const emptyProductForm: ProductFormValues = {
  name: '',
  slug: '',
  description: '',
  productType: 'physical',
  sku: '',
  brand: '',
  ribbon: '',
  visible: true,
  price: '',
  cost: '',
  discountType: 'NONE',
  discountValue: '0',
  weight: '',
  unitTotalQuantity: '',
  unitTotalUnit: 'G',
  unitBaseQuantity: '',
  unitBaseUnit: 'G',
  trackInventory: false,
  quantity: '',
  inStock: true,
  options: [],
  collectionIds: [],
}

/** The product form's labels, for the list of problems above the form. */
export const productFieldLabels: Record<string, string> = {
  name: 'Name',
  slug: 'Slug',
  description: 'Description',
  productType: 'Type',
  sku: 'SKU',
  brand: 'Brand',
  ribbon: 'Ribbon',
  price: 'Price',
  cost: 'Cost',
  discountType: 'Discount type',
  discountValue: 'Discount',
  weight: 'Weight',
  unitTotalQuantity: 'Contents',
  unitBaseQuantity: 'Unit price per',
  unitBaseUnit: 'Unit price unit',
  quantity: 'Quantity',
  options: 'Options',
}

const text = (value: number | undefined | null) =>
  value === undefined || value === null ? '' : String(value)

/** The form's values for a product as the API answers it (with merchant data). */
export function toProductFormValues(product: WireProduct): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    productType: product.productType,
    sku: product.sku,
    brand: product.brand ?? '',
    ribbon: product.ribbon ?? '',
    visible: product.visible,
    price: String(product.priceData.price),
    cost: text(product.costAndProfitData?.itemCost),
    discountType: product.discount.type === 'UNDEFINED' ? 'NONE' : product.discount.type,
    discountValue: String(product.discount.value),
    weight: text(product.weight),
    unitTotalQuantity: text(product.pricePerUnitData?.totalQuantity),
    unitTotalUnit: product.pricePerUnitData?.totalMeasurementUnit ?? 'G',
    unitBaseQuantity: text(product.pricePerUnitData?.baseQuantity),
    unitBaseUnit: product.pricePerUnitData?.baseMeasurementUnit ?? 'G',
    trackInventory: product.stock.trackInventory,
    quantity: text(product.stock.quantity),
    inStock: product.stock.inStock,
    options: product.productOptions.map((option) => ({
      name: option.name,
      type: option.optionType,
      choices: option.choices
        .map((choice) =>
          option.optionType === 'color' ? `${choice.description} = ${choice.value}` : choice.description,
        )
        .join('\n'),
    })),
    collectionIds: product.collectionIds,
  }
}

/** Rows of options the form offers: the product's and some empty ones to add. */
export const OPTION_ROWS_EXTRA = 2

function parseNumber(
  raw: string,
  field: string,
  violations: FieldViolation[],
  options: { integer?: boolean } = {},
): number | undefined {
  const value = raw.trim()
  if (value === '') return undefined
  if (!(options.integer ? /^-?\d+$/ : /^-?\d+(?:\.\d+)?$/).test(value)) {
    violations.push({
      field,
      description: options.integer ? 'must be a whole number' : 'must be a number such as 12.50',
      violatedRule: 'FORMAT',
    })
    return undefined
  }
  return Number(value)
}

function parseChoices(option: OptionFormValues) {
  return option.choices
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const at = line.lastIndexOf('=')
      if (option.type === 'color' && at > 0) {
        return { description: line.slice(0, at).trim(), value: line.slice(at + 1).trim() }
      }
      return { description: line, value: line }
    })
}

/**
 * Reads a submitted product form: the values to show again, the API input (`product` of a create,
 * or every field of a patch), and the fields that are not even numbers.
 */
export function readProductForm(form: FormFields): {
  values: ProductFormValues
  input: Record<string, unknown>
  violations: FieldViolation[]
} {
  const options: OptionFormValues[] = []
  for (let index = 0; form.names().includes(`option-${index}-name`); index++) {
    const option: OptionFormValues = {
      name: form.text(`option-${index}-name`).trim(),
      type: form.text(`option-${index}-type`) === 'color' ? 'color' : 'drop_down',
      choices: form.text(`option-${index}-choices`),
    }
    if (option.name !== '' || option.choices.trim() !== '') options.push(option)
  }
  const discountType = form.text('discountType')
  const productType = form.text('productType')
  const values: ProductFormValues = {
    name: form.text('name'),
    slug: form.text('slug').trim(),
    description: form.text('description'),
    productType: productType === 'digital' ? 'digital' : 'physical',
    sku: form.text('sku'),
    brand: form.text('brand'),
    ribbon: form.text('ribbon'),
    visible: form.isChecked('visible'),
    price: form.text('price'),
    cost: form.text('cost'),
    discountType: discountType === 'AMOUNT' || discountType === 'PERCENT' ? discountType : 'NONE',
    discountValue: form.text('discountValue'),
    weight: form.text('weight'),
    unitTotalQuantity: form.text('unitTotalQuantity'),
    unitTotalUnit: form.text('unitTotalUnit'),
    unitBaseQuantity: form.text('unitBaseQuantity'),
    unitBaseUnit: form.text('unitBaseUnit'),
    trackInventory: form.isChecked('trackInventory'),
    quantity: form.text('quantity'),
    inStock: form.isChecked('inStock'),
    options,
    collectionIds: form.texts('collectionIds'),
  }
  const violations: FieldViolation[] = []
  const price = parseNumber(values.price, 'price', violations)
  if (price === undefined && values.price.trim() === '')
    violations.push({ field: 'price', description: 'is required', violatedRule: 'REQUIRED_FIELD' })
  const cost = parseNumber(values.cost, 'cost', violations)
  const discountValue = parseNumber(values.discountValue, 'discountValue', violations) ?? 0
  const weight = parseNumber(values.weight, 'weight', violations)
  const quantity = parseNumber(values.quantity, 'quantity', violations, { integer: true })
  const unitTotal = parseNumber(values.unitTotalQuantity, 'unitTotalQuantity', violations)
  // A unit price "per" nothing is per one of the unit, as a merchant means it.
  const unitBase = parseNumber(values.unitBaseQuantity, 'unitBaseQuantity', violations) ?? 1
  const input: Record<string, unknown> = {
    name: values.name,
    description: values.description,
    productType: values.productType,
    sku: values.sku.trim() || null,
    brand: values.brand.trim() || null,
    ribbon: values.ribbon.trim() || null,
    visible: values.visible,
    priceData: { price: price ?? 0 },
    costAndProfitData: cost === undefined ? null : { itemCost: cost },
    discount: { type: values.discountType, value: values.discountType === 'NONE' ? 0 : discountValue },
    weight: weight ?? null,
    // The units go as typed: the API refuses one that is not a MeasurementUnit, beside its field.
    pricePerUnitData:
      unitTotal === undefined
        ? null
        : {
            totalQuantity: unitTotal,
            totalMeasurementUnit: values.unitTotalUnit,
            baseQuantity: unitBase,
            baseMeasurementUnit: values.unitBaseUnit,
          },
    stock: { trackInventory: values.trackInventory, quantity: quantity ?? null, inStock: values.inStock },
    productOptions: options.map((option) => ({
      name: option.name,
      optionType: option.type,
      choices: parseChoices(option),
    })),
  }
  if (values.slug !== '') input.slug = values.slug
  return { values, input, violations }
}

const apiFieldToFormField: [RegExp, string][] = [
  [/^product\.priceData(\..*)?$/, 'price'],
  [/^product\.costAndProfitData(\..*)?$/, 'cost'],
  [/^product\.discount\.type$/, 'discountType'],
  [/^product\.discount(\..*)?$/, 'discountValue'],
  [/^product\.stock(\..*)?$/, 'quantity'],
  [/^product\.pricePerUnitData\.totalMeasurementUnit$/, 'unitTotalQuantity'],
  [/^product\.pricePerUnitData\.baseMeasurementUnit$/, 'unitBaseUnit'],
  [/^product\.pricePerUnitData\.baseQuantity$/, 'unitBaseQuantity'],
  [/^product\.pricePerUnitData(\..*)?$/, 'unitTotalQuantity'],
  [/^product\.productOptions\[(\d+)\]\.name$/, 'option-$1-name'],
  [/^product\.productOptions\[(\d+)\].*$/, 'option-$1-choices'],
  [/^product\.productOptions$/, 'options'],
  [/^product\.(\w+)$/, '$1'],
]

/** Form field names of the API's violations: `product.priceData.price` is the form's `price`. */
export function toFormViolations(violations: readonly FieldViolation[]): FieldViolation[] {
  return violations.map((violation) => {
    const rule = apiFieldToFormField.find(([pattern]) => pattern.test(violation.field))
    return rule ? { ...violation, field: violation.field.replace(rule[0], rule[1]) } : violation
  })
}

/** One message per form field, for the field itself. */
export function toFormErrors(violations: readonly FieldViolation[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const violation of violations) errors[violation.field] ??= violation.description
  return errors
}

/** A variant row of the variants table: the values shown, to send only what the merchant changed. */
export interface VariantRowValues {
  id: string
  label: string
  price: string
  cost: string
  weight: string
  sku: string
  visible: boolean
  trackQuantity: boolean
  quantity: string
  inStock: boolean
}

export function toVariantRowValues(variant: WireVariant): VariantRowValues {
  return {
    id: variant.id,
    label: Object.entries(variant.choices)
      .map(([option, choice]) => `${option}: ${choice}`)
      .join(', '),
    price: String(variant.priceData.price),
    cost: text(variant.costAndProfitData?.itemCost),
    weight: text(variant.weight),
    sku: variant.sku,
    visible: variant.visible,
    trackQuantity: variant.stock.trackQuantity,
    quantity: text(variant.stock.quantity),
    inStock: variant.stock.inStock,
  }
}

/**
 * The variants patch of a submitted variants table: each variant with only the fields the merchant
 * changed (a field left as shown keeps following the product, e.g. its price). A cleared price, cost or
 * weight goes back to the product's.
 */
export function readVariantsForm(form: FormFields): {
  changes: Record<string, unknown>[]
  violations: FieldViolation[]
  /** The API's violations (`variants[2].price`) named by the table's rows (`variant 5 price`). */
  toRowViolations(violations: readonly FieldViolation[]): FieldViolation[]
} {
  const violations: FieldViolation[] = []
  const changes: Record<string, unknown>[] = []
  const rowOfChange: number[] = []
  for (let index = 0; form.text(`v-${index}-id`) !== ''; index++) {
    const field = (name: string) => `variant ${index + 1} ${name}`
    const input = (name: string) => `v-${index}-${name}`
    const changed = (name: string) => form.text(input(name)).trim() !== form.text(input(`${name}-was`)).trim()
    const flag = (name: string) => form.isChecked(input(name))
    const flagChanged = (name: string) => flag(name) !== (form.text(input(`${name}-was`)) === 'true')
    const change: Record<string, unknown> = {}
    for (const name of ['price', 'cost', 'weight'] as const) {
      if (!changed(name)) continue
      change[name] = parseNumber(form.text(input(name)), field(name), violations) ?? null
    }
    if (changed('sku')) change.sku = form.text(input('sku')).trim() || null
    if (flagChanged('visible')) change.visible = flag('visible')
    if (changed('quantity') || flagChanged('trackQuantity') || flagChanged('inStock')) {
      change.stock = {
        trackQuantity: flag('trackQuantity'),
        quantity:
          parseNumber(form.text(input('quantity')), field('quantity'), violations, { integer: true }) ?? null,
        inStock: flag('inStock'),
      }
    }
    if (Object.keys(change).length > 0) {
      changes.push({ variantIds: [form.text(input('id'))], ...change })
      rowOfChange.push(index)
    }
  }
  return {
    changes,
    violations,
    toRowViolations: (refused) =>
      refused.map((violation) => {
        const match = /^variants\[(\d+)\]\.?(.*)$/.exec(violation.field)
        const row = match ? rowOfChange[Number(match[1])] : undefined
        if (row === undefined) return violation
        return { ...violation, field: `variant ${row + 1} ${match![2]!.replace(/\./g, ' ')}`.trim() }
      }),
  }
}
