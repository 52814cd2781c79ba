import { resolve } from 'node:path'
import type { LogLevel } from './log.ts'
import {
  type MediaStorageConfig,
  MediaStorageConfigError,
  parseMediaStorageConfig,
} from './media/media-storage-config.ts'
import type { SeedPreset } from './prepare-database.ts'
import { DEMO_CLIENT_ID } from './seed/demo-ids.ts'

/** The demo store's site owner's password when `DEMO_OWNER_PASSWORD` is not set: for local use only. */
export const DEFAULT_DEMO_OWNER_PASSWORD = 'aisle-demo-owner'

/** The platform's configuration: every setting comes from an environment variable with a default. */
export interface Config {
  /** `PORT` (4000): where the platform listens. */
  port: number
  /** `HOST` (127.0.0.1): the interface to listen on; `0.0.0.0` to serve a network. */
  host: string
  /** `PUBLIC_URL` (http://localhost:PORT): the platform's origin as browsers reach it, for media URLs. */
  publicUrl: string
  /** `DATA_DIR` (./.data): where the embedded database lives when `DATABASE_URL` is not set. */
  dataDir: string
  /** `DATABASE_URL` (unset): a PostgreSQL server to use instead of the embedded database. */
  databaseUrl: string | undefined
  /** `LOG_LEVEL` (info): debug, info, warn, error or silent. */
  logLevel: LogLevel
  /** `SEED` (demo): what an empty database is seeded with: `demo`, `10k` (demo plus 10,000 products) or `none`. */
  seed: SeedPreset
  /** `AISLE_CLIENT_ID` (the demo client id): the OAuth client id the demo seed registers. */
  demoClientId: string
  /** `DEMO_OWNER_PASSWORD` (aisle-demo-owner): the password the demo store's site owner is created with. */
  demoOwnerPassword: string
  /**
   * Where uploaded media go: `MEDIA_DIR` (DATA_DIR/media) by default, an S3-compatible bucket with
   * `S3_BUCKET` and `S3_ENDPOINT`, `S3_REGION`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`,
   * `S3_FORCE_PATH_STYLE` (see `media/media-storage-config.ts`).
   */
  mediaStorage: MediaStorageConfig
}

/** Thrown for a setting that cannot be used; names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const logLevels = new Set(['debug', 'info', 'warn', 'error', 'silent'])

/** Reads the configuration from environment variables, or throws `ConfigError` naming the bad one. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const port = Number(env.PORT ?? '4000')
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`)
  const logLevel = env.LOG_LEVEL ?? 'info'
  if (!logLevels.has(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${[...logLevels].join(', ')}`)
  const seed = env.SEED ?? 'demo'
  if (seed !== 'demo' && seed !== '10k' && seed !== 'none')
    throw new ConfigError('SEED must be "demo", "10k" or "none"')
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '')
  try {
    new URL(publicUrl)
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${env.PUBLIC_URL}"`)
  }
  const dataDir = resolve(env.DATA_DIR ?? '.data')
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: logLevel as LogLevel,
    seed,
    demoClientId: env.AISLE_CLIENT_ID || DEMO_CLIENT_ID,
    demoOwnerPassword: env.DEMO_OWNER_PASSWORD || DEFAULT_DEMO_OWNER_PASSWORD,
    mediaStorage: parseMediaConfig(env, dataDir),
  }
}

/** The media storage settings, with their parser's complaint as a `ConfigError`. */
function parseMediaConfig(env: Record<string, string | undefined>, dataDir: string): MediaStorageConfig {
  try {
    return parseMediaStorageConfig(env, dataDir)
  } catch (error) {
    if (error instanceof MediaStorageConfigError) throw new ConfigError(error.message)
    throw error
  }
}
