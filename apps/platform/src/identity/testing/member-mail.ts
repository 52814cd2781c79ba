import type { Db } from '../../db/db.ts'

/** A mail in the outbox, as the member would read it. */
export interface OutboxMail {
  id: string
  topic: string
  subject: string
  text: string
}

/** The mails in the outbox to `to`, oldest first (delivered or not). */
export async function mailsTo(db: Db, to: string): Promise<OutboxMail[]> {
  return db.query<OutboxMail>(
    `select id, topic, subject, text_body as text from mail_outbox where recipient = $1 order by sequence`,
    [to.trim().toLowerCase()],
  )
}

/** The newest mail to `to`. @throws when there is none. */
export async function lastMailTo(db: Db, to: string): Promise<OutboxMail> {
  const mails = await mailsTo(db, to)
  const last = mails.at(-1)
  if (!last) throw new Error(`no mail to ${to}`)
  return last
}

/** The verification code in a mail's text. @throws when there is none. */
export function codeIn(text: string): string {
  const code = /^ {4}(\d{6,})$/m.exec(text)?.[1]
  if (!code) throw new Error(`no code in: ${text}`)
  return code
}

/** The link in a recovery or activation mail, and its token. @throws when there is none. */
export function recoveryLinkIn(text: string): { link: string; token: string } {
  const link = /^(https?:\/\/\S+\/_auth\/reset-password\?token=\S+)$/m.exec(text)?.[1]
  if (!link) throw new Error(`no recovery link in: ${text}`)
  return { link, token: new URL(link).searchParams.get('token')! }
}
