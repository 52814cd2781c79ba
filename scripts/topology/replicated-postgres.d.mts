// Types of replicated-postgres.mjs for the platform's TypeScript tests.
export interface PostgresServer {
  url: string
  port: number
  dir: string
  stop(): Promise<void>
  restart(options?: { pauseMs?: number }): Promise<{ stoppedMs: number; downMs: number }>
}

export interface PostgresOptions {
  log?: (line: string) => void
  isDurable?: boolean
}

export function startPrimary(options?: PostgresOptions): Promise<PostgresServer>
export function startStreamingReplica(
  primary: PostgresServer,
  options?: { slot?: string; log?: (line: string) => void },
): Promise<PostgresServer>
export function startReplicatedPostgres(
  options?: PostgresOptions,
): Promise<{ primary: PostgresServer; replica: PostgresServer; stop(): Promise<void> }>
export function waitForReplay(
  primary: { url: string },
  replica: { url: string },
  options?: { timeoutMs?: number },
): Promise<number>
export function describeReplication(primary: {
  url: string
}): Promise<{ state: string; replayLagMs: number | null; replayBytesBehind: number }[]>
