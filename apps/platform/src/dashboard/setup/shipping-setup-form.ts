import type { CommerceSettings } from '../../checkout/commerce-settings.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { formatScaledDecimal } from '../../money/decimal-text.ts'
import { fractionDigits } from '../../money/money.ts'
import type { FormFields } from '../../pages/form-fields.ts'
import { fromInstant, readList, readNumber, readScaled, rowIndexes, toInstantText } from '../form-text.ts'
import { type FieldRule, rowField, toFormFieldViolations } from './setup-violations.ts'

/**
 * The shipping region form and the pickup form, and the setup's JSON, both ways. Each option is a row
 * of fields; rows are grouped into carriers by their carrier id. What a form does not show of a stored
 * option (a regional option's pickup, say) is kept as it was.
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
  /** One tier a line: `5 = 24.99` (up to 5 weight units for 24.99). */
  tiers: string
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

export interface DestinationRowValues {
  country: string
  subdivisions: string
  postalCodePrefixes: string
}

export interface RegionFormValues {
  id: string
  name: string
  destinations: DestinationRowValues[]
  options: OptionRowValues[]
}

/** Empty rows every form offers below the stored ones, to add more. */
export const EXTRA_ROWS = 2

const optionKey = (carrierId: string, code: string) => `${carrierId}/${code}`

function emptyOptionRow(carrierId: string): OptionRowValues {
  return {
    was: '',
    carrierId,
    code: '',
    title: '',
    rateType: 'FLAT',
    price: '',
    tiers: '',
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

/** The rows of stored carriers, then `EXTRA_ROWS` empty ones. */
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
            ? option.rate.tiers.map((tier) => `${tier.maxWeight} = ${money(tier.price)}`).join('\n')
            : '',
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
  return [...rows, ...Array.from({ length: EXTRA_ROWS }, () => emptyOptionRow(carrierId))]
}

/** The form's values for a stored region (or a new one). */
export function toRegionFormValues(region: ShippingRegion | undefined, currency: string): RegionFormValues {
  const destinations = (region?.destinations ?? []).map((destination) => ({
    country: destination.country,
    subdivisions: (destination.subdivisions ?? []).join(', '),
    postalCodePrefixes: (destination.postalCodePrefixes ?? []).join(', '),
  }))
  const empty = { country: '', subdivisions: '', postalCodePrefixes: '' }
  return {
    id: region?.id ?? '',
    name: region?.name ?? '',
    destinations: [...destinations, ...Array.from({ length: EXTRA_ROWS }, () => ({ ...empty }))],
    options: toOptionRows(region?.carrierServiceOptions ?? [], currency, 'standard-carrier'),
  }
}

function readOptionRow(form: FormFields, index: number): OptionRowValues {
  const text = (name: string) => form.text(`opt-${index}-${name}`)
  return {
    was: text('was'),
    carrierId: text('carrierId').trim(),
    code: text('code').trim(),
    title: text('title'),
    rateType: text('rateType') === 'WEIGHT_TIERS' ? 'WEIGHT_TIERS' : 'FLAT',
    price: text('price'),
    tiers: text('tiers'),
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

const isBlankRow = (row: OptionRowValues) =>
  row.was === '' &&
  [row.code, row.title, row.price, row.tiers, row.addressLine].every((value) => value.trim() === '')

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
  const tiers = readList(row.tiers.replace(/,/g, '\n')).map((line) => {
    const [weight = '', price = ''] = line.split('=')
    if (!line.includes('='))
      violations.push({
        field: field('tiers'),
        description: 'must be lines such as "5 = 24.99" (up to 5 weight units for 24.99)',
        violatedRule: 'FORMAT',
      })
    return {
      maxWeight: readNumber(weight, field('tiers'), violations) as number,
      price: readScaled(price, digits, field('tiers'), violations) as number,
    }
  })
  return { type: 'WEIGHT_TIERS', tiers }
}

/** A row as an option: the stored option it shows, with the row's fields over it. */
function toShippingOption(
  row: OptionRowValues,
  index: number,
  previous: ShippingOption | undefined,
  options: { digits: number; isPickup: boolean },
  violations: FieldViolation[],
): ShippingOption {
  const base = {
    ...previous,
    code: row.code,
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

/**
 * Reads the option rows of a form into carriers (grouped by carrier id, in the rows' order), over the
 * stored carriers: rows left empty or marked for removal are left out.
 */
export function readOptionRows(
  form: FormFields,
  previous: readonly Carrier[],
  options: { currency: string; isPickup: boolean },
): { rows: OptionRowValues[]; carriers: Carrier[]; rowMap: OptionRowMap; violations: FieldViolation[] } {
  const digits = fractionDigits(options.currency)
  const stored = new Map(
    previous.flatMap((carrier) =>
      carrier.shippingOptions.map((option) => [optionKey(carrier.carrierId, option.code), option] as const),
    ),
  )
  const rows = rowIndexes(form, 'opt', 'code').map((index) => readOptionRow(form, index))
  const violations: FieldViolation[] = []
  const carriers: Carrier[] = []
  const rowMap: OptionRowMap = []
  rows.forEach((row, index) => {
    if (row.remove || isBlankRow(row)) return
    let carrierIndex = carriers.findIndex((carrier) => carrier.carrierId === row.carrierId)
    if (carrierIndex < 0) {
      carrierIndex = carriers.push({ carrierId: row.carrierId, shippingOptions: [] }) - 1
      rowMap.push([])
    }
    const option = toShippingOption(row, index, stored.get(row.was), { digits, ...options }, violations)
    carriers[carrierIndex]!.shippingOptions.push(option)
    rowMap[carrierIndex]!.push(index)
  })
  return { rows, carriers, rowMap, violations }
}

const optionFieldNames: [RegExp, string][] = [
  [/^rate\.type$/, 'rateType'],
  [/^rate\.price$/, 'price'],
  [/^rate\.tiers.*$/, 'tiers'],
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
export function optionFieldRules(rowMap: OptionRowMap): FieldRule[] {
  const firstRow = (carrier: string | undefined) => rowMap[Number(carrier)]?.[0]
  return [
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
        return row === undefined ? null : `opt-${row}-${match[2] === 'carrierId' ? 'carrierId' : 'code'}`
      },
    ],
    [/^$/, () => 'options'],
  ]
}

/** Reads a submitted region form over the stored region (`undefined` for a new one). */
export function readRegionForm(
  form: FormFields,
  previous: ShippingRegion | undefined,
  currency: string,
): {
  values: RegionFormValues
  region: ShippingRegion
  violations: FieldViolation[]
  /** The setup's violations at `shipping.regions[index]` as the form's fields. */
  toFormViolations(violations: readonly FieldViolation[], index: number): FieldViolation[]
} {
  const destinationRows = rowIndexes(form, 'dest', 'country').map((index) => ({
    country: form.text(`dest-${index}-country`).trim(),
    subdivisions: form.text(`dest-${index}-subdivisions`),
    postalCodePrefixes: form.text(`dest-${index}-postalCodePrefixes`),
  }))
  const kept: number[] = []
  const destinations: Destination[] = []
  destinationRows.forEach((row, index) => {
    if (row.country === '' && row.subdivisions.trim() === '' && row.postalCodePrefixes.trim() === '') return
    const subdivisions = readList(row.subdivisions)
    const postalCodePrefixes = readList(row.postalCodePrefixes)
    destinations.push({
      country: row.country,
      ...(subdivisions.length > 0 ? { subdivisions } : {}),
      ...(postalCodePrefixes.length > 0 ? { postalCodePrefixes } : {}),
    })
    kept.push(index)
  })
  const options = readOptionRows(form, previous?.carrierServiceOptions ?? [], { currency, isPickup: false })
  const values: RegionFormValues = {
    id: previous?.id ?? form.text('id').trim(),
    name: form.text('name'),
    destinations: destinationRows,
    options: options.rows,
  }
  const region: ShippingRegion = {
    ...previous,
    id: values.id,
    name: values.name,
    destinations,
    carrierServiceOptions: options.carriers,
  }
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
          optionFieldRules(options.rowMap),
        ),
        prefix,
        [
          [/^(id|name)$/, (match) => match[1]!],
          [
            /^destinations\[(\d+)\]\.(country|subdivisions|postalCodePrefixes).*$/,
            (match) => rowField('dest', kept, match[1], match[2]!),
          ],
          [/^destinations$/, () => 'destinations'],
        ],
      )
    },
  }
}
