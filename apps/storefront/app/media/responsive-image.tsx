import type { ImageView } from './image'

export interface ResponsiveImageProps {
  image: ImageView
  /** How wide the image is drawn, as an `img` `sizes` value: the browser picks from `srcSet` by it. */
  sizes: string
  /** Images in the first screenful load at once (the largest one with high priority); the rest when near. */
  loading: 'eager' | 'lazy'
  fetchPriority?: 'high' | 'auto'
  /** Overrides the image's own text; `""` when the image is decorative beside its name. */
  alt?: string
  className?: string
}

/**
 * An image with its intrinsic size reserved (no layout shift), its derived sizes offered through `srcset` and
 * `sizes` when the platform made any, and lazy loading below the fold.
 */
export function ResponsiveImage({
  image,
  sizes,
  loading,
  fetchPriority,
  alt = image.alt,
  className,
}: ResponsiveImageProps) {
  return (
    <img
      src={image.url}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={loading === 'lazy' ? 'async' : undefined}
      className={className}
    />
  )
}
