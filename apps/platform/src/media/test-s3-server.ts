import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { S3Settings } from './s3-media-storage.ts'

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
  httpServer?: { closeAllConnections(): void }
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance

/** The bucket the test server creates. */
export const TEST_BUCKET = 'aisle-media'

/**
 * Starts a real S3-compatible server (s3rver) on 127.0.0.1 and a free port, keeping its files in a
 * fresh temporary directory, with one bucket. For tests only. Virtual-hosted requests work for hosts
 * `<bucket>.s3.localhost` (its service endpoint is `localhost`).
 */
export async function startTestS3Server(): Promise<{
  /** Settings for path-style requests to the server. */
  settings: S3Settings
  port: number
  stop(): Promise<void>
}> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass
  const directory = await mkdtemp(join(tmpdir(), 'aisle-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    serviceEndpoint: 'localhost',
    configureBuckets: [{ name: TEST_BUCKET }],
  })
  const { port } = await server.run()
  return {
    port,
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: TEST_BUCKET,
      // s3rver's built-in account.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    async stop() {
      const closed = server.close()
      // Keep-alive connections of the clients would hold the server open.
      server.httpServer?.closeAllConnections()
      await closed
      await rm(directory, { recursive: true, force: true })
    },
  }
}
