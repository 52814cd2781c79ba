import type { MediaItem, PriceData, PricePerUnitData, ProductOption, SelectedVariant } from '@aisle/sdk'
import { type ImageView, toImageView } from '../media/image'
import { type PriceView, toPriceView } from './product-view'

/** The shopper's pick: option name to choice description, e.g. `{ Size: 'M', Color: 'Red' }`. */
export type Selection = Record<string, string>

/** One choice of an option picker. */
export interface ChoiceView {
  description: string
  /** The choice's value; a colour code for colour options. */
  value: string
  isSelected: boolean
  /** Some variant has this choice together with the other options chosen so far. */
  isAvailable: boolean
  /** ...and one of those variants is in stock. */
  isInStock: boolean
}

/** One option of the product page: a select for drop-downs, swatches for colours. */
export interface OptionPickerView {
  name: string
  type: 'drop_down' | 'color'
  /** The chosen choice's description, if any. */
  selected: string | undefined
  choices: ChoiceView[]
}

/** What a shopper can do with the current selection. */
export type PurchaseStatus =
  /** Every option chosen (or none to choose), and in stock. */
  | 'available'
  /** Some option is still unchosen; the form asks for it. */
  | 'choose'
  /** The chosen variant (or the whole product) is sold out. */
  | 'sold-out'
  /** No variant has this combination of choices. */
  | 'unavailable'

/** The price, picture and status of the current selection. */
export interface PurchaseView {
  status: PurchaseStatus
  price: PriceView
  image?: ImageView
  variantId?: string
}

/** The parts of an options-availability answer the product page reads. */
export interface OptionsAvailabilityLike {
  productOptions?: ProductOption[]
  selectedVariant?: Pick<
    SelectedVariant,
    'variantId' | 'priceData' | 'convertedPriceData' | 'inStock' | 'media'
  >
  availableForPurchase?: boolean
}

/** The parts of a product the option pickers read. */
export interface PickableProduct {
  name?: string
  productOptions?: ProductOption[]
  priceData?: PriceData
  convertedPriceData?: PriceData
  pricePerUnitData?: PricePerUnitData
  stock?: { inStock?: boolean }
  media?: { mainMedia?: MediaItem }
}

function visibleOptions(product: PickableProduct): ProductOption[] {
  return (product.productOptions ?? []).flatMap((option) =>
    option.name
      ? [{ ...option, choices: (option.choices ?? []).filter((c) => c.visible !== false && c.description) }]
      : [],
  )
}

/** An option as `parseSelection` reads it: the product's own, or a picker's. */
export interface SelectableOption {
  name?: string
  choices?: ReadonlyArray<{ description?: string; visible?: boolean }>
}

/**
 * Reads the shopper's choices (from the URL's query string or a submitted form), keeping only the given
 * options and their visible choices: the platform refuses any other, and a stale link should still work.
 * @returns the selection, in the options' order, and the names of the options left unchosen.
 */
export function parseSelection(
  fields: { get(name: string): FormDataEntryValue | null },
  options: readonly SelectableOption[],
): { selection: Selection; missing: string[] } {
  const selection: Selection = {}
  const missing: string[] = []
  for (const option of options) {
    if (!option.name) continue
    const value = fields.get(option.name)
    const choice = option.choices?.find(
      (candidate) => candidate.visible !== false && candidate.description && candidate.description === value,
    )
    if (choice?.description) selection[option.name] = choice.description
    else missing.push(option.name)
  }
  return { selection, missing }
}

/** What the product page says beside an option left unchosen when the shopper adds to the cart. */
export function toMissingChoiceMessage(optionName: string): string {
  const name = optionName.toLowerCase()
  return `Please choose ${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}.`
}

/** The query string that carries a selection, in the product's option order: `Size=M&Color=Red`. */
export function toSelectionSearch(selection: Selection): string {
  return new URLSearchParams(Object.entries(selection)).toString()
}

/**
 * Builds the option pickers: choices the product never offers are left out, choices no variant combines with
 * the other chosen options are unavailable, and those whose variants are all sold out are marked so.
 * Availability comes from the platform's answer for the selection; without one (nothing chosen yet) the
 * product's own flags say the same.
 */
export function toOptionPickers(
  product: PickableProduct,
  availability: OptionsAvailabilityLike | undefined,
  selection: Selection,
): OptionPickerView[] {
  return visibleOptions(product).map((option) => {
    const name = option.name ?? ''
    const answered = availability?.productOptions?.find((candidate) => candidate.name === name)
    const choices = (option.choices ?? []).map((choice): ChoiceView => {
      const description = choice.description ?? ''
      const state = answered?.choices?.find((candidate) => candidate.description === description) ?? choice
      return {
        description,
        value: choice.value ?? '',
        isSelected: selection[name] === description,
        isAvailable: state.visible !== false,
        isInStock: state.visible !== false && state.inStock !== false,
      }
    })
    return {
      name,
      type: option.optionType === 'color' ? 'color' : 'drop_down',
      selected: selection[name],
      choices,
    }
  })
}

/**
 * Works out the price, picture and status of the current selection: the chosen variant's price and stock
 * once every option is chosen, and the picture of the chosen colour (or of the variant) over the product's.
 */
export function toPurchaseView(
  product: PickableProduct,
  availability: OptionsAvailabilityLike | undefined,
  selection: Selection,
  mediaBaseUrl: string,
): PurchaseView {
  const productPrice = toPriceView(
    product.convertedPriceData ?? product.priceData,
    undefined,
    product.pricePerUnitData,
  )
  const options = visibleOptions(product)
  const isComplete = options.every((option) => selection[option.name ?? ''] !== undefined)
  const isProductInStock = product.stock?.inStock !== false
  const variant = availability?.selectedVariant
  const variantPriceData = variant?.convertedPriceData ?? variant?.priceData

  let status: PurchaseStatus
  if (!isProductInStock) status = 'sold-out'
  else if (options.length === 0) status = 'available'
  else if (!isComplete) status = 'choose'
  else if (!availability) status = 'choose'
  else if (!variant) status = 'unavailable'
  else status = availability.availableForPurchase === true ? 'available' : 'sold-out'

  const view: PurchaseView = {
    status,
    price:
      variantPriceData?.price !== undefined
        ? toPriceView(variantPriceData, productPrice.currency, product.pricePerUnitData)
        : productPrice,
  }
  const name = product.name ?? ''
  const image =
    toImageView(findChoiceImage(options, selection), name, mediaBaseUrl) ??
    toImageView(variant?.media?.[0]?.image, name, mediaBaseUrl) ??
    toImageView(
      product.media?.mainMedia?.image ?? product.media?.mainMedia?.video?.posters?.[0],
      name,
      mediaBaseUrl,
    )
  if (image) view.image = image
  if (variant?.variantId) view.variantId = variant.variantId
  return view
}

function findChoiceImage(options: ProductOption[], selection: Selection) {
  for (const option of options) {
    const chosen = option.choices?.find((choice) => choice.description === selection[option.name ?? ''])
    const media = chosen?.media?.items?.[0]
    if (media?.image?.url) return media.image
  }
  return undefined
}
