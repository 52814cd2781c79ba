import type { z } from 'zod'
import type { ProductSchema, VariantSchema } from '../../catalogue/catalogue-schemas.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { fractionDigits } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'

/**
 * The product editor's one form and the body of `saveProductEditor`, both ways. Only the shape changes
 * here (text to numbers, rows to options); every rule is the domain's, which answers field violations
 * that `toFormViolations` names by the editor's fields.
 */

type WireProduct = z.output<typeof ProductSchema>
type WireVariant = z.output<typeof VariantSchema>

/** A choice row: its name, its colour (for colour options) and the images a shopper sees for it. */
export interface ChoiceFormValues {
  name: string
  colour: string
  mediaIds: string[]
  /** The row it was submitted in, which the row buttons name (rows left empty are dropped). */
  row?: number
}

/** An option row and its choice rows. */
export interface OptionFormValues {
  name: string
  type: 'drop_down' | 'color'
  choices: ChoiceFormValues[]
  /** The row it was submitted in, which the row buttons name (rows left empty are dropped). */
  row?: number
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
  /** The values the row had when the page was made: a change is a difference from these. */
  was: Omit<VariantRowValues, 'id' | 'label' | 'was'>
}

/** What the editor shows: the text of every field, as stored or as submitted. */
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
  /** The product's images and videos in the merchant's order (uploads not saved yet included). */
  mediaIds: string[]
  /** Each video's poster, by the video's id (decision 052). */
  posters: Record<string, string>
  variants: VariantRowValues[]
}

/** The colour a new colour choice starts with. */
export const NEW_CHOICE_COLOUR = '#888888'

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
  mediaIds: [],
  posters: {},
  variants: [],
}

/** The editor's labels, for the list of problems above the form. */
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
  media: 'Images',
  files: 'Images',
  collections: 'Collections',
}

/** The label of a field in the list of problems: rows are named as the merchant sees them. */
export function productFieldLabel(field: string): string {
  const choice = /^option-(\d+)-choice-(\d+)-(name|colour|media)$/.exec(field)
  if (choice) {
    const what = { name: 'name', colour: 'colour', media: 'images' }[choice[3] as 'name']
    return `Option ${Number(choice[1]) + 1}, choice ${Number(choice[2]) + 1} ${what}`
  }
  if (field.startsWith('poster-')) return 'Video poster'
  const option = /^option-(\d+)-(name|choices)$/.exec(field)
  if (option) return `Option ${Number(option[1]) + 1} ${option[2]}`
  return productFieldLabels[field] ?? field
}

const text = (value: number | undefined | null) =>
  value === undefined || value === null ? '' : String(value)

/** An amount as the merchant reads money: "10.80", not "10.8" (the currency's own digits, "1200" for JPY). */
const amountText = (value: number | undefined | null, currency: string) =>
  value === undefined || value === null ? '' : value.toFixed(fractionDigits(currency))

/** The variants table's rows for the variants as the API answers them (with merchant data). */
export function toVariantRowValues(variant: WireVariant): VariantRowValues {
  const row = {
    price: amountText(variant.priceData.price, variant.priceData.currency),
    cost: amountText(variant.costAndProfitData?.itemCost, variant.priceData.currency),
    weight: text(variant.weight),
    sku: variant.sku,
    visible: variant.visible,
    trackQuantity: variant.stock.trackQuantity,
    quantity: text(variant.stock.quantity),
    inStock: variant.stock.inStock,
  }
  const label = Object.entries(variant.choices)
    .map(([option, choice]) => `${option}: ${choice}`)
    .join(', ')
  return { id: variant.id, label, ...row, was: row }
}

/** The editor's values for a product as the API answers it (with merchant data) and its variants. */
export function toProductFormValues(
  product: WireProduct,
  variants: readonly WireVariant[],
): ProductFormValues {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    productType: product.productType,
    sku: product.sku,
    brand: product.brand ?? '',
    ribbon: product.ribbon ?? '',
    visible: product.visible,
    price: amountText(product.priceData.price, product.priceData.currency),
    cost: amountText(product.costAndProfitData?.itemCost, product.priceData.currency),
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
      choices: option.choices.map((choice) => ({
        name: choice.description,
        colour: option.optionType === 'color' ? choice.value : NEW_CHOICE_COLOUR,
        mediaIds: choice.media.items.map((item) => item.id),
      })),
    })),
    collectionIds: product.collectionIds,
    mediaIds: product.media.items.map((item) => item.id),
    posters: Object.fromEntries(
      product.media.items.flatMap((item) =>
        item.video?.stillFrameMediaId ? [[item.id, item.video.stillFrameMediaId]] : [],
      ),
    ),
    variants: product.manageVariants ? variants.map(toVariantRowValues) : [],
  }
}

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

/** The option and choice rows of a submitted form; empty rows add nothing and are left out. */
function readOptionRows(form: FormFields): OptionFormValues[] {
  const names = new Set(form.names())
  const options: OptionFormValues[] = []
  for (let index = 0; names.has(`option-${index}-name`); index++) {
    const choices: ChoiceFormValues[] = []
    for (let at = 0; names.has(`option-${index}-choice-${at}-name`); at++) {
      const field = (name: string) => `option-${index}-choice-${at}-${name}`
      const choice = {
        name: form.text(field('name')).trim(),
        colour: form.text(field('colour')).trim() || NEW_CHOICE_COLOUR,
        mediaIds: form.texts(field('media')),
        row: at,
      }
      if (choice.name !== '') choices.push(choice)
    }
    const option: OptionFormValues = {
      name: form.text(`option-${index}-name`).trim(),
      type: form.text(`option-${index}-type`) === 'color' ? 'color' : 'drop_down',
      choices,
      row: index,
    }
    if (option.name !== '' || choices.length > 0) options.push(option)
  }
  return options
}

/** The variant rows of a submitted form, as typed, with what each had when the page was made. */
function readVariantRows(form: FormFields): VariantRowValues[] {
  const rows: VariantRowValues[] = []
  for (let index = 0; form.text(`v-${index}-id`) !== ''; index++) {
    const value = (name: string) => form.text(`v-${index}-${name}`)
    const was = (name: string) => form.text(`v-${index}-${name}-was`)
    rows.push({
      id: value('id'),
      label: value('label'),
      price: value('price'),
      cost: value('cost'),
      weight: value('weight'),
      sku: value('sku'),
      visible: form.isChecked(`v-${index}-visible`),
      trackQuantity: form.isChecked(`v-${index}-trackQuantity`),
      quantity: value('quantity'),
      inStock: form.isChecked(`v-${index}-inStock`),
      was: {
        price: was('price'),
        cost: was('cost'),
        weight: was('weight'),
        sku: was('sku'),
        visible: was('visible') === 'true',
        trackQuantity: was('trackQuantity') === 'true',
        quantity: was('quantity'),
        inStock: was('inStock') === 'true',
      },
    })
  }
  return rows
}

/**
 * The variants changes of the table: each variant with only the fields the merchant changed (a field
 * left as shown keeps following the product, e.g. its price); a cleared price, cost or weight goes back
 * to the product's.
 */
function toVariantChanges(rows: readonly VariantRowValues[], violations: FieldViolation[]) {
  const changes: Record<string, unknown>[] = []
  const rowOfChange: number[] = []
  rows.forEach((row, index) => {
    const field = (name: string) => `v-${index}-${name}`
    const changed = (name: 'price' | 'cost' | 'weight' | 'sku' | 'quantity') =>
      row[name].trim() !== row.was[name].trim()
    const flagChanged = (name: 'visible' | 'trackQuantity' | 'inStock') => row[name] !== row.was[name]
    const change: Record<string, unknown> = {}
    for (const name of ['price', 'cost', 'weight'] as const) {
      if (changed(name)) change[name] = parseNumber(row[name], field(name), violations) ?? null
    }
    if (changed('sku')) change.sku = row.sku.trim() || null
    if (flagChanged('visible')) change.visible = row.visible
    if (changed('quantity') || flagChanged('trackQuantity') || flagChanged('inStock')) {
      change.stock = {
        trackQuantity: row.trackQuantity,
        quantity: parseNumber(row.quantity, field('quantity'), violations, { integer: true }) ?? null,
        inStock: row.inStock,
      }
    }
    if (Object.keys(change).length > 0) {
      changes.push({ variantIds: [row.id], ...change })
      rowOfChange.push(index)
    }
  })
  return { changes, rowOfChange }
}

/**
 * The option whose choices get pictures in the editor's one grid (decision 080): the first colour
 * option, else the first option (whose choices are the variants when it is the only one); -1 for none.
 * The editor's script applies the same rule to the rows as they are typed.
 */
export function pictureOptionIndex(options: readonly Pick<OptionFormValues, 'type'>[]): number {
  const colour = options.findIndex((option) => option.type === 'color')
  return colour >= 0 ? colour : options.length > 0 ? 0 : -1
}

/** The variant fields the bulk fill sets on every row ("set all prices to…"), with their words. */
export const VARIANT_FILL_FIELDS = {
  price: 'Price',
  cost: 'Cost',
  weight: 'Weight',
  sku: 'SKU',
  quantity: 'Quantity',
} as const satisfies Partial<Record<keyof VariantRowValues, string>>
export type VariantFillField = keyof typeof VARIANT_FILL_FIELDS

const isFillField = (name: string): name is VariantFillField => Object.hasOwn(VARIANT_FILL_FIELDS, name)

/** A row change the form asks for without saving (the "add row" and "remove" buttons without JavaScript). */
export type RowIntent =
  | { kind: 'add-option' }
  /** `field` is none when the form named no field the fill sets: the page comes back as it was sent. */
  | { kind: 'fill-variants'; field: VariantFillField | undefined; value: string }
  | { kind: 'add-choice'; option: number }
  | { kind: 'remove-option'; option: number }
  | { kind: 'remove-choice'; option: number; choice: number }

/** The row change of the pressed button (`intent`), or `undefined` for a save. */
export function readRowIntent(form: FormFields): RowIntent | undefined {
  const intent = form.text('intent')
  if (intent === 'add-option') return { kind: 'add-option' }
  if (intent === 'fill-variants') {
    const field = form.text('fillField')
    return {
      kind: 'fill-variants',
      field: isFillField(field) ? field : undefined,
      value: form.text('fillValue').trim(),
    }
  }
  const addChoice = /^add-choice-(\d+)$/.exec(intent)
  if (addChoice) return { kind: 'add-choice', option: Number(addChoice[1]) }
  const removeOption = /^remove-option-(\d+)$/.exec(intent)
  if (removeOption) return { kind: 'remove-option', option: Number(removeOption[1]) }
  const removeChoice = /^remove-choice-(\d+)-(\d+)$/.exec(intent)
  if (removeChoice)
    return { kind: 'remove-choice', option: Number(removeChoice[1]), choice: Number(removeChoice[2]) }
  return undefined
}

/**
 * The values after a row change: a new empty row, or a row taken out. The form renders one empty row
 * more under every list, so an added row is one more to fill in.
 */
export function applyRowIntent(values: ProductFormValues, intent: RowIntent): ProductFormValues {
  // The value is checked when saved, beside each field it went into, like a value typed there.
  if (intent.kind === 'fill-variants') {
    const { field, value } = intent
    if (!field) return values
    return { ...values, variants: values.variants.map((row) => ({ ...row, [field]: value })) }
  }
  const options = values.options.map((option) => ({ ...option, choices: [...option.choices] }))
  const emptyChoice = () => ({ name: '', colour: NEW_CHOICE_COLOUR, mediaIds: [] })
  // Buttons name rows as drawn; a row emptied since is no longer among the values.
  const rowOf = (item: { row?: number | undefined }, index: number) => item.row ?? index
  const wanted = intent.kind === 'add-option' ? -1 : intent.option
  const at = options.findIndex((option, index) => rowOf(option, index) === wanted)
  const option = options[at]
  if (intent.kind === 'add-option') options.push({ name: '', type: 'drop_down', choices: [emptyChoice()] })
  else if (intent.kind === 'remove-option') {
    if (option) options.splice(at, 1)
  } else if (intent.kind === 'add-choice') {
    if (option) option.choices.push(emptyChoice())
    // The empty option row under the others: it becomes an option with two empty choice rows.
    else options.push({ name: '', type: 'drop_down', choices: [emptyChoice()] })
  } else if (option) {
    const choice = option.choices.findIndex((one, index) => rowOf(one, index) === intent.choice)
    if (choice >= 0) option.choices.splice(choice, 1)
  }
  return { ...values, options }
}

/** The submitted editor: the values to show again, the body of the save, and its own violations. */
export interface ProductEditorForm {
  values: ProductFormValues
  /** The body of `saveProductEditor` (parsed with `ProductEditorBody`). */
  body: Record<string, unknown>
  violations: FieldViolation[]
  /** The domain's violations named by the editor's fields. */
  toFormViolations(violations: readonly FieldViolation[]): FieldViolation[]
}

/** Reads the product editor's form (the files it carries are the route's). */
export function readProductForm(form: FormFields): ProductEditorForm {
  const options = readOptionRows(form)
  const discountType = form.text('discountType')
  const productType = form.text('productType')
  const removed = new Set(form.texts('removeMediaIds'))
  // Images go in the order of their positions; those without one keep their place after the others.
  const listed = form.texts('mediaIds')
  const positionOf = (id: string) => {
    const position = Number.parseInt(form.text(`media-${id}-position`), 10)
    return Number.isFinite(position) ? position : Number.MAX_SAFE_INTEGER
  }
  const mediaIds = listed
    .map((id, index) => ({ id, index, position: positionOf(id) }))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map((entry) => entry.id)
    .filter((id) => !removed.has(id))
  // A video's poster is picked among the images (`poster-<video id>`); none picked is sent as none.
  const posters = Object.fromEntries(
    mediaIds.flatMap((id) => {
      const poster = form.text(`poster-${id}`)
      return poster ? [[id, poster]] : []
    }),
  )
  const variants = readVariantRows(form)
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
    mediaIds,
    posters,
    variants,
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
  const { changes, rowOfChange } = toVariantChanges(variants, violations)
  const product: Record<string, unknown> = {
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
    // The units go as typed: the domain refuses one that is not a MeasurementUnit, beside its field.
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
      choices: option.choices.map((choice) => ({
        description: choice.name,
        value: option.type === 'color' ? choice.colour : choice.name,
      })),
    })),
  }
  if (values.slug !== '') product.slug = values.slug
  const choiceMedia = options.flatMap((option) =>
    option.choices.map((choice) => ({ option: option.name, choice: choice.name, mediaIds: choice.mediaIds })),
  )
  const choiceRows = options.flatMap((_, optionIndex) =>
    options[optionIndex]!.choices.map(
      (_choice, choiceIndex) => `option-${optionIndex}-choice-${choiceIndex}`,
    ),
  )
  const posterList = Object.entries(posters).map(([mediaId, posterMediaId]) => ({ mediaId, posterMediaId }))
  const body = {
    product,
    mediaIds,
    posters: posterList,
    choiceMedia,
    variants: changes,
    collectionIds: values.collectionIds,
  }
  return {
    values,
    body,
    violations,
    toFormViolations: (refused) =>
      refused.map((violation) => {
        // A video's poster problems are told at its poster's picker.
        const poster = /^posters\[(\d+)\]/.exec(violation.field)
        const missing = /^mediaIds\[(\d+)\]$/.exec(violation.field)
        const video =
          (poster && posterList[Number(poster[1])]?.mediaId) ||
          (missing && violation.violatedRule === 'REQUIRED_FIELD' && mediaIds[Number(missing[1])])
        if (video) {
          const description = poster ? violation.description : 'is required: choose one of the images'
          return { ...violation, field: `poster-${video}`, description }
        }
        const field = toFormField(violation.field, { choiceRows, rowOfChange })
        return { ...violation, field, description: inPlainWords(violation) }
      }),
  }
}

const productFields: [RegExp, string][] = [
  [/^product\.priceData(\..*)?$/, 'price'],
  [/^product\.costAndProfitData(\..*)?$/, 'cost'],
  [/^product\.discount\.type$/, 'discountType'],
  [/^product\.discount(\..*)?$/, 'discountValue'],
  [/^product\.stock(\..*)?$/, 'quantity'],
  [/^product\.pricePerUnitData\.totalMeasurementUnit$/, 'unitTotalQuantity'],
  [/^product\.pricePerUnitData\.baseMeasurementUnit$/, 'unitBaseUnit'],
  [/^product\.pricePerUnitData\.baseQuantity$/, 'unitBaseQuantity'],
  [/^product\.pricePerUnitData(\..*)?$/, 'unitTotalQuantity'],
  [/^product\.productOptions\[(\d+)\]\.choices\[(\d+)\]\.value$/, 'option-$1-choice-$2-colour'],
  [/^product\.productOptions\[(\d+)\]\.choices\[(\d+)\].*$/, 'option-$1-choice-$2-name'],
  [/^product\.productOptions\[(\d+)\]\.choices$/, 'option-$1-choices'],
  [/^product\.productOptions\[(\d+)\].*$/, 'option-$1-name'],
  [/^product\.productOptions$/, 'options'],
  [/^product\.(\w+)$/, '$1'],
  [/^mediaIds.*$/, 'media'],
  [/^collectionIds.*$/, 'collections'],
]

/** The editor's field of a violation of the save: `product.priceData.price` is the form's `price`. */
function toFormField(field: string, rows: { choiceRows: string[]; rowOfChange: number[] }): string {
  const choice = /^choiceMedia\[(\d+)\]/.exec(field)
  if (choice) {
    const row = rows.choiceRows[Number(choice[1])]
    return row ? `${row}-media` : 'media'
  }
  const variant = /^variants\[(\d+)\]\.?(\w*)/.exec(field)
  if (variant) {
    const row = rows.rowOfChange[Number(variant[1])]
    const name = variant[2] === 'stock' || variant[2] === '' ? 'quantity' : variant[2]
    return row === undefined ? 'variants' : `v-${row}-${name}`
  }
  const rule = productFields.find(([pattern]) => pattern.test(field))
  return rule ? field.replace(rule[0], rule[1]) : field
}

/** The schema's terse words as a merchant would say them: "is required", "must be 80 characters at most". */
function inPlainWords(violation: FieldViolation): string {
  const limit = /(\d+(?:\.\d+)?)/.exec(violation.description)?.[1]
  switch (violation.violatedRule) {
    case 'REQUIRED_FIELD':
      return 'is required'
    case 'MIN_LENGTH':
      return 'is required'
    case 'MAX_LENGTH':
      return limit ? `must be ${limit} characters at most` : 'is too long'
    case 'MIN_SIZE':
      return violation.field.endsWith('.choices') ? 'needs at least one choice' : 'needs at least one'
    case 'MIN':
      if (!limit || !/^Too small/.test(violation.description)) return violation.description
      return violation.description.includes('>=') ? `must be ${limit} or more` : `must be more than ${limit}`
    case 'MAX':
      return limit && /^Too big/.test(violation.description)
        ? `must be ${limit} at most`
        : violation.description
    default:
      return violation.description
  }
}

/** One message per form field, for the field itself. */
export function toFormErrors(violations: readonly FieldViolation[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const violation of violations) errors[violation.field] ??= violation.description
  return errors
}
