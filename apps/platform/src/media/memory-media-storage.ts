import { createHash } from 'node:crypto'
import { assertMediaKey, type MediaStorage, type StoredObjectInfo } from './media-storage.ts'

/**
 * Media kept in the process's memory: what `createApp` uses when it is given no storage (tests, tools).
 * Nothing survives a restart, so `main.ts` always passes the configured storage instead.
 */
export function createMemoryMediaStorage(): MediaStorage {
  const objects = new Map<string, { bytes: Uint8Array<ArrayBuffer>; info: StoredObjectInfo }>()
  return {
    description: 'memory',
    async put(key, bytes) {
      assertMediaKey(key)
      const copy = new Uint8Array(bytes)
      const etag = `"${createHash('md5').update(copy).digest('hex')}"`
      objects.set(key, { bytes: copy, info: { size: copy.byteLength, etag } })
    },
    async get(key, range) {
      assertMediaKey(key)
      const object = objects.get(key)
      if (!object) return undefined
      const bytes = range ? object.bytes.subarray(range.start, range.end + 1) : object.bytes
      return { ...object.info, body: new Blob([bytes]).stream() }
    },
    async head(key) {
      assertMediaKey(key)
      const object = objects.get(key)
      return object && { ...object.info }
    },
    async delete(key) {
      assertMediaKey(key)
      objects.delete(key)
    },
  }
}
