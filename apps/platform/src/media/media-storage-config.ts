import { join, resolve } from 'node:path'
import { createLocalMediaStorage } from './local-media-storage.ts'
import type { MediaStorage } from './media-storage.ts'
import { createS3MediaStorage, type S3Settings } from './s3-media-storage.ts'

/**
 * Where uploaded media go: a local directory (the default), or an S3-compatible bucket when
 * `S3_BUCKET` is set.
 */
export type MediaStorageConfig = { kind: 'local'; directory: string } | { kind: 's3'; s3: S3Settings }

/** A media storage setting that cannot be used; names the variable. */
export class MediaStorageConfigError extends Error {
  override name = 'MediaStorageConfigError'
}

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_SESSION_TOKEN',
  'S3_FORCE_PATH_STYLE',
]

function parseEndpoint(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new MediaStorageConfigError(`S3_ENDPOINT must be an http(s) URL, got "${value}"`)
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search)
    throw new MediaStorageConfigError(`S3_ENDPOINT must be an http(s) origin without a path, got "${value}"`)
  return url.origin
}

function parseS3(env: Record<string, string | undefined>, bucket: string): S3Settings {
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new MediaStorageConfigError(
      `S3_BUCKET must be a bucket name (3-63 of a-z, 0-9, "." and "-"), got "${bucket}"`,
    )
  const region = env.S3_REGION || 'us-east-1'
  const endpoint = parseEndpoint(env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`)
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? 'false'
  if (pathStyle !== 'true' && pathStyle !== 'false')
    throw new MediaStorageConfigError('S3_FORCE_PATH_STYLE must be "true" or "false"')
  if (pathStyle === 'false' && bucket.includes('.') && endpoint.startsWith('https:'))
    throw new MediaStorageConfigError(
      'S3_BUCKET has dots, which TLS certificates of virtual-hosted buckets do not cover: set S3_FORCE_PATH_STYLE=true',
    )
  const accessKeyId = env.S3_ACCESS_KEY_ID
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY
  if (!accessKeyId || !secretAccessKey)
    throw new MediaStorageConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
  const sessionToken = env.S3_SESSION_TOKEN || undefined
  return {
    endpoint,
    region,
    bucket,
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
    forcePathStyle: pathStyle === 'true',
  }
}

/**
 * Reads the media storage settings: `MEDIA_DIR` (`DATA_DIR/media`) for the local directory; with
 * `S3_BUCKET`, an S3-compatible bucket: `S3_ENDPOINT` (`https://s3.<region>.amazonaws.com`),
 * `S3_REGION` (`us-east-1`), `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` (required),
 * `S3_SESSION_TOKEN` (none), `S3_FORCE_PATH_STYLE` (`false`: virtual-hosted; `true` for most
 * self-hosted servers). Throws `MediaStorageConfigError` naming the bad variable.
 */
export function parseMediaStorageConfig(
  env: Record<string, string | undefined>,
  dataDir: string,
): MediaStorageConfig {
  const bucket = env.S3_BUCKET
  if (bucket) return { kind: 's3', s3: parseS3(env, bucket) }
  const stray = S3_VARIABLES.find((name) => env[name])
  if (stray) throw new MediaStorageConfigError(`${stray} is set but S3_BUCKET is not: set both, or neither`)
  return { kind: 'local', directory: env.MEDIA_DIR ? resolve(env.MEDIA_DIR) : join(dataDir, 'media') }
}

/** The storage the settings describe. */
export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  return config.kind === 's3' ? createS3MediaStorage(config.s3) : createLocalMediaStorage(config.directory)
}
