import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { createLogger } from '../log.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestClock, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { findSvgMediaFilesInDatabase } from './media-file-store.ts'
import type { MediaStorage } from './media-storage.ts'
import { createMemoryMediaStorage } from './memory-media-storage.ts'
import {
  machineDrawingCacheDir,
  renderSvgRenditionOnce,
  renderSvgRenditionsAhead,
  renditionKey,
} from './svg-renditions.ts'

type SvgFile = Parameters<typeof renditionKey>[0]

describe.each(databaseKinds())('the demo drawings rendered ahead of their first visitor, on %s', (kind) => {
  let db: Db
  let storage: MediaStorage
  let files: SvgFile[]
  const records: { message: string }[] = []
  const logger = createLogger('warn', (line) => records.push(JSON.parse(line)))
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    // Three of the demo's drawings (the database is this file's own): all 234 take seconds to render.
    await db.query(
      `delete from media_files where content_type = 'image/svg+xml' and id not in (
         select id from media_files where content_type = 'image/svg+xml' order by created_date, id limit 3)`,
    )
    storage = createMemoryMediaStorage()
    files = (await findSvgMediaFilesInDatabase(db)) as SvgFile[]
  })
  afterAll(() => db.close())

  it('keeps every WebP size of every seeded SVG in the media storage, once', async () => {
    const svgRows = await db.query<{ n: number }>(
      "select count(*)::int as n from media_files where content_type = 'image/svg+xml'",
    )
    expect(files.length).toBe(svgRows[0]!.n)
    expect(files.length).toBe(3)
    const sizes = files.reduce((sum, file) => sum + file.sizes.length, 0)

    const first = await renderSvgRenditionsAhead({ db, storage, logger })
    expect(first).toEqual({ files: files.length, sizes, rendered: sizes })
    for (const file of files) {
      for (const size of file.sizes) {
        expect(await storage.head(renditionKey(file, size.width))).toBeDefined()
      }
    }
    const [widest] = files.map((file) => file.sizes.at(-1)!)
    const kept = await storage.get(renditionKey(files[0]!, widest!.width))
    const bytes = new Uint8Array(await new Response(kept!.body).arrayBuffer())
    expect(await sharp(bytes).metadata()).toMatchObject({
      format: 'webp',
      width: widest!.width,
      height: widest!.height,
    })

    // A second start finds them all kept and draws nothing.
    expect(await renderSvgRenditionsAhead({ db, storage, logger })).toEqual({
      files: files.length,
      sizes,
      rendered: 0,
    })
    expect(records).toEqual([])
  })

  it('serves the first request for a size from the storage, the bytes rendered ahead', async () => {
    const app = createApp({ db, publicUrl: TEST_PUBLIC_URL, clock: createTestClock(), mediaStorage: storage })
    const file = files[0]!
    const size = file.sizes.at(-1)!
    const kept = await storage.get(renditionKey(file, size.width))
    const keptBytes = new Uint8Array(await new Response(kept!.body).arrayBuffer())
    const answer = await app.request(`${TEST_PUBLIC_URL}/media/${file.id}/${size.width}w.webp`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/webp')
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(keptBytes)
  })

  it('renders the sizes a storage lost, and still finishes when the storage refuses to keep them', async () => {
    const file = files[0]!
    await storage.delete(renditionKey(file, file.sizes[0]!.width))
    expect((await renderSvgRenditionsAhead({ db, storage, logger })).rendered).toBe(1)
    expect(await storage.head(renditionKey(file, file.sizes[0]!.width))).toBeDefined()

    const refusing: MediaStorage = {
      ...createMemoryMediaStorage(),
      description: 'refusing',
      put: () => Promise.reject(new Error('disk full')),
    }
    const onlyOne = {
      ...refusing,
      head: async (key: string) => (key.includes(file.id) ? undefined : { size: 1, etag: '"x"' }),
    }
    const result = await renderSvgRenditionsAhead({ db, storage: onlyOne, logger })
    expect(result.rendered).toBe(file.sizes.length)
    expect(records.map((record) => record.message)).toEqual(
      file.sizes.map(() => 'could not keep an SVG rendition in the media storage'),
    )
  })
})

describe("the machine's drawing cache", () => {
  const svg = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a7"/></svg>',
  )
  const drawn = { width: 40, height: 20 }
  const asked = { width: 80, height: 40 }

  it('draws a size once per machine: a fresh database of the same drawings reads it back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-drawings-'))
    try {
      const first = await renderSvgRenditionOnce(dir, { bytes: svg, md5: 'abc' }, drawn, asked)
      expect(await sharp(first).metadata()).toMatchObject({ format: 'webp', width: 80, height: 40 })
      const [name, ...others] = readdirSync(dir)
      expect(others).toEqual([])
      expect(name).toBe('abc-40x20-80x40.webp')
      // What is in the cache is what a second call answers: it does not draw again.
      writeFileSync(join(dir, name!), 'kept bytes')
      const second = await renderSvgRenditionOnce(dir, { bytes: svg, md5: 'abc' }, drawn, asked)
      expect(new TextDecoder().decode(second)).toBe('kept bytes')
      // Another SVG, or another size of it, is drawn.
      const other = await renderSvgRenditionOnce(dir, { bytes: svg, md5: 'abd' }, drawn, asked)
      expect(await sharp(other).metadata()).toMatchObject({ format: 'webp' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('draws anyway where the cache cannot be written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-drawings-'))
    try {
      const file = join(dir, 'a-file')
      writeFileSync(file, '')
      const drawnBytes = await renderSvgRenditionOnce(
        join(file, 'below'),
        { bytes: svg, md5: 'abc' },
        drawn,
        asked,
      )
      expect(await sharp(drawnBytes).metadata()).toMatchObject({ format: 'webp', width: 80 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('lives beside the installed packages, named by the renderer', () => {
    expect(machineDrawingCacheDir()).toMatch(/node_modules\/\.cache\/aisle-svg-drawings\/vips-[\d.]+-q82$/)
    expect(machineDrawingCacheDir('/')).toBeUndefined()
  })
})
