import { EU_COUNTRY_CODES } from '../../addresses/countries.ts'
import type { CommerceSettings } from '../../checkout/commerce-settings.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatScaledDecimal } from '../../money/decimal-text.ts'
import { fractionDigits } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { fromInstant, readList, readNumber, readScaled, rowIndexes, toInstantText } from '../form-text.ts'
import { codeFromTitle } from './setup-codes.ts'
import { type FieldRule, rowField, toFormFieldViolations } from './setup-violations.ts'

/**
 * The shipping region form and the pickup form, and the setup's JSON, both ways (decision 099). Each
 * option is a row of fields; rows are grouped into carriers by their carrier id, which the form keeps
 * (a new option joins the first carrier). A new option's code is made from its title and kept once
 * saved. Destinations are countries ticked by name, plus rows for a country narrowed to some
 * subdivisions or postal codes. What a form does not show of a stored option (a regional option's
 * pickup, say) is kept as it was.
 */

export type ShippingRegion = CommerceSettings['shipping']['regions'][number]
export type Carrier = ShippingRegion['carrierServiceOptions'][number]
export type ShippingOption = Carrier['shippingOptions'][number]
type Destination = ShippingRegion['destinations'][number]

/** One option row: every field the region and pickup forms show. */
export interface OptionRowValues {
  /** `carrierId/code` of the stored option the row shows; empty for a new row. */
  was: string
  carrierId: string
  code: string
  title: string
  rateType: 'FLAT' | 'WEIGHT_TIERS'
  price: string
  /** Weight tiers as typed: up to `weight` (the shop's weight unit) for `price`. */
  tiers: TierRowValues[]
  freeOverSubtotal: string
  deliveryTime: string
  slotFrom: string
  slotTo: string
  method: 'STORE_PICKUP' | 'PICKUP_POINT'
  country: string
  subdivision: string
  city: string
  postalCode: string
  addressLine: string
  addressLine2: string
  instructions: string
  remove: boolean
}

export interface TierRowValues {
  weight: string
  price: string
}

/** A country narrowed to some subdivisions or postal code prefixes. */
export interface DestinationRowValues {
  country: string
  subdivisions: string
  postalCodePrefixes: string
}

export interface RegionFormValues {
  id: string
  name: string
  /** Whole countries (ISO codes, `*` for anywhere), ticked by name. */
  countries: string[]
  /** Countries narrowed to some subdivisions or postal codes, then one empty row. */
  destinations: DestinationRowValues[]
  options: OptionRowValues[]
}

/** The "All EU countries" shortcut's value in the form's `countryGroup` field. */
export const EU_GROUP = 'EU'

/** Empty rows the tax form offers below its stored ones, to add more. */
export const EXTRA_ROWS = 2

/** Empty tier rows every option offers below its stored tiers, to add more. */
export const EXTRA_TIERS = 2

const optionKey = (carrierId: string, code: string) => `${carrierId}/${code}`

function emptyOptionRow(carrierId: string): OptionRowValues {
  return {
    was: '',
    carrierId,
    code: '',
    title: '',
    rateType: 'FLAT',
    price: '',
    tiers: [],
    freeOverSubtotal: '',
    deliveryTime: '',
    slotFrom: '',
    slotTo: '',
    method: 'STORE_PICKUP',
    country: '',
    subdivision: '',
    city: '',
    postalCode: '',
    addressLine: '',
    addressLine2: '',
    instructions: '',
    remove: false,
  }
}

/** The rows of stored carriers, then one empty one (shown behind "Add a shipping option"). */
export function toOptionRows(
  carriers: readonly Carrier[],
  currency: string,
  defaultCarrierId: string,
): OptionRowValues[] {
  const digits = fractionDigits(currency)
  const money = (value: number | undefined) => (value === undefined ? '' : formatScaledDecimal(value, digits))
  const rows = carriers.flatMap((carrier) =>
    carrier.shippingOptions.map((option): OptionRowValues => {
      const address = option.pickup?.address ?? {}
      return {
        ...emptyOptionRow(carrier.carrierId),
        was: optionKey(carrier.carrierId, option.code),
        code: option.code,
        title: option.title,
        rateType: option.rate.type,
        price: option.rate.type === 'FLAT' ? money(option.rate.price) : '',
        tiers:
          option.rate.type === 'WEIGHT_TIERS'
            ? option.rate.tiers.map((tier) => ({ weight: String(tier.maxWeight), price: money(tier.price) }))
            : [],
        freeOverSubtotal: money(option.freeOverSubtotal),
        deliveryTime: option.deliveryTime ?? '',
        slotFrom: fromInstant(option.deliveryTimeSlot?.from),
        slotTo: fromInstant(option.deliveryTimeSlot?.to),
        method: option.pickup?.method ?? 'STORE_PICKUP',
        country: address.country ?? '',
        subdivision: address.subdivision ?? '',
        city: address.city ?? '',
        postalCode: address.postalCode ?? '',
        addressLine: address.addressLine ?? '',
        addressLine2: address.addressLine2 ?? '',
        instructions: option.pickup?.instructions ?? '',
      }
    }),
  )
  const carrierId = carriers[0]?.carrierId ?? defaultCarrierId
  return [...rows, emptyOptionRow(carrierId)]
}

/** The form's values for a stored region (or a new one). */
export function toRegionFormValues(region: ShippingRegion | undefined, currency: string): RegionFormValues {
  const stored = region?.destinations ?? []
  const isNarrowed = (destination: Destination) =>
    Boolean(destination.subdivisions?.length || destination.postalCodePrefixes?.length)
  const destinations = stored.filter(isNarrowed).map((destination) => ({
    country: destination.country,
    subdivisions: (destination.subdivisions ?? []).join(', '),
    postalCodePrefixes: (destination.postalCodePrefixes ?? []).join(', '),
  }))
  return {
    id: region?.id ?? '',
    name: region?.name ?? '',
    countries: stored.filter((destination) => !isNarrowed(destination)).map((d) => d.country),
    destinations: [...destinations, { country: '', subdivisions: '', postalCodePrefixes: '' }],
    options: toOptionRows(region?.carrierServiceOptions ?? [], currency, 'standard-carrier'),
  }
}

function readOptionRow(form: FormFields, index: number): OptionRowValues {
  const text = (name: string) => form.text(`opt-${index}-${name}`)
  const tiers = rowIndexes(form, `opt-${index}-tier`, 'weight').map((tier) => ({
    weight: text(`tier-${tier}-weight`),
    price: text(`tier-${tier}-price`),
  }))
  return {
    was: text('was'),
    carrierId: text('carrierId').trim(),
    code: text('code').trim(),
    title: text('title'),
    rateType: text('rateType') === 'WEIGHT_TIERS' ? 'WEIGHT_TIERS' : 'FLAT',
    price: text('price'),
    tiers,
    freeOverSubtotal: text('freeOverSubtotal'),
    deliveryTime: text('deliveryTime'),
    slotFrom: text('slotFrom'),
    slotTo: text('slotTo'),
    method: text('method') === 'PICKUP_POINT' ? 'PICKUP_POINT' : 'STORE_PICKUP',
    country: text('country').trim(),
    subdivision: text('subdivision').trim(),
    city: text('city'),
    postalCode: text('postalCode').trim(),
    addressLine: text('addressLine'),
    addressLine2: text('addressLine2'),
    instructions: text('instructions'),
    remove: form.isChecked(`opt-${index}-remove`),
  }
}

const isBlankTier = (tier: TierRowValues) => tier.weight.trim() === '' && tier.price.trim() === ''

const isBlankRow = (row: OptionRowValues) =>
  row.was === '' &&
  row.tiers.every(isBlankTier) &&
  [row.title, row.price, row.addressLine, row.deliveryTime].every((value) => value.trim() === '')

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim())

function readRate(
  row: OptionRowValues,
  index: number,
  digits: number,
  violations: FieldViolation[],
): ShippingOption['rate'] {
  const field = (name: string) => `opt-${index}-${name}`
  if (row.rateType === 'FLAT') {
    return { type: 'FLAT', price: readScaled(row.price, digits, field('price'), violations) as number }
  }
  const tiers = row.tiers.flatMap((tier, at) => {
    if (isBlankTier(tier)) return []
    const weight = field(`tier-${at}-weight`)
    const price = field(`tier-${at}-price`)
    if (tier.weight.trim() === '')
      violations.push({
        field: weight,
        description: 'is required for a tier',
        violatedRule: 'REQUIRED_FIELD',
      })
    if (tier.price.trim() === '')
      violations.push({ field: price, description: 'is required for a tier', violatedRule: 'REQUIRED_FIELD' })
    return [
      {
        maxWeight: readNumber(tier.weight, weight, violations) as number,
        price: readScaled(tier.price, digits, price, violations) as number,
      },
    ]
  })
  if (tiers.length === 0)
    violations.push({
      field: field('tiers'),
      description: 'needs at least one weight tier',
      violatedRule: 'REQUIRED_FIELD',
    })
  return { type: 'WEIGHT_TIERS', tiers }
}

/** A row as an option: the stored option it shows, with the row's fields over it. */
function toShippingOption(
  row: OptionRowValues,
  index: number,
  previous: ShippingOption | undefined,
  options: { digits: number; isPickup: boolean; code: string },
  violations: FieldViolation[],
): ShippingOption {
  const base = {
    ...previous,
    code: options.code,
    title: row.title,
    rate: readRate(row, index, options.digits, violations),
    deliveryTime: orUndefined(row.deliveryTime),
  }
  if (options.isPickup) {
    const address = {
      country: orUndefined(row.country),
      subdivision: orUndefined(row.subdivision),
      city: orUndefined(row.city),
      postalCode: orUndefined(row.postalCode),
      addressLine: orUndefined(row.addressLine),
      addressLine2: orUndefined(row.addressLine2),
    }
    return {
      ...base,
      pickup: { method: row.method, address, instructions: orUndefined(row.instructions) },
    }
  }
  const slot =
    row.slotFrom.trim() === '' && row.slotTo.trim() === ''
      ? undefined
      : { from: toInstantText(row.slotFrom) ?? '', to: toInstantText(row.slotTo) ?? '' }
  return {
    ...base,
    freeOverSubtotal: readScaled(
      row.freeOverSubtotal,
      options.digits,
      `opt-${index}-freeOverSubtotal`,
      violations,
    ),
    deliveryTimeSlot: slot,
  }
}

/** Where each option of the carriers came from: `rows[c][o]` is the form row of option `o` of carrier `c`. */
type OptionRowMap = number[][]
/** Where each tier of an option came from: `tierRows[row][t]` is the form's tier row of tier `t`. */
type TierRowMap = Record<number, number[]>

/**
 * Reads the option rows of a form into carriers (grouped by carrier id, in the rows' order), over the
 * stored carriers: rows left empty or marked for removal are left out.
 */
export function readOptionRows(
  form: FormFields,
  previous: readonly Carrier[],
  options: { currency: string; isPickup: boolean },
): {
  rows: OptionRowValues[]
  carriers: Carrier[]
  rowMap: OptionRowMap
  tierRows: TierRowMap
  violations: FieldViolation[]
} {
  const digits = fractionDigits(options.currency)
  const stored = new Map(
    previous.flatMap((carrier) =>
      carrier.shippingOptions.map((option) => [optionKey(carrier.carrierId, option.code), option] as const),
    ),
  )
  const rows = rowIndexes(form, 'opt', 'title').map((index) => readOptionRow(form, index))
  const violations: FieldViolation[] = []
  const carriers: Carrier[] = []
  const rowMap: OptionRowMap = []
  const tierRows: TierRowMap = {}
  const kept = rows.filter((row) => !row.remove && !isBlankRow(row))
  // A saved option keeps its code; a new one's is made from its title, unlike any other's here.
  const taken = new Set(kept.flatMap((row) => (row.was ? [stored.get(row.was)?.code ?? row.code] : [])))
  rows.forEach((row, index) => {
    if (row.remove || isBlankRow(row)) return
    const previousOption = stored.get(row.was)
    const code = previousOption?.code ?? codeFromTitle(row.title, taken)
    taken.add(code)
    const carrierId = previousOption ? row.was.slice(0, row.was.lastIndexOf('/')) : row.carrierId
    let carrierIndex = carriers.findIndex((carrier) => carrier.carrierId === carrierId)
    if (carrierIndex < 0) {
      carrierIndex = carriers.push({ carrierId, shippingOptions: [] }) - 1
      rowMap.push([])
    }
    const option = toShippingOption(row, index, previousOption, { digits, code, ...options }, violations)
    carriers[carrierIndex]!.shippingOptions.push(option)
    rowMap[carrierIndex]!.push(index)
    tierRows[index] = row.tiers.flatMap((tier, at) => (isBlankTier(tier) ? [] : [at]))
  })
  return { rows, carriers, rowMap, tierRows, violations }
}

const optionFieldNames: [RegExp, string][] = [
  [/^rate\.type$/, 'rateType'],
  [/^rate\.price$/, 'price'],
  [/^rate\.tiers$/, 'tiers'],
  [/^rate$/, 'price'],
  [/^deliveryTimeSlot\.from$/, 'slotFrom'],
  [/^deliveryTimeSlot\.to$/, 'slotTo'],
  [/^deliveryTimeSlot$/, 'slotFrom'],
  [/^pickup\.method$/, 'method'],
  [/^pickup\.address\.(\w+)$/, '$1'],
  [/^pickup\.instructions$/, 'instructions'],
  [/^(code|title|freeOverSubtotal|deliveryTime)$/, '$1'],
]

/** Rules naming the violations of carriers read by `readOptionRows` by their rows' fields. */
export function optionFieldRules(rowMap: OptionRowMap, tierRows: TierRowMap): FieldRule[] {
  const firstRow = (carrier: string | undefined) => rowMap[Number(carrier)]?.[0]
  return [
    [
      /^\[(\d+)\]\.shippingOptions\[(\d+)\]\.rate\.tiers\[(\d+)\]\.(maxWeight|price)$/,
      (match) => {
        const row = rowMap[Number(match[1])]?.[Number(match[2])]
        const tier = row === undefined ? undefined : tierRows[row]?.[Number(match[3])]
        if (row === undefined || tier === undefined) return null
        return `opt-${row}-tier-${tier}-${match[4] === 'maxWeight' ? 'weight' : 'price'}`
      },
    ],
    [
      /^\[(\d+)\]\.shippingOptions\[(\d+)\]\.(.+)$/,
      (match) => {
        const row = rowMap[Number(match[1])]?.[Number(match[2])]
        const rest = match[3]!
        const name = optionFieldNames.find(([pattern]) => pattern.test(rest))
        return row === undefined || !name ? null : `opt-${row}-${rest.replace(name[0], name[1])}`
      },
    ],
    [
      /^\[(\d+)\]\.(carrierId|shippingOptions)$/,
      (match) => {
        const row = firstRow(match[1])
        return row === undefined ? null : `opt-${row}-title`
      },
    ],
    [/^$/, () => 'options'],
  ]
}

/** The whole countries a region form ticked, shortcuts included, in the stored order then the picker's. */
function readCountries(form: FormFields, previous: readonly Destination[]): string[] {
  const ticked = new Set(form.texts('countries').map((code) => code.trim()))
  if (form.texts('countryGroup').includes(EU_GROUP)) for (const code of EU_COUNTRY_CODES) ticked.add(code)
  const storedFirst = previous.map((destination) => destination.country).filter((code) => ticked.has(code))
  return [...new Set([...storedFirst, ...ticked])].filter((code) => code !== '')
}

/**
 * Reads a submitted region form over the stored region (`undefined` for a new one, whose id is made from
 * its name unless typed, unlike `takenIds`).
 */
export function readRegionForm(
  form: FormFields,
  previous: ShippingRegion | undefined,
  currency: string,
  takenIds: ReadonlySet<string> = new Set(),
): {
  values: RegionFormValues
  region: ShippingRegion
  violations: FieldViolation[]
  /** The setup's violations at `shipping.regions[index]` as the form's fields. */
  toFormViolations(violations: readonly FieldViolation[], index: number): FieldViolation[]
} {
  const destinationRows = rowIndexes(form, 'dest', 'country').map((index) => ({
    country: form.text(`dest-${index}-country`).trim(),
    // Ticked by name (one value each) where the country has a list, else typed comma-separated.
    subdivisions: form.texts(`dest-${index}-subdivisions`).join(', '),
    postalCodePrefixes: form.text(`dest-${index}-postalCodePrefixes`),
  }))
  const narrowed: number[] = []
  const narrowedDestinations: Destination[] = []
  destinationRows.forEach((row, index) => {
    if (row.country === '' && row.subdivisions.trim() === '' && row.postalCodePrefixes.trim() === '') return
    const subdivisions = readList(row.subdivisions)
    const postalCodePrefixes = readList(row.postalCodePrefixes)
    narrowedDestinations.push({
      country: row.country,
      ...(subdivisions.length > 0 ? { subdivisions } : {}),
      ...(postalCodePrefixes.length > 0 ? { postalCodePrefixes } : {}),
    })
    narrowed.push(index)
  })
  // A country narrowed below is not also shipped to whole.
  const narrowedCountries = new Set(narrowedDestinations.map((destination) => destination.country))
  const countries = readCountries(form, previous?.destinations ?? []).filter(
    (code) => !narrowedCountries.has(code),
  )
  const options = readOptionRows(form, previous?.carrierServiceOptions ?? [], { currency, isPickup: false })
  const name = form.text('name')
  const typedId = form.text('id').trim()
  const values: RegionFormValues = {
    id: previous?.id ?? (typedId || (name.trim() === '' ? '' : codeFromTitle(name, takenIds))),
    name,
    countries,
    destinations: [...destinationRows, { country: '', subdivisions: '', postalCodePrefixes: '' }],
    options: options.rows,
  }
  const region: ShippingRegion = {
    ...previous,
    id: values.id,
    name: values.name,
    destinations: [...countries.map((country) => ({ country })), ...narrowedDestinations],
    carrierServiceOptions: options.carriers,
  }
  const wholeCount = countries.length
  return {
    values,
    region,
    violations: options.violations,
    toFormViolations: (violations, index) => {
      const prefix = `shipping.regions[${index}]`
      return toFormFieldViolations(
        toFormFieldViolations(
          violations,
          `${prefix}.carrierServiceOptions`,
          optionFieldRules(options.rowMap, options.tierRows),
        ),
        prefix,
        [
          [/^(id|name)$/, (match) => match[1]!],
          [
            /^destinations\[(\d+)\]\.(country|subdivisions|postalCodePrefixes).*$/,
            (match) =>
              Number(match[1]) < wholeCount
                ? 'countries'
                : rowField('dest', narrowed, String(Number(match[1]) - wholeCount), match[2]!),
          ],
          [/^destinations$/, () => 'countries'],
          [/^carrierServiceOptions$/, () => 'options'],
        ],
      )
    },
  }
}
