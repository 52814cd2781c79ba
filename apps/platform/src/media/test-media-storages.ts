import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLocalMediaStorage } from './local-media-storage.ts'
import type { MediaStorage } from './media-storage.ts'
import { createS3MediaStorage } from './s3-media-storage.ts'
import { startTestS3Server } from './test-s3-server.ts'

/** Opens a storage for a test, with the way to put it away. */
export type OpenTestStorage = () => Promise<{ storage: MediaStorage; stop(): Promise<void> }>

/** A local directory of its own under the system's temporary folder, removed when stopped. */
export const inTemporaryDirectory: OpenTestStorage = async () => {
  const directory = await mkdtemp(join(tmpdir(), 'aisle-media-'))
  return {
    storage: createLocalMediaStorage(directory),
    stop: () => rm(directory, { recursive: true, force: true }),
  }
}

/** An S3 bucket of s3rver's, path-style, stopped with its server. */
export const inTestS3: OpenTestStorage = async () => {
  const server = await startTestS3Server()
  return { storage: createS3MediaStorage(server.settings), stop: server.stop }
}

/** The storages the media routes are tested on: a server's directory and an S3 bucket. */
export const routeTestStorages: [string, OpenTestStorage][] = [
  ['a local directory', inTemporaryDirectory],
  ['S3 (s3rver)', inTestS3],
]
