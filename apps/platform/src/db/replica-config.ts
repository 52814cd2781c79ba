/** The read replicas the platform reads from, when it has any. */
export interface ReplicaConfig {
  /** `DATABASE_REPLICA_URLS` (none): PostgreSQL streaming replicas of `DATABASE_URL`, comma-separated. */
  urls: string[]
  /** `DATABASE_REPLICA_MAX_LAG_MS` (2000): a replica further behind than this serves no reads. */
  maxLagMs: number
}

/** Thrown for replica settings that cannot be used; names the variable. */
export class ReplicaConfigError extends Error {
  override name = 'ReplicaConfigError'
}

export const DEFAULT_REPLICA_MAX_LAG_MS = 2_000

/**
 * Reads `DATABASE_REPLICA_URLS` and `DATABASE_REPLICA_MAX_LAG_MS`. Replicas need a primary
 * (`DATABASE_URL`): the embedded database has none.
 * @throws {ReplicaConfigError} naming the variable that is wrong
 */
export function parseReplicaConfig(env: Record<string, string | undefined>): ReplicaConfig {
  const urls = (env.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url.length > 0)
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\/[^/]/.test(url) || !URL.canParse(url))
      throw new ReplicaConfigError('DATABASE_REPLICA_URLS must be postgres:// URLs, separated by commas')
  }
  if (urls.length > 0 && !env.DATABASE_URL)
    throw new ReplicaConfigError(
      'DATABASE_REPLICA_URLS needs DATABASE_URL: replicas are of a PostgreSQL primary',
    )
  const maxLagMs = Number(env.DATABASE_REPLICA_MAX_LAG_MS ?? DEFAULT_REPLICA_MAX_LAG_MS)
  if (!Number.isInteger(maxLagMs) || maxLagMs < 0)
    throw new ReplicaConfigError(
      `DATABASE_REPLICA_MAX_LAG_MS must be a whole number of milliseconds, got "${env.DATABASE_REPLICA_MAX_LAG_MS}"`,
    )
  return { urls, maxLagMs }
}
