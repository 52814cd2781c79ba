import type { ComponentProps, ReactNode } from 'react'
import { formatUnitQuantity, MEASUREMENT_UNITS } from '../../catalogue/products/price-per-unit.ts'
import type { DisplayPrice, EditorImage } from '../../catalogue/products/product-editor-reads.ts'
import type { FieldViolation } from '../../http/errors.ts'
import { LabelledControl } from '../../pages/form-controls.tsx'
import { Checkbox, CsrfField, DashboardPage, Field, Problems, Select } from '../dashboard-layout.tsx'
import { countText, timeText } from '../kit/dashboard-words.ts'
import { type Column, DataTable } from '../kit/data-table.tsx'
import type { Owner } from '../session/owner-session.ts'
import type { WireCollection, WireProduct } from './catalogue-lists.ts'
import { productEditorScript } from './product-editor-script.ts'
import {
  type ChoiceFormValues,
  NEW_CHOICE_COLOUR,
  type OptionFormValues,
  type ProductFormValues,
  pictureOptionIndex,
  productFieldLabel,
  toFormErrors,
  VARIANT_FILL_FIELDS,
  type VariantFillField,
  type VariantRowValues,
} from './product-form.ts'
import { costRangeText } from './product-pages.tsx'

/** The image and video types an upload may be (the platform goes by the bytes). */
const MEDIA_TYPES = 'image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm'

type Errors = Record<string, string>

/** The spec's measurement units as drop-down choices (a merchant's unit price). */
const UNIT_CHOICES = MEASUREMENT_UNITS.map((unit) => ({ value: unit, label: formatUnitQuantity(1, unit) }))

/** A field of an amount the editor takes: a number, never negative, any decimals unless `step` says. */
function NumberField(props: Omit<ComponentProps<typeof Field>, 'type' | 'min'>) {
  return <Field type="number" step="any" min="0" {...props} />
}

/** The rows a form shows empty, to add an option or a choice by filling one in. */
const BLANK_OPTION: OptionFormValues = { name: '', type: 'drop_down', choices: [] }
const BLANK_CHOICE: ChoiceFormValues = { name: '', colour: NEW_CHOICE_COLOUR, mediaIds: [] }

/** The values a variant row keeps as they were shown, in the order the form carries them. */
const VARIANT_VALUES = [
  'price',
  'cost',
  'weight',
  'sku',
  'quantity',
  'trackQuantity',
  'inStock',
  'visible',
] as const satisfies readonly (keyof VariantRowValues['was'])[]

/** A button that changes the rows without saving: re-renders the form, or does it in place with JavaScript. */
function RowButton(props: {
  intent: string
  action: string
  label: string
  children: ReactNode
  danger?: boolean
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={props.intent}
      formNoValidate
      data-row-action={props.action}
      aria-label={props.label}
      className={props.danger ? 'danger small' : 'small'}
    >
      {props.children}
    </button>
  )
}

function ChoiceRow(props: {
  option: number
  index: number
  choice: ChoiceFormValues
  /** Whether the pictures grid sets this choice's pictures; any other choice keeps the ones it has. */
  inGrid: boolean
  errors: Errors
}) {
  const { option, index, choice, errors } = props
  const base = `option-${option}-choice-${index}`
  const label = `Option ${option + 1}, choice ${index + 1}`
  return (
    <li className="choice-row" data-choice-row="" data-key={base}>
      {/* The row's fields are labelled for screen readers by their row (`row-label`). */}
      <Field
        name={`${base}-name`}
        label={`${label} name`}
        defaultValue={choice.name}
        placeholder="Choice, e.g. Blue"
        error={errors[`${base}-name`]}
        frameClassName="choice-name"
        labelClassName="row-label"
      />
      <Field
        name={`${base}-colour`}
        label={`${label} colour`}
        type="color"
        frameClassName="colour-field"
        labelClassName="row-label"
        defaultValue={choice.colour}
        error={errors[`${base}-colour`]}
      />
      {/* Pictures the API gave a choice outside the grid are kept as they are (decision 080). */}
      {!props.inGrid &&
        choice.mediaIds.map((id) => (
          <input key={id} type="hidden" name={`${base}-media`} value={id} data-kept-media="" />
        ))}
      <RowButton
        intent={`remove-choice-${option}-${index}`}
        action="remove-choice"
        label={`Remove ${label}`}
        danger
      >
        Remove
      </RowButton>
    </li>
  )
}

function OptionRow(props: {
  index: number
  option: OptionFormValues
  inGrid: boolean
  errors: Errors
  isNew: boolean
}) {
  const { index, option, errors } = props
  const base = `option-${index}`
  // One empty row under the choices: a choice is added by filling it in, without JavaScript too.
  const choices = [...option.choices, BLANK_CHOICE]
  return (
    <fieldset className="option-row" data-option-row="" data-type={option.type}>
      <legend>{props.isNew ? 'New option' : `Option ${index + 1}`}</legend>
      <div className="option-head">
        <Field
          label={`Option ${index + 1} name`}
          name={`${base}-name`}
          defaultValue={option.name}
          error={errors[`${base}-name`]}
        />
        <Select
          label={`Option ${index + 1} type`}
          name={`${base}-type`}
          defaultValue={option.type}
          options={[
            { value: 'drop_down', label: 'List of choices' },
            { value: 'color', label: 'Colours' },
          ]}
        />
        <RowButton
          intent={`remove-option-${index}`}
          action="remove-option"
          label={`Remove option ${index + 1}`}
          danger
        >
          Remove option
        </RowButton>
      </div>
      {errors[`${base}-choices`] && <p className="error-text">{errors[`${base}-choices`]}</p>}
      <ul className="choice-rows" data-choice-rows="">
        {choices.map((choice, at) => (
          <ChoiceRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
            key={at}
            option={index}
            index={at}
            choice={choice}
            inGrid={props.inGrid}
            errors={errors}
          />
        ))}
      </ul>
      <RowButton
        intent={`add-choice-${index}`}
        action="add-choice"
        label={`Add choice to option ${index + 1}`}
      >
        Add choice
      </RowButton>
    </fieldset>
  )
}

function OptionsSection(props: { values: ProductFormValues; errors: Errors }) {
  const { values, errors } = props
  const rows = [...values.options, BLANK_OPTION]
  const pictured = pictureOptionIndex(values.options)
  return (
    <section className="card" aria-labelledby="options-heading">
      <h2 id="options-heading">Options</h2>
      <p className="hint">
        Options such as size or colour make the variants: one for each combination of choices. Fill in an
        empty row to add one; a row left empty adds nothing.
      </p>
      {errors.options && <p className="error-text">{errors.options}</p>}
      <div data-option-rows="">
        {rows.map((option, index) => (
          <OptionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
            key={index}
            index={index}
            option={option}
            inGrid={index === pictured}
            errors={errors}
            isNew={index >= values.options.length}
          />
        ))}
      </div>
      <RowButton intent="add-option" action="add-option" label="Add option">
        Add option
      </RowButton>
    </section>
  )
}

/** A picture's name in the grid's column and its boxes: "Image 2", as the image list numbers them. */
const pictureName = (position: number) => `Image ${position}`

/**
 * The pictures a shopper sees for each choice, in one grid (decision 080): a row for each choice of the
 * pictured option (the colour option, else the first), a column for each of the product's pictures. A box
 * is the choice's `option-O-choice-C-media` field, so the save is the media-per-choice the domain checks.
 * The script rebuilds the grid as options, choices and images change; without it the grid follows a save.
 */
function PicturesSection(props: {
  values: ProductFormValues
  images: readonly EditorImage[]
  errors: Errors
}) {
  const { values, images, errors } = props
  const at = pictureOptionIndex(values.options)
  const option = values.options[at]
  const choices = option?.choices ?? []
  return (
    <section className="card" aria-labelledby="pictures-heading" data-pictures="">
      <h2 id="pictures-heading">Pictures of each choice</h2>
      <p className="hint" data-pictures-hint="">
        {option
          ? `Tick the pictures a shopper sees when they choose each ${option.name || 'choice'}${option.type === 'color' ? '' : ' (the product has no colour option)'}.`
          : 'Add an option such as Colour, then tick here the pictures of each colour.'}
      </p>
      <div className="scroll" data-pictures-grid="" hidden={choices.length === 0 || images.length === 0}>
        <table className="picture-grid" aria-labelledby="pictures-heading">
          <thead>
            <tr>
              <th scope="col" data-pictures-option="">
                {option?.name || 'Choice'}
              </th>
              {images.map((image, index) => (
                <th scope="col" key={image.id} data-image-id={image.id}>
                  {image.mediaType === 'video' ? (
                    <span className="badge">Video</span>
                  ) : (
                    <img src={image.thumbnailUrl} alt="" />
                  )}
                  <span className="row-label">{pictureName(index + 1)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {choices.map((choice, index) => {
              const base = `option-${at}-choice-${index}`
              const error = errors[`${base}-media`]
              return (
                <tr key={base} data-key={base}>
                  <th scope="row">
                    {option?.type === 'color' && (
                      // An SVG's fill, as the page's style policy takes no style attribute.
                      <svg className="swatch" viewBox="0 0 16 16" aria-hidden="true">
                        <rect width="16" height="16" rx="4" fill={choice.colour} />
                      </svg>
                    )}
                    {choice.name}
                    {error && (
                      <div className="error-text" id={`${base}-media-error`}>
                        {error}
                      </div>
                    )}
                  </th>
                  {images.map((image, column) => (
                    <td key={image.id}>
                      <input
                        type="checkbox"
                        name={`${base}-media`}
                        value={image.id}
                        defaultChecked={choice.mediaIds.includes(image.id)}
                        aria-label={`${pictureName(column + 1)} for ${choice.name}`}
                        aria-describedby={error ? `${base}-media-error` : undefined}
                      />
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {option && images.length === 0 && (
        <p className="hint" data-pictures-empty="">
          Add images above; each choice then gets its pictures here.
        </p>
      )}
    </section>
  )
}

/** A video's poster, picked among the list's images (the script keeps the choices in step with the list). */
function PosterPicker(props: {
  video: EditorImage
  images: readonly EditorImage[]
  posterId: string | undefined
  error: string | undefined
}) {
  const { video, posterId, error } = props
  const id = `field-poster-${video.id}`
  return (
    <div className="poster-picker">
      <label className="small" htmlFor={id}>
        Poster
      </label>
      <select
        id={id}
        name={`poster-${video.id}`}
        defaultValue={posterId ?? ''}
        data-poster-select=""
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Choose an image</option>
        {props.images
          .filter((image) => image.mediaType !== 'video')
          .map((image, index) => (
            <option key={image.id} value={image.id}>
              {image.title || `Image ${index + 1}`}
            </option>
          ))}
      </select>
      {error && (
        <div className="error-text" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  )
}

function ImageItem(props: {
  image: EditorImage
  position: number
  images: readonly EditorImage[]
  posters: Readonly<Record<string, string>>
  errors: Errors
}) {
  const { image, position } = props
  const isVideo = image.mediaType === 'video'
  return (
    <li
      className="image-item"
      draggable
      data-image-item=""
      data-image-id={image.id}
      data-video={isVideo ? '' : undefined}
    >
      <input type="hidden" name="mediaIds" value={image.id} />
      <img src={image.thumbnailUrl || undefined} alt={image.title || `Image ${position}`} />
      {isVideo && <span className="badge">Video</span>}
      {isVideo && (
        <PosterPicker
          video={image}
          images={props.images}
          posterId={props.posters[image.id]}
          error={props.errors[`poster-${image.id}`]}
        />
      )}
      <div className="image-controls">
        <label className="row-label" htmlFor={`field-media-${image.id}-position`}>
          Position of image {position}
        </label>
        <input
          id={`field-media-${image.id}-position`}
          name={`media-${image.id}-position`}
          type="number"
          min="1"
          step="1"
          className="position"
          defaultValue={position}
          aria-label={`Position of image ${position}`}
          data-position=""
        />
        <label className="check small">
          <input
            type="checkbox"
            name="removeMediaIds"
            value={image.id}
            data-remove-image=""
            aria-label={`Remove image ${position}`}
          />{' '}
          Remove
        </label>
      </div>
    </li>
  )
}

function ImagesSection(props: {
  images: readonly EditorImage[]
  posters: Readonly<Record<string, string>>
  errors: Errors
}) {
  const { images, errors } = props
  return (
    <section className="card" aria-labelledby="images-heading">
      <h2 id="images-heading">Images and videos</h2>
      <p className="hint">
        The first image is the product's main picture. Drag images to order them, or number their positions. A
        video shows one of the images as its poster until it plays.
      </p>
      {errors.media && <p className="error-text">{errors.media}</p>}
      <ol className="image-list" aria-label="Images" data-image-list="">
        {images.map((image, index) => (
          <ImageItem
            key={image.id}
            image={image}
            position={index + 1}
            images={images}
            posters={props.posters}
            errors={errors}
          />
        ))}
      </ol>
      {images.length === 0 && (
        <p className="hint" data-no-images="">
          No images yet.
        </p>
      )}
      <div className="dropzone" data-dropzone="">
        <label htmlFor="field-files">Add images or videos</label>
        <input
          id="field-files"
          name="files"
          type="file"
          multiple
          accept={MEDIA_TYPES}
          aria-describedby="field-files-hint"
          aria-invalid={errors.files ? true : undefined}
        />
        <div className="hint" id="field-files-hint">
          Drop images here or choose several at once: PNG, JPEG, GIF or WebP, up to 10 MB each; MP4 or WebM
          videos up to 50 MB. Without JavaScript they are uploaded when you save.
        </div>
        {errors.files && <div className="error-text">{errors.files}</div>}
      </div>
    </section>
  )
}

/** The bulk fill of the variants table: one value into one field of every row, checked when saved. */
function VariantFill(props: { currency: string }) {
  const money = (field: string) => `${field} (${props.currency})`
  return (
    <fieldset className="variant-fill" data-variant-fill="">
      <legend>Fill every variant</legend>
      <Select
        label="Field"
        name="fillField"
        options={Object.entries(VARIANT_FILL_FIELDS).map(([value, words]) => ({
          value,
          label: value === 'price' || value === 'cost' ? money(words) : words,
        }))}
      />
      <Field label="Value" name="fillValue" />
      <RowButton intent="fill-variants" action="fill-variants" label="Fill every variant">
        Fill every variant
      </RowButton>
      <p className="hint">
        Puts the value in that column of every row; it is saved with the product. An empty value makes the
        variants follow the product again.
      </p>
    </fieldset>
  )
}

function VariantsSection(props: {
  rows: readonly VariantRowValues[]
  isNew: boolean
  errors: Errors
  currency: string
  weightUnit: string
}) {
  const { rows, errors, currency } = props
  /** A cell with the input of one of a variant's own values, and its error beside it. */
  const cell = (
    index: number,
    row: VariantRowValues,
    name: VariantFillField,
    label: string,
    input: { type: 'number' | 'text'; step?: string },
  ) => {
    const field = `v-${index}-${name}`
    const error = errors[field]
    return (
      <td>
        <input
          id={`field-${field}`}
          name={field}
          type={input.type}
          step={input.step}
          min={input.type === 'number' ? '0' : undefined}
          defaultValue={row[name]}
          aria-label={`${label} of ${row.label}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `field-${field}-error` : undefined}
          data-fill={name}
        />
        {error && (
          <div className="error-text" id={`field-${field}-error`}>
            {label} {error}
          </div>
        )}
      </td>
    )
  }
  /** A cell with a box of one of a variant's yes-or-no values. */
  const box = (
    index: number,
    name: 'trackQuantity' | 'inStock' | 'visible',
    checked: boolean,
    label: string,
  ) => (
    <td>
      <input name={`v-${index}-${name}`} type="checkbox" defaultChecked={checked} aria-label={label} />
    </td>
  )
  return (
    <section className="card" aria-labelledby="variants-heading">
      <h2 id="variants-heading">Variants</h2>
      {rows.length === 0 ? (
        <p className="hint">
          {props.isNew
            ? 'The options make the variants when you save; then each can get its own price and stock here.'
            : 'This product has no options: it is sold as it is.'}
        </p>
      ) : (
        <>
          <p className="hint">
            {countText(rows.length, 'variant')}. A variant shows the product's price, cost, weight and SKU
            until you give it its own; clear a field to follow the product again.
          </p>
          <VariantFill currency={currency} />
          {errors.variants && <p className="error-text">{errors.variants}</p>}
          <div className="scroll">
            <table aria-label="Variants" className="variant-table">
              <thead>
                <tr>
                  <th>Variant</th>
                  <th>Price ({currency})</th>
                  <th>Cost ({currency})</th>
                  <th>Weight ({props.weightUnit})</th>
                  <th>SKU</th>
                  <th>Track quantity</th>
                  <th>Quantity</th>
                  <th>In stock</th>
                  <th>Visible</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={row.id}>
                    <th scope="row">
                      {row.label}
                      <input type="hidden" name={`v-${index}-id`} value={row.id} />
                      <input type="hidden" name={`v-${index}-label`} value={row.label} />
                      {VARIANT_VALUES.map((name) => (
                        <input
                          key={name}
                          type="hidden"
                          name={`v-${index}-${name}-was`}
                          value={String(row.was[name])}
                        />
                      ))}
                    </th>
                    {cell(index, row, 'price', 'Price', { type: 'number', step: 'any' })}
                    {cell(index, row, 'cost', 'Cost', { type: 'number', step: 'any' })}
                    {cell(index, row, 'weight', 'Weight', { type: 'number', step: 'any' })}
                    {cell(index, row, 'sku', 'SKU', { type: 'text' })}
                    {box(index, 'trackQuantity', row.trackQuantity, `Track quantity of ${row.label}`)}
                    {cell(index, row, 'quantity', 'Quantity', { type: 'number', step: '1' })}
                    {box(index, 'inStock', row.inStock, `${row.label} in stock`)}
                    {box(index, 'visible', row.visible, `${row.label} visible`)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}

/** A product's price in each display currency: the currency, the price (struck through before a sale), the rate. */
const convertedPriceColumns: readonly Column<DisplayPrice>[] = [
  { header: 'Currency', cell: (price) => price.currency },
  {
    header: 'Price',
    cell: (price) =>
      price.discountedPrice === price.price ? (
        price.price
      ) : (
        <>
          {price.discountedPrice} <s className="muted">{price.price}</s>
        </>
      ),
    isNumber: true,
  },
  { header: 'Rate', cell: (price) => <span className="muted small">at {price.rate}</span>, isNumber: true },
]

function DisplayPrices(props: { prices: readonly DisplayPrice[] | undefined; currency: string }) {
  const link = <a href="/dashboard/setup/currencies">display currencies</a>
  if (!props.prices) return <p className="hint">Prices in other currencies show once the product is saved.</p>
  if (props.prices.length === 0)
    return (
      <p className="hint">
        Shoppers see prices in {props.currency} only. Offer them other {link}, converted at your rates.
      </p>
    )
  return (
    <div className="converted">
      <h3>In other currencies</h3>
      <p className="hint">Converted at your rates: change them under {link}.</p>
      <DataTable
        label="Converted prices"
        columns={convertedPriceColumns}
        rows={props.prices}
        rowKey={(price) => price.currency}
        rowHeaders
        empty={`Shoppers see prices in ${props.currency} only.`}
      />
    </div>
  )
}

function PriceSection(props: {
  values: ProductFormValues
  errors: Errors
  currency: string
  displayPrices: readonly DisplayPrice[] | undefined
}) {
  const { values, errors } = props
  return (
    <section className="card" aria-labelledby="price-heading">
      <h2 id="price-heading">Price ({props.currency})</h2>
      <div className="pair">
        <NumberField label="Price" name="price" defaultValue={values.price} error={errors.price} required />
        <NumberField
          label="Cost"
          name="cost"
          defaultValue={values.cost}
          error={errors.cost}
          hint="Only you see it"
        />
        <Select
          label="Discount type"
          name="discountType"
          defaultValue={values.discountType}
          error={errors.discountType}
          options={[
            { value: 'NONE', label: 'No discount' },
            { value: 'AMOUNT', label: 'Amount off' },
            { value: 'PERCENT', label: 'Percent off' },
          ]}
        />
        <NumberField
          label="Discount"
          name="discountValue"
          defaultValue={values.discountValue}
          error={errors.discountValue}
        />
      </div>
      <DisplayPrices prices={props.displayPrices} currency={props.currency} />
    </section>
  )
}

function UnitPriceSection(props: { values: ProductFormValues; errors: Errors }) {
  const { values, errors } = props
  return (
    <section className="card" aria-labelledby="unit-price-heading">
      <h2 id="unit-price-heading">Unit price</h2>
      <p className="hint">
        For goods sold by measure: what the product holds, and per how much shoppers see its price (per 100
        ml). Leave the contents empty for no unit price.
      </p>
      <div className="pair">
        <NumberField
          label="Contents"
          name="unitTotalQuantity"
          defaultValue={values.unitTotalQuantity}
          error={errors.unitTotalQuantity}
        />
        <Select
          label="Contents unit"
          name="unitTotalUnit"
          options={UNIT_CHOICES}
          defaultValue={values.unitTotalUnit}
        />
        <NumberField
          label="Unit price per"
          name="unitBaseQuantity"
          defaultValue={values.unitBaseQuantity}
          error={errors.unitBaseQuantity}
          hint="Empty for one unit"
        />
        <Select
          label="Unit price unit"
          name="unitBaseUnit"
          options={UNIT_CHOICES}
          defaultValue={values.unitBaseUnit}
          error={errors.unitBaseUnit}
        />
      </div>
    </section>
  )
}

function StockSection(props: { values: ProductFormValues; errors: Errors; weightUnit: string }) {
  const { values, errors } = props
  return (
    <section className="card" aria-labelledby="stock-heading">
      <h2 id="stock-heading">Stock and shipping</h2>
      {values.options.length > 0 ? (
        <p className="hint">This product has options: quantities are kept per variant.</p>
      ) : (
        <>
          <Checkbox label="Track quantity" name="trackInventory" defaultChecked={values.trackInventory} />
          <NumberField
            label="Quantity"
            name="quantity"
            step="1"
            defaultValue={values.quantity}
            error={errors.quantity}
          />
        </>
      )}
      <Checkbox label="In stock" name="inStock" defaultChecked={values.inStock} />
      <NumberField
        label={`Weight (${props.weightUnit})`}
        name="weight"
        defaultValue={values.weight}
        error={errors.weight}
      />
    </section>
  )
}

function PublishingSection(props: {
  values: ProductFormValues
  collections: readonly WireCollection[]
  errors: Errors
}) {
  const { values, errors } = props
  return (
    <section className="card" aria-labelledby="publishing-heading">
      <h2 id="publishing-heading">Visibility and collections</h2>
      <Checkbox label="Visible in the store" name="visible" defaultChecked={values.visible} />
      <fieldset className="plain">
        <legend>Collections</legend>
        {props.collections.length === 0 && <p className="hint">No collections yet.</p>}
        {props.collections.map((collection) => (
          <Checkbox
            key={collection.id}
            label={collection.name}
            name="collectionIds"
            value={collection.id}
            defaultChecked={values.collectionIds.includes(collection.id)}
          />
        ))}
        {errors.collections && <div className="error-text">{errors.collections}</div>}
      </fieldset>
    </section>
  )
}

function DetailsSection(props: { values: ProductFormValues; errors: Errors }) {
  const { values, errors } = props
  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">Details</h2>
      <Field
        label="Name"
        name="name"
        defaultValue={values.name}
        error={errors.name}
        required
        className="wide"
      />
      <LabelledControl label="Description" name="description" error={errors.description}>
        {({ id, describedBy }) => (
          <textarea
            id={id}
            name="description"
            rows={5}
            defaultValue={values.description}
            aria-describedby={describedBy}
          />
        )}
      </LabelledControl>
    </section>
  )
}

/**
 * What identifies and labels the product (its address, SKU, type, brand, ribbon): set once and seldom
 * changed, so below pictures and options, and on a phone after what is edited daily (decision 100).
 */
function MoreDetailsSection(props: { values: ProductFormValues; errors: Errors }) {
  const { values, errors } = props
  return (
    <section className="card" aria-labelledby="more-details-heading">
      <h2 id="more-details-heading">More details</h2>
      <div className="pair">
        <Field
          label="Slug"
          name="slug"
          defaultValue={values.slug}
          error={errors.slug}
          hint="Its address in the store; made from the name when empty"
        />
        <Field label="SKU" name="sku" defaultValue={values.sku} error={errors.sku} />
        <Select
          label="Type"
          name="productType"
          defaultValue={values.productType}
          options={[
            { value: 'physical', label: 'Physical' },
            { value: 'digital', label: 'Digital' },
          ]}
        />
        <Field label="Brand" name="brand" defaultValue={values.brand} error={errors.brand} />
        <Field
          label="Ribbon"
          name="ribbon"
          defaultValue={values.ribbon}
          error={errors.ribbon}
          hint="e.g. New, Sale"
        />
      </div>
    </section>
  )
}

/** What the product is now, in one line: its price, unit price, cost and profit, visibility, last change. */
function ProductFacts(props: { owner: Owner; product: WireProduct }) {
  const { product } = props
  const { priceData, pricePerUnitData } = product
  const facts = [
    priceData.discountedPrice !== priceData.price
      ? `${priceData.formatted.discountedPrice} after discount (${priceData.formatted.price})`
      : priceData.formatted.price,
    pricePerUnitData && priceData.formatted.pricePerUnit
      ? `${priceData.formatted.pricePerUnit} / ${formatUnitQuantity(pricePerUnitData.baseQuantity, pricePerUnitData.baseMeasurementUnit)}`
      : undefined,
    product.costRange ? `cost ${costRangeText(product, props.owner)}` : undefined,
    product.costAndProfitData
      ? `profit ${product.costAndProfitData.formattedProfit} (${product.costAndProfitData.profitMargin}%)`
      : undefined,
    product.visible ? 'visible' : 'hidden',
    `last changed ${timeText(product.lastUpdated)}`,
  ]
  return <p className="muted small">{facts.filter(Boolean).join(' · ')}</p>
}

/**
 * The save bar at the form's end, in view while the form is (sticky at the bottom). Without JavaScript it
 * is always there; the script shows it once a field changes, and warns before leaving with changes unsaved.
 * Discard is a plain link back to the stored product.
 */
function SaveBar(props: { label: string; discardHref: string; unsaved: boolean }) {
  return (
    <div className="save-bar" data-save-bar="" data-unsaved={props.unsaved ? '' : undefined}>
      <p className="save-state" data-save-state="" aria-live="polite">
        {props.unsaved ? 'Unsaved changes' : 'Save your changes here'}
      </p>
      <span className="upload-state muted small" data-upload-state="" aria-live="polite" />
      <a className="button" href={props.discardHref} data-discard="">
        Discard
      </a>
      <button type="submit" className="primary">
        {props.label}
      </button>
    </div>
  )
}

/** The templates the editor's script copies for new rows and uploaded images (never submitted). */
function RowTemplates(props: { images: readonly EditorImage[] }) {
  return (
    <>
      <template data-template="option">
        <OptionRow index={0} option={BLANK_OPTION} inGrid={false} errors={{}} isNew />
      </template>
      <template data-template="choice">
        <ChoiceRow option={0} index={0} choice={BLANK_CHOICE} inGrid={false} errors={{}} />
      </template>
      <template data-template="image">
        <ImageItem
          image={{ id: 'new', thumbnailUrl: '', title: '' }}
          position={1}
          images={[]}
          posters={{}}
          errors={{}}
        />
      </template>
      <template data-template="video">
        <ImageItem
          image={{ id: 'new', thumbnailUrl: '', title: '', mediaType: 'video' }}
          position={1}
          images={props.images}
          posters={{}}
          errors={{}}
        />
      </template>
    </>
  )
}

/**
 * The product editor: one form, one save, for a new product (`product` absent) or an existing one.
 * Extra sections (`productEditorSections`) come after the form, the delete button last.
 */
export function ProductEditorPage(props: {
  owner: Owner
  product?: WireProduct | undefined
  values: ProductFormValues
  images: readonly EditorImage[]
  collections: readonly WireCollection[]
  displayPrices?: readonly DisplayPrice[] | undefined
  violations: readonly FieldViolation[]
  sections?: readonly { id: string; node: ReactNode }[]
  notice?: string | undefined
  /** Whether the values are not the stored ones (a refused save, a row added): the save bar shows at once. */
  unsaved?: boolean
}) {
  const { owner, product, values } = props
  // The unit the shop weighs in, beside every weight field: "0.2" alone said neither kilograms nor pounds.
  const weightUnit = owner.session.site.weightUnit === 'LB' ? 'lb' : 'kg'
  const errors = toFormErrors(props.violations)
  const title = product ? product.name : 'New product'
  const action = product ? `/dashboard/products/${product.id}` : '/dashboard/products'
  return (
    <DashboardPage
      owner={owner}
      title={title}
      place="products"
      notice={props.notice}
      scripts={[productEditorScript]}
    >
      <p>
        <a href="/dashboard/products">← Products</a>
      </p>
      <Problems
        violations={props.violations}
        labels={Object.fromEntries(props.violations.map(({ field }) => [field, productFieldLabel(field)]))}
      />
      <form
        id="product-editor"
        method="post"
        action={action}
        encType="multipart/form-data"
        aria-label="Product"
        className="editor"
        data-product-editor=""
        data-upload-url="/dashboard/media"
      >
        <CsrfField token={owner.session.csrfToken} />
        {/* Enter in a field saves: the form's first submit button is its default (the bar's is last). */}
        <button type="submit" className="row-label" tabIndex={-1} aria-hidden="true">
          Save
        </button>
        <div className="editor-head">
          <h1>{title}</h1>
          {product && <ProductFacts owner={owner} product={product} />}
        </div>
        {/* In the order a phone shows them (decision 100): the name and description, then what is edited
            most (price, stock), then pictures, options and the rest of the details. On a laptop the side
            column stands beside them. */}
        <div className="editor-cols">
          <div className="editor-lead">
            <DetailsSection values={values} errors={errors} />
          </div>
          <div className="editor-side">
            <PriceSection
              values={values}
              errors={errors}
              currency={owner.session.site.currency}
              displayPrices={props.displayPrices}
            />
            <UnitPriceSection values={values} errors={errors} />
            <StockSection values={values} errors={errors} weightUnit={weightUnit} />
            <PublishingSection values={values} collections={props.collections} errors={errors} />
          </div>
          <div className="editor-rest">
            <ImagesSection images={props.images} posters={values.posters} errors={errors} />
            <OptionsSection values={values} errors={errors} />
            <MoreDetailsSection values={values} errors={errors} />
          </div>
        </div>
        <PicturesSection values={values} images={props.images} errors={errors} />
        <VariantsSection
          rows={values.variants}
          isNew={!product}
          errors={errors}
          currency={owner.session.site.currency}
          weightUnit={weightUnit}
        />
        <SaveBar
          label={product ? 'Save product' : 'Create product'}
          discardHref={product ? action : '/dashboard/products/new'}
          unsaved={props.unsaved ?? !product}
        />
      </form>
      <RowTemplates images={props.images} />
      {props.sections?.map((section) => (
        <div key={section.id} data-editor-section={section.id}>
          {section.node}
        </div>
      ))}
      {product && (
        <section className="card" aria-labelledby="delete-heading">
          <h2 id="delete-heading">Delete</h2>
          <form method="post" action={`/dashboard/products/${product.id}/delete`}>
            <CsrfField token={owner.session.csrfToken} />
            <button
              type="submit"
              className="danger"
              data-confirm={`Delete ${product.name}? This cannot be undone.`}
            >
              Delete product
            </button>
          </form>
        </section>
      )}
    </DashboardPage>
  )
}
