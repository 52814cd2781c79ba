import type { ReactNode } from 'react'
import type { DescriptionLine, LineImage } from '../carts/cart-wire.ts'

/**
 * What a page or mail says of a line: its name, chosen options, SKU and picture, as the cart line shows
 * them and the order line keeps them (decision 058). Lines of older orders have none but the name.
 */
export interface LineSummaryItem {
  name: string
  descriptionLines?: readonly DescriptionLine[] | null | undefined
  sku?: string | null | undefined
  image?: LineImage | null | undefined
}

/** The columns of an order line that keep what it sold (`OrderLineRow`'s, decision 058). */
export interface SoldLineColumns {
  name: string
  description_lines: readonly DescriptionLine[] | null
  sku: string | null
  image: LineImage | null
}

/** What an order line kept of what it sold (an unknown line: no name). */
export function orderLineSummary(line: SoldLineColumns | undefined): LineSummaryItem {
  if (!line) return { name: '' }
  return { name: line.name, descriptionLines: line.description_lines, sku: line.sku, image: line.image }
}

/** The chosen options as words, colours by their name: `Size: M, Color: Red`. */
export function lineOptionsText(line: LineSummaryItem): string {
  return (line.descriptionLines ?? [])
    .map((description) => {
      const value = description.lineType === 'COLOR' ? description.colorInfo : description.plainText
      return `${description.name.translated}: ${value.translated}`
    })
    .join(', ')
}

/**
 * A line named in words with its chosen options, `Classic Tee (Size: M, Color: Red)`, so that two variants
 * of one product are told apart wherever a sentence or a label names a line; the name alone without options.
 */
export function lineNameWithOptions(line: LineSummaryItem): string {
  const options = lineOptionsText(line)
  return options ? `${line.name} (${options})` : line.name
}

/** A line in one line of text, for mails and spreadsheets: `Classic Tee (Size: M, Color: Red) · SKU TEE-M-R`. */
export function lineSummaryText(line: LineSummaryItem): string {
  return [lineNameWithOptions(line), line.sku ? `SKU ${line.sku}` : ''].filter(Boolean).join(' · ')
}

/**
 * A line on a page: its picture as a thumbnail (when asked and it has one), its name, then its options
 * and SKU in a smaller line. Every platform page that lists lines draws them with this.
 */
export function LineSummary(props: {
  line: LineSummaryItem
  thumbnail?: boolean
  size?: number
  /** More about the line under its name and details, beside the picture (its quantity in a summary). */
  children?: ReactNode
}) {
  const { line } = props
  const options = lineOptionsText(line)
  const size = props.size ?? 48
  return (
    <span className="line-summary">
      {props.thumbnail && line.image && (
        <img
          className="line-thumbnail"
          src={line.image.url}
          alt={line.image.altText}
          width={size}
          height={size}
          loading="lazy"
        />
      )}
      <span className="line-words">
        <span className="line-name">{line.name}</span>
        {(options || line.sku) && (
          <small className="line-details">
            {[options, line.sku ? `SKU ${line.sku}` : ''].filter(Boolean).join(' · ')}
          </small>
        )}
        {props.children}
      </span>
    </span>
  )
}
