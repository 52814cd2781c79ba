import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import {
  assertMediaKey,
  type MediaStorage,
  MediaStorageError,
  type StoredObjectInfo,
} from './media-storage.ts'

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

function describeFailure(action: string, path: string, error: unknown): MediaStorageError {
  const reason = error instanceof Error ? error.message : String(error)
  return new MediaStorageError(`Could not ${action} ${path} in the local media directory: ${reason}`, {
    cause: error,
  })
}

/**
 * Media files in a local directory (by default `DATA_DIR/media`), one file per key. Writes go to a
 * temporary name first and are renamed into place, so a reader never sees half a file. The tag is the
 * size and modification time, as static file servers make it.
 */
export function createLocalMediaStorage(directory: string): MediaStorage {
  const pathOf = (key: string) => {
    assertMediaKey(key)
    return join(directory, key)
  }

  async function info(path: string): Promise<StoredObjectInfo | undefined> {
    try {
      const stats = await stat(path)
      if (!stats.isFile()) return undefined
      return {
        size: stats.size,
        etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
      }
    } catch (error) {
      if (isMissing(error)) return undefined
      throw describeFailure('read', path, error)
    }
  }

  return {
    description: `local:${directory}`,
    async put(key, bytes) {
      const path = pathOf(key)
      const temporary = join(dirname(path), `.${randomBytes(8).toString('hex')}.partial`)
      try {
        await mkdir(dirname(path), { recursive: true })
        await writeFile(temporary, bytes)
        await rename(temporary, path)
      } catch (error) {
        await rm(temporary, { force: true }).catch(() => {})
        throw describeFailure('write', path, error)
      }
    },
    async get(key, range) {
      const path = pathOf(key)
      const found = await info(path)
      if (!found) return undefined
      const body = Readable.toWeb(createReadStream(path, range)) as ReadableStream<Uint8Array>
      return { ...found, body }
    },
    head: (key) => info(pathOf(key)),
    async delete(key) {
      const path = pathOf(key)
      try {
        await rm(path, { force: true })
      } catch (error) {
        throw describeFailure('delete', path, error)
      }
    },
  }
}
