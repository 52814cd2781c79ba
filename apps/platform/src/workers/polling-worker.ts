import type { Logger } from '../log.ts'

/** A background worker that polls its store for due work, one round at a time. */
export interface PollingWorker {
  /** Polls until `stop()`. */
  start(): void
  /** Stops polling and waits for the round in flight (then runs the worker's own `onStop`). */
  stop(): Promise<void>
  /** One round: claim the due work and do it. Returns how many items it tried. */
  runOnce(): Promise<number>
}

export interface PollingWorkerOptions {
  /** One round of work; returns how many items it tried. */
  runOnce: () => Promise<number>
  logger: Logger
  /** Logged (as an error) when a round throws; the loop goes on with the next round. */
  failureMessage: string
  /** How long to wait between rounds. Default 1 s. */
  pollIntervalMs?: number
  /** Runs once the round in flight has finished on `stop()`, e.g. to close a transport. */
  onStop?: () => void
}

/**
 * The loop every outbox worker shares: after each round it waits `pollIntervalMs` and runs the next;
 * a failed round is logged and never ends the loop; `stop()` waits for the round in flight, so a
 * process shuts down without cutting a claim short.
 *
 * @example
 * ```ts
 * const worker = createPollingWorker({ runOnce, logger, failureMessage: 'mail round failed' })
 * worker.start()
 * await worker.stop()
 * ```
 */
export function createPollingWorker(options: PollingWorkerOptions): PollingWorker {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<number> | undefined
  let isStopped = true

  function schedule() {
    if (isStopped) return
    timer = setTimeout(() => {
      running = options
        .runOnce()
        .catch((error: unknown) => {
          // The error itself: the logger keeps its stack (and redacts what it must).
          options.logger.error(options.failureMessage, { error })
          return 0
        })
        .finally(() => {
          running = undefined
          schedule()
        })
    }, options.pollIntervalMs ?? 1_000)
  }

  return {
    start() {
      if (!isStopped) return
      isStopped = false
      schedule()
    },
    async stop() {
      isStopped = true
      clearTimeout(timer)
      await running
      options.onStop?.()
    },
    runOnce: options.runOnce,
  }
}

/**
 * The delay before the attempt after `attemptCount` failures: the schedule's step with ±20 % jitter, so
 * retries of many items do not stampede together; `undefined` when the schedule is spent.
 */
export function jitteredRetryDelaySeconds(
  schedule: readonly number[],
  attemptCount: number,
  random: () => number,
): number | undefined {
  const base = schedule[attemptCount - 1]
  if (base === undefined) return undefined
  return Math.round(base * (0.8 + 0.4 * random()))
}
