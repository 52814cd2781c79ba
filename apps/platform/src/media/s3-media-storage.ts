import {
  assertMediaKey,
  type ByteRange,
  type MediaStorage,
  MediaStorageError,
  type StoredObjectInfo,
} from './media-storage.ts'
import {
  EMPTY_PAYLOAD_SHA256,
  encodeRfc3986,
  type SigV4Credentials,
  sha256Hex,
  signRequest,
} from './sigv4.ts'

/** How to reach an S3-compatible bucket (AWS S3, MinIO, R2, Ceph, s3rver...). */
export interface S3Settings {
  /** `https://s3.eu-west-1.amazonaws.com`, `http://127.0.0.1:9000`: scheme, host and port, no path. */
  endpoint: string
  region: string
  bucket: string
  credentials: SigV4Credentials
  /** `true`: `endpoint/bucket/key`; `false`: `bucket.endpoint-host/key` (virtual-hosted style). */
  forcePathStyle: boolean
  /** How long to wait for an answer to start (10 s by default). */
  timeoutMs?: number
}

/** The calls' plumbing, replaceable for tests: `fetch` and the signing clock. */
export interface S3Transport {
  fetch?: typeof fetch
  clock?: () => Date
}

const DEFAULT_TIMEOUT_MS = 10_000
/** Error bodies are short XML documents; more than this is not read. */
const MAX_ERROR_BODY = 16_384

/** The URL of an object, path-style or virtual-hosted, with the key encoded once per segment. */
export function s3ObjectUrl(
  settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'forcePathStyle'>,
  key: string,
): URL {
  const endpoint = new URL(settings.endpoint)
  const path = key.split('/').map(encodeRfc3986).join('/')
  if (settings.forcePathStyle) return new URL(`${endpoint.origin}/${encodeRfc3986(settings.bucket)}/${path}`)
  return new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}/${path}`)
}

/** `<Code>` and `<Message>` of an S3 error document, when there is one. */
function parseS3Error(xml: string): { code?: string; message?: string } {
  const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]
  return { code: field('Code'), message: field('Message') }
}

async function readErrorBody(response: Response): Promise<string> {
  const text = await response.text().catch(() => '')
  return text.slice(0, MAX_ERROR_BODY)
}

function infoOf(response: Response): StoredObjectInfo {
  return {
    size: Number(response.headers.get('content-length') ?? 0),
    etag: response.headers.get('etag') ?? '""',
  }
}

/**
 * Media files in an S3-compatible bucket, spoken to with `fetch` and Signature Version 4 (no SDK).
 * Every call names the operation, the bucket and the key in its errors; a call that has not started to
 * answer within the timeout is abandoned with a `MediaStorageError`.
 */
export function createS3MediaStorage(settings: S3Settings, transport: S3Transport = {}): MediaStorage {
  const send = transport.fetch ?? fetch
  const clock = transport.clock ?? (() => new Date())
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const where = `bucket "${settings.bucket}" at ${new URL(settings.endpoint).origin}`

  async function call(
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE',
    key: string,
    body?: { bytes: Uint8Array; contentType: string },
    range?: ByteRange,
  ): Promise<Response> {
    assertMediaKey(key)
    const url = s3ObjectUrl(settings, key)
    const payloadHash = body ? sha256Hex(body.bytes) : EMPTY_PAYLOAD_SHA256
    const headers: Record<string, string> = { 'x-amz-content-sha256': payloadHash }
    if (range) headers.range = `bytes=${range.start}-${range.end}`
    if (body) {
      headers['content-type'] = body.contentType
      headers['content-length'] = String(body.bytes.byteLength)
    }
    const signed = signRequest(
      { method, url, headers, payloadHash },
      { credentials: settings.credentials, region: settings.region, service: 's3', date: clock() },
    )
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), timeoutMs)
    try {
      return await send(url, {
        method,
        headers: signed,
        body: body ? new Uint8Array(body.bytes) : undefined,
        signal: abort.signal,
      })
    } catch (error) {
      const reason = abort.signal.aborted
        ? `no answer within ${timeoutMs} ms`
        : error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
          : String(error)
      throw new MediaStorageError(`S3 ${method} "${key}" in ${where} failed: ${reason}`, { cause: error })
    } finally {
      clearTimeout(timer)
    }
  }

  async function refusal(method: string, key: string, response: Response): Promise<MediaStorageError> {
    const { code, message } = parseS3Error(await readErrorBody(response))
    const detail = [code, message].filter(Boolean).join(': ')
    return new MediaStorageError(
      `S3 ${method} "${key}" in ${where} was refused: ${response.status}${detail ? ` ${detail}` : ''}`,
    )
  }

  return {
    description: `s3:${settings.bucket}@${new URL(settings.endpoint).host}`,
    async put(key, bytes, contentType) {
      const response = await call('PUT', key, { bytes, contentType })
      if (!response.ok) throw await refusal('PUT', key, response)
      await response.body?.cancel()
    },
    async get(key, range) {
      const response = await call('GET', key, undefined, range)
      if (response.ok && response.body) {
        if (!range) return { ...infoOf(response), body: response.body }
        // A range comes back 206 with the whole size after the slash of its Content-Range.
        const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1]
        if (response.status !== 206 || total === undefined) {
          await response.body.cancel()
          throw new MediaStorageError(`S3 GET "${key}" in ${where} did not answer the range it was asked for`)
        }
        return { ...infoOf(response), size: Number(total), body: response.body }
      }
      if (response.status === 404) {
        // A missing bucket is a configuration problem, not a missing file.
        const { code } = parseS3Error(await readErrorBody(response))
        if (code === 'NoSuchBucket')
          throw new MediaStorageError(`S3 GET "${key}" in ${where} was refused: 404 NoSuchBucket`)
        return undefined
      }
      throw await refusal('GET', key, response)
    },
    async head(key) {
      const response = await call('HEAD', key)
      if (response.ok) return infoOf(response)
      if (response.status === 404) return undefined
      throw await refusal('HEAD', key, response)
    },
    async delete(key) {
      const response = await call('DELETE', key)
      if (!response.ok && response.status !== 404) throw await refusal('DELETE', key, response)
      await response.body?.cancel()
    },
  }
}
