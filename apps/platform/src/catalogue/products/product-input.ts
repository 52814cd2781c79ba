import { z } from 'zod'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { toPatchSchema } from '../../http/patch-schema.ts'
import { wireNumber } from '../../http/wire-number.ts'
import { applyDiscount, toMinor } from '../../money/money.ts'
import { checkPricePerUnitData, MEASUREMENT_UNITS, type PricePerUnitData } from './price-per-unit.ts'
import type { ProductOption, ProductRow } from './product-store.ts'

export const MAX_OPTIONS = 6
export const MAX_VARIANTS = 300

const money = wireNumber(z.number().min(0).max(10_000_000))
// Above zero: a unit price divides by the total quantity.
const unitQuantity = wireNumber(z.number().gt(0).max(1_000_000))
const text = (max: number) => z.string().trim().max(max)

const OptionInput = z.object({
  name: text(50).min(1),
  optionType: z.enum(['drop_down', 'color']).default('drop_down'),
  choices: z
    .array(z.object({ value: text(50).min(1), description: text(50).min(1) }))
    .min(1)
    .max(100),
})

/** A product as a merchant writes it (catalogue v1 and v2 platformized take the same). */
export const ProductInput = z.object({
  name: text(80).min(1),
  slug: z
    .string()
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single hyphens')
    .optional(),
  description: text(8_000).default(''),
  productType: z.enum(['physical', 'digital']).default('physical'),
  sku: text(40).nullish(),
  brand: text(50).nullish(),
  ribbon: text(30).nullish(),
  visible: z.boolean().default(true),
  priceData: z.object({ price: money }),
  costAndProfitData: z.object({ itemCost: money }).nullish(),
  /** How much the product holds and per how much its unit price is shown; null removes it. */
  pricePerUnitData: z
    .object({
      totalQuantity: unitQuantity,
      totalMeasurementUnit: z.enum(MEASUREMENT_UNITS),
      baseQuantity: unitQuantity,
      baseMeasurementUnit: z.enum(MEASUREMENT_UNITS),
    })
    .nullish(),
  discount: z
    .object({
      type: z.enum(['NONE', 'AMOUNT', 'PERCENT']),
      value: wireNumber(z.number().min(0).max(10_000_000)),
    })
    .default({ type: 'NONE', value: 0 }),
  weight: wireNumber(z.number().min(0).max(100_000)).nullish(),
  stock: z
    .object({
      trackInventory: z.boolean().default(false),
      quantity: wireNumber(z.number().int().min(0).max(1_000_000_000)).nullish(),
      inStock: z.boolean().default(true),
    })
    .default({ trackInventory: false, inStock: true }),
  productOptions: z.array(OptionInput).max(MAX_OPTIONS).default([]),
})

export type ProductInputValue = z.output<typeof ProductInput>

/** A partial update: any field of the input, `product.id` in the path; absent fields stay as they are. */
export const ProductPatch = toPatchSchema(ProductInput)
export type ProductPatchValue = Partial<ProductInputValue>

/** The columns a product input sets, validated across fields. */
export interface ProductColumns {
  name: string
  description: string
  product_type: 'physical' | 'digital'
  sku: string | null
  brand: string | null
  ribbon: string | null
  visible: boolean
  price_minor: number
  cost_minor: number | null
  price_per_unit: PricePerUnitData | null
  discount_type: 'NONE' | 'AMOUNT' | 'PERCENT'
  discount_value: number
  discounted_price_minor: number
  weight: number | null
  track_inventory: boolean
  quantity: number | null
  in_stock: boolean
  options: ProductOption[]
  manage_variants: boolean
}

function checkOptions(options: ProductInputValue['productOptions'], violations: FieldViolation[]) {
  const names = new Set<string>()
  options.forEach((option, index) => {
    if (names.has(option.name)) {
      violations.push({
        field: `product.productOptions[${index}].name`,
        description: `repeats "${option.name}"`,
        violatedRule: 'VALIDATION',
      })
    }
    names.add(option.name)
    const seen = new Set<string>()
    option.choices.forEach((choice, choiceIndex) => {
      if (seen.has(choice.description)) {
        violations.push({
          field: `product.productOptions[${index}].choices[${choiceIndex}].description`,
          description: `repeats "${choice.description}"`,
          violatedRule: 'VALIDATION',
        })
      }
      seen.add(choice.description)
      if (option.optionType === 'color' && !/^#[0-9a-f]{6}$/i.test(choice.value)) {
        violations.push({
          field: `product.productOptions[${index}].choices[${choiceIndex}].value`,
          description: 'must be a colour as #rrggbb',
          violatedRule: 'FORMAT',
        })
      }
    })
  })
  const combinations = options.reduce((product, option) => product * option.choices.length, 1)
  if (combinations > MAX_VARIANTS) {
    violations.push({
      field: 'product.productOptions',
      description: `make ${combinations} variants; at most ${MAX_VARIANTS} are allowed`,
      violatedRule: 'MAX_SIZE',
    })
  }
}

/**
 * Merges an input (whole, or a patch over the current row) into the product's columns, in the site's
 * currency, and checks the rules that span fields. Throws a `ValidationError` naming every broken one.
 */
export function toProductColumns(
  input: ProductPatchValue,
  current: ProductRow | undefined,
  currency: string,
): ProductColumns {
  const violations: FieldViolation[] = []
  const price = input.priceData ? toMinor(input.priceData.price, currency) : (current?.price_minor ?? 0)
  const discount = input.discount ?? { type: current?.discount_type ?? 'NONE', value: undefined }
  let discountValue = current?.discount_value ?? 0
  if (input.discount) {
    if (discount.type === 'PERCENT') {
      if ((input.discount.value ?? 0) > 100) {
        violations.push({
          field: 'product.discount.value',
          description: 'must be at most 100 for PERCENT',
          violatedRule: 'MAX',
        })
      }
      discountValue = Math.round((input.discount.value ?? 0) * 100)
    } else {
      discountValue = discount.type === 'AMOUNT' ? toMinor(input.discount.value ?? 0, currency) : 0
    }
  }
  const options = input.productOptions ?? current?.options ?? []
  if (input.productOptions) checkOptions(input.productOptions, violations)
  if (input.pricePerUnitData) {
    violations.push(...checkPricePerUnitData(input.pricePerUnitData, 'product.pricePerUnitData'))
  }
  const stock = input.stock
  const track = stock?.trackInventory ?? current?.track_inventory ?? false
  const quantity = stock ? (stock.quantity ?? null) : (current?.quantity ?? null)
  if (track && options.length === 0 && quantity === null) {
    violations.push({
      field: 'product.stock.quantity',
      description: 'is required when inventory is tracked',
      violatedRule: 'REQUIRED_FIELD',
    })
  }
  if (violations.length > 0) throw new ValidationError(violations)
  const discountType = discount.type === 'PERCENT' || discount.type === 'AMOUNT' ? discount.type : 'NONE'
  return {
    name: input.name ?? current?.name ?? '',
    description: input.description ?? current?.description ?? '',
    product_type: input.productType ?? current?.product_type ?? 'physical',
    sku: input.sku !== undefined ? input.sku || null : (current?.sku ?? null),
    brand: input.brand !== undefined ? input.brand || null : (current?.brand ?? null),
    ribbon: input.ribbon !== undefined ? input.ribbon || null : (current?.ribbon ?? null),
    visible: input.visible ?? current?.visible ?? true,
    price_minor: price,
    cost_minor:
      input.costAndProfitData !== undefined
        ? input.costAndProfitData
          ? toMinor(input.costAndProfitData.itemCost, currency)
          : null
        : (current?.cost_minor ?? null),
    price_per_unit:
      input.pricePerUnitData !== undefined
        ? (input.pricePerUnitData ?? null)
        : (current?.price_per_unit ?? null),
    discount_type: discountType,
    discount_value: discountValue,
    discounted_price_minor: applyDiscount(price, discountType, discountValue),
    weight: input.weight !== undefined ? (input.weight ?? null) : (current?.weight ?? null),
    track_inventory: options.length === 0 ? track : false,
    quantity: options.length === 0 && track ? quantity : null,
    in_stock:
      track && options.length === 0
        ? (quantity ?? 0) > 0 && (stock?.inStock ?? true)
        : (stock?.inStock ?? current?.in_stock ?? true),
    // A choice that survives an options edit keeps its media (a colour's pictures).
    options: options.map((o) => ({
      name: o.name,
      optionType: o.optionType,
      choices: o.choices.map((c) => {
        const before = current?.options
          .find((x) => x.name === o.name)
          ?.choices.find((x) => x.description === c.description)
        return {
          value: c.value,
          description: c.description,
          ...(before?.mediaIds ? { mediaIds: before.mediaIds } : {}),
        }
      }),
    })),
    manage_variants: options.length > 0,
  }
}

/**
 * `"Summer Linen Shirt!"` -> `"summer-linen-shirt"`: accents dropped, lower case, runs of anything else one
 * `-`, at most `maxLength` characters; `fallback` when nothing is left.
 */
export function slugify(name: string, maxLength = 90, fallback = 'product'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, maxLength)
  return slug || fallback
}

/** Every combination of option choices, in option order: the variants a product's options make. */
export function choiceCombinations(options: readonly ProductOption[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>(
    (combos, option) =>
      combos.flatMap((combo) => option.choices.map((c) => ({ ...combo, [option.name]: c.description }))),
    [{}],
  )
}
