import sharp from 'sharp'
import type { ImageSize } from './image-derivatives.ts'

/**
 * The media storage file a WebP size of an SVG kept in the database is cached in. It names the SVG's
 * MD5, so a redrawn picture (a new seed) never gets an old rendering.
 */
export function renditionFileName(svgMd5: string, width: number): string {
  return `rendition-${svgMd5}-${width}w.webp`
}

/**
 * Renders an SVG drawn `intrinsic` wide (the demo seed's product drawings) as a WebP `size` wide, at
 * the density that size needs: drawn, not scaled up from a small bitmap. The same SVG and size give
 * the same bytes.
 */
export async function renderSvgRendition(
  svg: Uint8Array,
  intrinsic: ImageSize,
  size: ImageSize,
): Promise<Uint8Array> {
  const density = (72 * size.width) / Math.max(1, intrinsic.width)
  return sharp(svg, { density, limitInputPixels: 50_000_000 })
    .resize(size.width, size.height, { fit: 'fill' })
    .webp({ quality: 82 })
    .toBuffer()
}

/**
 * Runs `render` once for concurrent callers of the same key: the browsers asking for a picture's
 * sizes at the same moment share one rendering.
 */
export function createRenditionQueue() {
  const running = new Map<string, Promise<Uint8Array>>()
  return (key: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> => {
    const current = running.get(key)
    if (current) return current
    const started = render().finally(() => running.delete(key))
    running.set(key, started)
    return started
  }
}
