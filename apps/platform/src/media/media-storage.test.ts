import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalMediaStorage } from './local-media-storage.ts'
import { type MediaStorage, MediaStorageError } from './media-storage.ts'
import { createMemoryMediaStorage } from './memory-media-storage.ts'
import { createS3MediaStorage, s3ObjectUrl } from './s3-media-storage.ts'
import { inTemporaryDirectory, inTestS3, type OpenTestStorage } from './test-media-storages.ts'
import { startTestS3Server } from './test-s3-server.ts'

/**
 * `fetch` over node:http that resolves every host name to 127.0.0.1 (what `curl --resolve` does): the
 * request keeps its URL and Host header, so virtual-hosted S3 requests reach the local server.
 */
function fetchResolvingToLoopback(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input)
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        lookup: (_host, options, callback) =>
          options.all
            ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
                { address: '127.0.0.1', family: 4 },
              ])
            : callback(null, '127.0.0.1', 4),
        signal: init.signal ?? undefined,
      },
      (incoming) => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(incoming.headers))
          if (typeof value === 'string') headers.set(name, value)
        const status = incoming.statusCode ?? 500
        const body =
          status === 204 || status === 304 || init.method === 'HEAD' ? null : Readable.toWeb(incoming)
        resolve(new Response(body as ReadableStream | null, { status, headers }))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(init.body ? Buffer.from(init.body as Uint8Array) : undefined)
  })
}

const bytesOf = async (body: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(body).arrayBuffer())

const storages: [string, OpenTestStorage][] = [
  ['memory', async () => ({ storage: createMemoryMediaStorage(), stop: async () => {} })],
  ['a local directory', inTemporaryDirectory],
  ['S3 (s3rver, path-style)', inTestS3],
  [
    'S3 (s3rver, virtual-hosted style)',
    async () => {
      const server = await startTestS3Server()
      const settings = {
        ...server.settings,
        endpoint: `http://s3.localhost:${server.port}`,
        forcePathStyle: false,
      }
      return {
        storage: createS3MediaStorage(settings, { fetch: fetchResolvingToLoopback as typeof fetch }),
        stop: server.stop,
      }
    },
  ],
]

describe.each(storages)('media storage in %s', (_name, open) => {
  let storage: MediaStorage
  let stop: () => Promise<void>
  beforeAll(async () => {
    ;({ storage, stop } = await open())
  })
  afterAll(() => stop())

  const key = 'sites/s1/media/m1/original.png'
  const bytes = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256)

  it('stores, reads, describes and deletes an object', async () => {
    await storage.put(key, bytes, 'image/png')
    const head = await storage.head(key)
    expect(head).toEqual({ size: 3000, etag: expect.stringMatching(/^"[^"]+"$/) })
    const object = await storage.get(key)
    expect(object).toMatchObject({ size: 3000, etag: head!.etag })
    expect(await bytesOf(object!.body)).toEqual(bytes)
    await storage.delete(key)
    expect(await storage.head(key)).toBeUndefined()
    expect(await storage.get(key)).toBeUndefined()
    await storage.delete(key)
  })

  it('keeps objects apart by key and replaces one written again', async () => {
    await storage.put('sites/s1/media/m2/160w.webp', Uint8Array.of(1, 2, 3), 'image/webp')
    await storage.put('sites/s1/media/m2/400w.webp', Uint8Array.of(4, 5), 'image/webp')
    await storage.put('sites/s1/media/m2/160w.webp', Uint8Array.of(9), 'image/webp')
    expect(await bytesOf((await storage.get('sites/s1/media/m2/160w.webp'))!.body)).toEqual(Uint8Array.of(9))
    expect(await bytesOf((await storage.get('sites/s1/media/m2/400w.webp'))!.body)).toEqual(
      Uint8Array.of(4, 5),
    )
  })

  it('refuses keys that could leave its directory or bucket prefix', async () => {
    for (const bad of ['../escape', 'a/../../b', '/absolute', 'a//b', '.hidden', 'a/b c', ''])
      await expect(storage.put(bad, bytes, 'image/png')).rejects.toThrow(MediaStorageError)
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(MediaStorageError)
  })
})

describe('local media storage', () => {
  it('leaves no temporary file behind and writes under the directory it was given', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'aisle-media-'))
    try {
      const storage = createLocalMediaStorage(directory)
      await storage.put('sites/s1/media/m1/original.png', Uint8Array.of(1), 'image/png')
      expect(await readdir(join(directory, 'sites/s1/media/m1'))).toEqual(['original.png'])
      expect(storage.description).toBe(`local:${directory}`)
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })
})

describe('S3 media storage', () => {
  let server: Awaited<ReturnType<typeof startTestS3Server>>
  let silent: Server
  let silentPort: number
  const silentSockets: Socket[] = []
  beforeAll(async () => {
    server = await startTestS3Server()
    // Accepts connections and never answers.
    silent = createServer((socket) => silentSockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    silentPort = (silent.address() as { port: number }).port
  })
  afterAll(async () => {
    await server.stop()
    for (const socket of silentSockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('builds path-style and virtual-hosted URLs, each key segment encoded once', () => {
    const base = { endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'shop-media' }
    expect(s3ObjectUrl({ ...base, forcePathStyle: true }, 'sites/a b/x.png').href).toBe(
      'https://s3.eu-west-1.amazonaws.com/shop-media/sites/a%20b/x.png',
    )
    expect(s3ObjectUrl({ ...base, forcePathStyle: false }, 'sites/a/x.png').href).toBe(
      'https://shop-media.s3.eu-west-1.amazonaws.com/sites/a/x.png',
    )
  })

  it('names the bucket and the reason when the bucket does not exist', async () => {
    const storage = createS3MediaStorage({ ...server.settings, bucket: 'no-such-bucket' })
    await expect(storage.put('k/original.png', Uint8Array.of(1), 'image/png')).rejects.toThrow(
      /S3 PUT "k\/original.png" in bucket "no-such-bucket" .* refused: 404 NoSuchBucket/,
    )
    await expect(storage.get('k/original.png')).rejects.toThrow(/NoSuchBucket/)
  })

  it('says when the credentials are refused', async () => {
    const storage = createS3MediaStorage({
      ...server.settings,
      credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'x' },
    })
    await expect(storage.put('k/original.png', Uint8Array.of(1), 'image/png')).rejects.toThrow(
      /refused: 403 InvalidAccessKeyId/,
    )
  })

  it('gives up on a server that does not answer, and says so', async () => {
    const storage = createS3MediaStorage({
      ...server.settings,
      endpoint: `http://127.0.0.1:${silentPort}`,
      timeoutMs: 200,
    })
    await expect(storage.head('k/original.png')).rejects.toThrow(/failed: no answer within 200 ms/)
  })

  it('says when the endpoint cannot be reached', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise((resolve) => closed.close(resolve))
    const storage = createS3MediaStorage({ ...server.settings, endpoint: `http://127.0.0.1:${port}` })
    await expect(storage.get('k/original.png')).rejects.toThrow(/S3 GET .* failed: .*ECONNREFUSED/)
  })
})
