import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { Logger } from '../log.ts'
import {
  createPollingWorker,
  jitteredRetryDelaySeconds,
  type PollingWorker,
} from '../workers/polling-worker.ts'
import type { MailAttachment } from './mail-outbox.ts'
import { MailDeliveryError, type MailTransport } from './mail-transport.ts'

/** Seconds to wait after each failed attempt; after the last one the mail is `DEAD`. */
export const MAIL_RETRY_DELAYS_SECONDS = [30, 120, 600, 1_800, 3_600, 3 * 3_600] as const
// A claimed mail is due again after this unless its outcome is recorded first: a process that dies
// mid-send loses no mail (it may send one twice, which a mail can bear).
const LEASE_SECONDS = 120

export interface MailWorkerOptions {
  db: Db
  clock: Clock
  transport: MailTransport
  logger: Logger
  /** How often `start()` looks for work. Default 1 s. */
  pollIntervalMs?: number
  /** Mails sent per round. Default 10. */
  batchSize?: number
  /** Random number in [0, 1) for the jitter; tests pass a constant. */
  random?: () => number
}

/** A polling worker whose `stop()` also closes the transport once the round in flight is done. */
export type MailWorker = PollingWorker

interface ClaimedMail {
  id: string
  recipient: string
  subject: string
  text_body: string
  html_body: string | null
  attachments: MailAttachment[] | null
  topic: string
  attempt_count: number
}

/** The delay before the attempt after `attemptCount` failures, ±20 % jitter; `undefined` when none is left. */
export function mailRetryDelaySeconds(attemptCount: number, random: () => number): number | undefined {
  return jitteredRetryDelaySeconds(MAIL_RETRY_DELAYS_SECONDS, attemptCount, random)
}

/**
 * Claims the due mails (`for update skip locked`: processes share the work and never take the same
 * mail) and leases them by moving their next attempt past the lease, in one statement.
 */
async function claimDueMails(db: Db, now: Date, limit: number): Promise<ClaimedMail[]> {
  return db.query<ClaimedMail>(
    `with due as (
       select id from mail_outbox where status = 'PENDING' and next_attempt_date <= $1
        order by next_attempt_date, sequence limit $2 for update skip locked)
     update mail_outbox m set attempt_count = m.attempt_count + 1, next_attempt_date = $3
       from due where m.id = due.id
     returning m.id, m.recipient, m.subject, m.text_body, m.html_body, m.attachments, m.topic, m.attempt_count`,
    [now, limit, new Date(now.getTime() + LEASE_SECONDS * 1000)],
  )
}

/** Marks a mail delivered. Over SMTP its body is emptied: the codes and links in it must not outlive it. */
async function recordSent(db: Db, mail: ClaimedMail, transport: MailTransport, now: Date) {
  await db.query(
    `update mail_outbox set status = 'SENT', transport = $2, sent_date = $3, last_error = null,
        text_body = case when $2 = 'smtp' then '' else text_body end,
        html_body = case when $2 = 'smtp' then null else html_body end,
        attachments = case when $2 = 'smtp' then null else attachments end
      where id = $1`,
    [mail.id, transport.name, now],
  )
}

async function recordFailure(options: MailWorkerOptions, mail: ClaimedMail, error: unknown, now: Date) {
  const isPermanent = error instanceof MailDeliveryError && error.isPermanent
  const delay = isPermanent
    ? undefined
    : mailRetryDelaySeconds(mail.attempt_count, options.random ?? Math.random)
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1_000)
  await options.db.query(
    `update mail_outbox set status = $2, next_attempt_date = $3, last_error = $4,
        text_body = case when $2 = 'DEAD' then '' else text_body end,
        html_body = case when $2 = 'DEAD' then null else html_body end,
        attachments = case when $2 = 'DEAD' then null else attachments end
      where id = $1`,
    [
      mail.id,
      delay === undefined ? 'DEAD' : 'PENDING',
      new Date(now.getTime() + (delay ?? 0) * 1000),
      message,
    ],
  )
  const details = { mailId: mail.id, topic: mail.topic, attempt: mail.attempt_count, error: message }
  if (delay === undefined) options.logger.warn('mail dead', details)
  else options.logger.info('mail delivery failed, will retry', { ...details, retryInSeconds: delay })
}

/**
 * The mail worker: delivers the outbox through its transport (SMTP, or the local inbox) with retries
 * and backoff, and a dead state after the last retry or a permanent refusal. Run one per process;
 * several share the work.
 *
 * @example
 * ```ts
 * const worker = createMailWorker({ db, clock: systemClock, transport, logger })
 * worker.start()
 * // on shutdown
 * await worker.stop()
 * ```
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  async function runOnce(): Promise<number> {
    const claimed = await claimDueMails(options.db, options.clock(), options.batchSize ?? 10)
    for (const mail of claimed) {
      try {
        await options.transport.send({
          to: mail.recipient,
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body ?? undefined,
          attachments: mail.attachments ?? undefined,
        })
        await recordSent(options.db, mail, options.transport, options.clock())
      } catch (error) {
        await recordFailure(options, mail, error, options.clock())
      }
    }
    return claimed.length
  }

  return createPollingWorker({
    runOnce,
    logger: options.logger,
    failureMessage: 'mail round failed',
    pollIntervalMs: options.pollIntervalMs,
    onStop: () => options.transport.close(),
  })
}
