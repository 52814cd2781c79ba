import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import type { MerchantCaller } from '../http/caller.ts'
import { ValidationError } from '../http/errors.ts'
import { createOwnerCaller } from '../testing/test-callers.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { findSiteMediaFiles } from './media-file-store.ts'
import { mediaObjectKey } from './media-storage.ts'
import { createMediaDeps, type MediaDeps, uploadMedia } from './media-uploads.ts'
import { createMemoryMediaStorage } from './memory-media-storage.ts'

async function png(width: number, height: number): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: '#36c' } })
  return new Uint8Array(await image.png().toBuffer())
}

describe.each(databaseKinds())('media uploads on %s', (kind) => {
  let db: Db
  let deps: MediaDeps
  let owner: MerchantCaller
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    deps = createMediaDeps({
      db,
      clock: () => new Date(),
      publicUrl: TEST_PUBLIC_URL,
      storage: createMemoryMediaStorage(),
    })
    owner = await createOwnerCaller(db)
  })
  afterAll(() => db.close())

  describe('uploadMedia', () => {
    it('stores the original and its sizes for the caller’s site, titled by the file name in plain characters', async () => {
      const { media } = await uploadMedia(deps, owner, {
        bytes: await png(500, 250),
        fileName: 'Blue <b>é.png',
      })
      expect(media).toMatchObject({ mediaType: 'image', title: 'Blue b.png' })
      expect(media.image).toMatchObject({ width: 500, height: 250 })
      const file = (await findSiteMediaFiles(db, owner.siteId, [media.id])).get(media.id)
      expect(file).toMatchObject({ fileName: 'Blue b.png', width: 500 })
      for (const name of ['original.png', '160w.webp', '400w.webp', '500w.webp'])
        expect(await deps.storage.head(mediaObjectKey(owner.siteId, media.id, name))).toBeDefined()
    })

    it('titles a file without a name by nothing, and refuses bytes that are no image, storing nothing', async () => {
      expect((await uploadMedia(deps, owner, { bytes: await png(20, 20) })).media.title).toBe('')
      const before = await db.query('select id from media_files')
      const refused = await uploadMedia(deps, owner, {
        bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
        fileName: 'x.svg',
      }).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ValidationError)
      expect((refused as ValidationError).fieldViolations[0]!.field).toBe('$body')
      expect(await db.query('select id from media_files')).toHaveLength(before.length)
    })
  })
})
