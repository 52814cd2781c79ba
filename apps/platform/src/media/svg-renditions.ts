import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import type { Db } from '../db/db.ts'
import type { Logger } from '../log.ts'
import type { ImageSize } from './image-derivatives.ts'
import { findSvgMediaFilesInDatabase, type MediaFile } from './media-file-store.ts'
import { type MediaStorage, mediaObjectKey } from './media-storage.ts'

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
    .webp({ quality: RENDITION_QUALITY })
    .toBuffer()
}

const RENDITION_QUALITY = 82

/**
 * Where this machine keeps the drawings it has made: the same SVG and size give the same bytes, so every
 * fresh database of the demo store (each test run's, each `npm start` on a new data directory) reuses
 * them and only the first pays the 20 s of CPU its 702 sizes cost. Beside the installed packages, as
 * build tools keep their caches (`node_modules/.cache`), so a clean install starts empty; named by the
 * renderer's version, so a new libvips draws again. Undefined when no `node_modules` is found upward.
 */
export function machineDrawingCacheDir(from = dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules')))
      return join(
        dir,
        'node_modules',
        '.cache',
        'aisle-svg-drawings',
        `vips-${sharp.versions.vips}-q${RENDITION_QUALITY}`,
      )
    if (dirname(dir) === dir) return undefined
  }
}

/**
 * `renderSvgRendition` through the machine's drawing cache in `cacheDir` (by the SVG's MD5, its drawn size
 * and the size asked): read when there, else rendered and written (a temporary file renamed, so a
 * concurrent reader never sees half of one). A cache only: when it cannot be read or written, the
 * picture is drawn.
 */
export async function renderSvgRenditionOnce(
  cacheDir: string | undefined,
  svg: { bytes: Uint8Array; md5: string },
  intrinsic: ImageSize,
  size: ImageSize,
): Promise<Uint8Array> {
  const path =
    cacheDir &&
    join(cacheDir, `${svg.md5}-${intrinsic.width}x${intrinsic.height}-${size.width}x${size.height}.webp`)
  if (path) {
    const cached = await readFile(path).catch(() => undefined)
    if (cached && cached.length > 0) return new Uint8Array(cached)
  }
  const rendered = await renderSvgRendition(svg.bytes, intrinsic, size)
  if (path) {
    const partial = `${path}.${randomUUID()}.tmp`
    await mkdir(dirname(path), { recursive: true })
      .then(() => writeFile(partial, rendered))
      .then(() => rename(partial, path))
      .catch(() => undefined)
  }
  return rendered
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

/** An SVG kept in the database, with its bytes. */
type SvgInDatabase = MediaFile & { inDatabase: NonNullable<MediaFile['inDatabase']> }

/** The media storage key a WebP size of an SVG kept in the database is kept under. */
export function renditionKey(file: SvgInDatabase, width: number): string {
  return mediaObjectKey(file.siteId, file.id, renditionFileName(file.inDatabase.md5, width))
}

/**
 * Renders one WebP size of an SVG kept in the database and keeps it in the media storage. Keeping it is a
 * cache: when the storage refuses, the rendering is still returned (and logged).
 */
export async function renderAndKeepSvgRendition(
  deps: { storage: MediaStorage; logger: Logger; drawingCacheDir?: string },
  file: SvgInDatabase,
  size: ImageSize,
): Promise<Uint8Array> {
  const key = renditionKey(file, size.width)
  const rendered = await renderSvgRenditionOnce(deps.drawingCacheDir, file.inDatabase, file, size)
  await deps.storage.put(key, rendered, 'image/webp').catch((error: unknown) =>
    deps.logger.warn('could not keep an SVG rendition in the media storage', {
      id: file.id,
      key,
      error: error instanceof Error ? error.message : String(error),
    }),
  )
  return rendered
}

/**
 * Renders every WebP size of the SVGs kept in the database that the media storage does not hold yet (the
 * demo seed's drawings, once seeded), one file at a time. A shop's first visitor then gets each picture
 * from the storage, as every later one does, instead of waiting for it to be drawn (issue 36 item 4:
 * drawn on first request, the product page's largest picture took 0.4 s on a quiet machine and 2.5 s on
 * a busy one, most of the page's simulated LCP). Returns how many files and sizes it looked at and rendered.
 */
export async function renderSvgRenditionsAhead(deps: {
  db: Db
  storage: MediaStorage
  logger: Logger
  drawingCacheDir?: string
}): Promise<{ files: number; sizes: number; rendered: number }> {
  const files = await findSvgMediaFilesInDatabase(deps.db)
  let sizes = 0
  let rendered = 0
  for (const file of files as SvgInDatabase[]) {
    const missing: ImageSize[] = []
    for (const size of file.sizes) {
      sizes += 1
      const kept = await deps.storage.head(renditionKey(file, size.width)).catch(() => undefined)
      if (!kept) missing.push(size)
    }
    // The sizes of one file at once: sharp draws each on libvips' own threads.
    await Promise.all(missing.map((size) => renderAndKeepSvgRendition(deps, file, size)))
    rendered += missing.length
  }
  return { files: files.length, sizes, rendered }
}
