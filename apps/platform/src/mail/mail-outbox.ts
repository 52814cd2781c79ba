import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'

/**
 * A file a mail carries: a booking's or an event's `.ics` calendar file (text, kept as it is in the
 * outbox), or a picture such as a ticket's QR code (`encoding: 'base64'`), which the HTML shows inline
 * through its `contentId` (`<img src="cid:...">`).
 */
export interface MailAttachment {
  filename: string
  /** `text/calendar; charset=utf-8; method=PUBLISH`, `image/png` */
  contentType: string
  /** The text itself, or the bytes in base64 when `encoding` says so. */
  content: string
  encoding?: 'base64' | undefined
  /** The id the HTML names it by (`cid:ticket-ABC@aisle`): shown inline. */
  contentId?: string | undefined
}

/** An e-mail to send: plain text, an HTML version when it has one, one recipient, files if any. */
export interface OutgoingMail {
  /** The site the mail is about (its members, its shop); `undefined` for the platform's own. */
  siteId: string | undefined
  /** What the mail is about, for logs and the local inbox: `verification-code`, `recovery`, ... */
  topic: string
  to: string
  subject: string
  text: string
  /** The same mail as an HTML document (its text stays the plain-text part). */
  html?: string | undefined
  attachments?: readonly MailAttachment[] | undefined
}

const attachmentsParam = (mail: OutgoingMail) =>
  mail.attachments && mail.attachments.length > 0 ? JSON.stringify(mail.attachments) : null

/**
 * The insert of one mail, its parameters numbered from `$first`: for a statement that queues the mail
 * beside the change it tells of (a data-modifying `with`), so both cost one round trip.
 */
export function mailInsert(mail: OutgoingMail, now: Date, first = 1): { sql: string; params: unknown[] } {
  const types = ['uuid', 'uuid', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'jsonb']
  const values = types.map((type, index) => `$${first + index}::${type}`)
  return {
    sql: `insert into mail_outbox (id, site_id, topic, recipient, subject, text_body, html_body, status,
       next_attempt_date, created_date, attachments)
     values (${values.slice(0, 7).join(', ')}, 'PENDING', ${values[7]}, ${values[7]}, ${values[8]})`,
    params: [
      randomUUID(),
      mail.siteId ?? null,
      mail.topic,
      mail.to,
      mail.subject,
      mail.text,
      mail.html ?? null,
      now,
      attachmentsParam(mail),
    ],
  }
}

/**
 * Puts an e-mail in the outbox. Call it with the transaction that makes the change the mail tells of:
 * the mail exists exactly when the change does, and the mail worker delivers it later, with retries.
 * With `keep: false` the same statement runs and keeps nothing: a decoy that costs what a mail costs,
 * for answers that must not tell by their timing whether a mail was sent.
 */
export async function enqueueMail(
  tx: Db,
  mail: OutgoingMail,
  now: Date,
  options: { keep: boolean } = { keep: true },
): Promise<string> {
  const id = randomUUID()
  await tx.query(
    `insert into mail_outbox (id, site_id, topic, recipient, subject, text_body, html_body, status,
       next_attempt_date, created_date, attachments)
     select $1, $2::uuid, $3, $4, $5, $6, $9, 'PENDING', $7::timestamptz, $7::timestamptz, $10::jsonb
     where $8::boolean`,
    [
      id,
      mail.siteId ?? null,
      mail.topic,
      mail.to,
      mail.subject,
      mail.text,
      now,
      options.keep,
      mail.html ?? null,
      attachmentsParam(mail),
    ],
  )
  return id
}

/** A mail as the local inbox shows it. */
export interface InboxMail {
  id: string
  topic: string
  recipient: string
  subject: string
  textBody: string
  htmlBody: string | null
  attachments: MailAttachment[]
  sentDate: Date
}

interface InboxRow {
  id: string
  topic: string
  recipient: string
  subject: string
  text_body: string
  html_body: string | null
  attachments: MailAttachment[] | null
  sent_date: Date
}

const toInboxMail = (row: InboxRow): InboxMail => ({
  id: row.id,
  topic: row.topic,
  recipient: row.recipient,
  subject: row.subject,
  textBody: row.text_body,
  htmlBody: row.html_body,
  attachments: row.attachments ?? [],
  sentDate: new Date(row.sent_date),
})

/** The newest mails delivered to the local inbox, optionally to one recipient only. */
export async function listInboxMails(
  db: Db,
  options: { recipient?: string | undefined; limit: number },
): Promise<InboxMail[]> {
  const rows = await db.query<InboxRow>(
    `select id, topic, recipient, subject, text_body, html_body, attachments, sent_date from mail_outbox
      where transport = 'dev-inbox' and status = 'SENT' and ($1::text is null or recipient = $1)
      order by sequence desc limit $2`,
    [options.recipient ?? null, options.limit],
  )
  return rows.map(toInboxMail)
}

/** One mail of the local inbox, if it is there. */
export async function findInboxMail(db: Db, id: string): Promise<InboxMail | undefined> {
  const row = await queryOne<InboxRow>(
    db,
    `select id, topic, recipient, subject, text_body, html_body, attachments, sent_date from mail_outbox
      where id = $1 and transport = 'dev-inbox' and status = 'SENT'`,
    [id],
  )
  return row && toInboxMail(row)
}
