import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { silentLogger } from '../log.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestClock } from '../testing/test-platform.ts'
import { enqueueMail, listInboxMails, type OutgoingMail } from './mail-outbox.ts'
import { createSmtpTransport, devInboxTransport, type MailTransport } from './mail-transport.ts'
import { createMailWorker, MAIL_RETRY_DELAYS_SECONDS } from './mail-worker.ts'
import { startTestSmtpServer } from './testing/test-smtp-server.ts'

const FROM = 'Aisle Test <no-reply@platform.test>'

const mail = (patch: Partial<OutgoingMail> = {}): OutgoingMail => ({
  siteId: undefined,
  topic: 'test',
  to: 'alice@example.com',
  subject: 'Hello',
  text: 'Your code is 12345678.\nA link: http://platform.test/_auth/reset-password?token=abc',
  ...patch,
})

describe.each(databaseKinds())('the mail worker on %s', (kind) => {
  let db: Db
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>
  let clock: ReturnType<typeof createTestClock>
  const transports: MailTransport[] = []
  beforeAll(async () => {
    db = await openTestDatabase(kind, 'empty')
    smtp = await startTestSmtpServer()
  })
  afterAll(async () => {
    await smtp.close()
    await db.close()
  })
  beforeEach(async () => {
    clock = createTestClock()
    smtp.received.length = 0
    await db.query('delete from mail_outbox')
  })
  afterEach(() => {
    for (const transport of transports.splice(0)) transport.close()
  })

  const smtpTo = (port: number, settings: Parameters<typeof createSmtpTransport>[0] = {}) => {
    const transport = createSmtpTransport({ host: '127.0.0.1', port, secure: false, ...settings }, FROM, {
      timeoutMs: 5_000,
    })
    transports.push(transport)
    return transport
  }
  const worker = (transport: MailTransport) =>
    createMailWorker({ db, clock, transport, logger: silentLogger, random: () => 0.5 })
  const row = async (id: string) => {
    const [found] = await db.query<{
      status: string
      transport: string | null
      text_body: string
      attempt_count: number
      next_attempt_date: Date
      last_error: string | null
    }>(
      'select status, transport, text_body, attempt_count, next_attempt_date, last_error from mail_outbox where id = $1',
      [id],
    )
    return found!
  }

  it('delivers an outbox mail over SMTP, then empties its body: its code must not outlive it', async () => {
    const id = await enqueueMail(db, mail(), clock())
    expect(await worker(smtpTo(smtp.port)).runOnce()).toBe(1)
    expect(smtp.received).toHaveLength(1)
    const [received] = smtp.received
    expect(received!.from).toBe('no-reply@platform.test')
    expect(received!.to).toEqual(['alice@example.com'])
    expect(received!.subject).toBe('Hello')
    expect(received!.text).toContain('Your code is 12345678.')
    expect(received!.text).toContain('http://platform.test/_auth/reset-password?token=abc')
    expect(await row(id)).toMatchObject({
      status: 'SENT',
      transport: 'smtp',
      text_body: '',
      attempt_count: 1,
    })
    expect(await worker(smtpTo(smtp.port)).runOnce()).toBe(0)
  })

  it("sends a mail's files as attachments over SMTP, then forgets them with the body", async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n'
    const id = await enqueueMail(
      db,
      mail({
        attachments: [{ filename: 'booking.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
      }),
      clock(),
    )
    await worker(smtpTo(smtp.port)).runOnce()
    const raw = smtp.received[0]!.raw
    expect(raw).toMatch(/^Content-Type: multipart\/mixed/im)
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; name=booking\.ics/i)
    expect(raw).toMatch(/Content-Disposition: attachment; filename=booking\.ics/i)
    const [kept] = await db.query<{ attachments: unknown }>(
      'select attachments from mail_outbox where id = $1',
      [id],
    )
    expect(kept!.attachments).toBeNull()
  })

  it("keeps a mail's files for the local inbox", async () => {
    const file = { filename: 'booking.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\n' }
    await enqueueMail(db, mail({ attachments: [file] }), clock())
    await worker(devInboxTransport).runOnce()
    const [inboxMail] = await listInboxMails(db, { limit: 1 })
    expect(inboxMail!.attachments).toEqual([file])
  })

  it('logs in to an SMTP server that requires it, with the URL form of the settings', async () => {
    const guarded = await startTestSmtpServer({ user: 'mailer', password: 's3cret' })
    try {
      await enqueueMail(db, mail(), clock())
      await worker(smtpTo(0, { url: `smtp://mailer:s3cret@127.0.0.1:${guarded.port}` })).runOnce()
      expect(guarded.received).toHaveLength(1)
      const wrong = await enqueueMail(db, mail(), clock())
      await worker(smtpTo(0, { url: `smtp://mailer:wrong@127.0.0.1:${guarded.port}` })).runOnce()
      expect(guarded.received).toHaveLength(1)
      expect(await row(wrong)).toMatchObject({ status: 'PENDING', attempt_count: 1 })
    } finally {
      await guarded.close()
    }
  })

  it('retries a mail the server defers, with growing delays, and gives up after the last one', async () => {
    const deferring = await startTestSmtpServer({ refuseWith: 451 })
    try {
      const id = await enqueueMail(db, mail(), clock())
      const run = worker(smtpTo(deferring.port))
      for (const [index, delay] of MAIL_RETRY_DELAYS_SECONDS.entries()) {
        expect(await run.runOnce()).toBe(1)
        const state = await row(id)
        expect(state).toMatchObject({ status: 'PENDING', attempt_count: index + 1 })
        expect(new Date(state.next_attempt_date).getTime() - clock().getTime()).toBe(delay * 1000)
        expect(await run.runOnce()).toBe(0)
        clock.advance(delay)
      }
      expect(await run.runOnce()).toBe(1)
      expect(await row(id)).toMatchObject({
        status: 'DEAD',
        attempt_count: MAIL_RETRY_DELAYS_SECONDS.length + 1,
        text_body: '',
      })
      expect((await row(id)).last_error).toMatch(/451|Refused/)
    } finally {
      await deferring.close()
    }
  })

  it('gives up at once on a mail the server refuses for good (5xx)', async () => {
    const refusing = await startTestSmtpServer({ refuseWith: 550 })
    try {
      const id = await enqueueMail(db, mail(), clock())
      await worker(smtpTo(refusing.port)).runOnce()
      expect(await row(id)).toMatchObject({ status: 'DEAD', attempt_count: 1 })
    } finally {
      await refusing.close()
    }
  })

  it('keeps a mail for later when no SMTP server answers', async () => {
    const gone = await startTestSmtpServer()
    const { port } = gone
    await gone.close()
    const id = await enqueueMail(db, mail(), clock())
    await worker(smtpTo(port)).runOnce()
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempt_count: 1 })
    expect((await row(id)).last_error).toMatch(/ECONNREFUSED|connect/i)
  })

  it('sends nothing of a change that rolled back: the mail is written in the same transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail({ subject: 'Never' }), clock())
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await worker(smtpTo(smtp.port)).runOnce()).toBe(0)
    expect(smtp.received).toHaveLength(0)
  })

  it('delivers each mail once when two workers run together', async () => {
    for (let index = 0; index < 12; index++)
      await enqueueMail(db, mail({ subject: `Mail ${index}` }), clock())
    const [first, second] = [worker(smtpTo(smtp.port)), worker(smtpTo(smtp.port))]
    const counts = await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()])
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12)
    expect(smtp.received.map((received) => received.subject).sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `Mail ${index}`).sort(),
    )
  })

  it('delivers to the local inbox when there is no SMTP server, keeping the text to show', async () => {
    const id = await enqueueMail(db, mail({ to: 'bob@example.com' }), clock())
    await enqueueMail(db, mail({ to: 'carol@example.com' }), clock())
    await worker(devInboxTransport).runOnce()
    expect(await row(id)).toMatchObject({ status: 'SENT', transport: 'dev-inbox' })
    const inbox = await listInboxMails(db, { recipient: 'bob@example.com', limit: 10 })
    expect(inbox.map((found) => [found.id, found.textBody])).toEqual([[id, mail().text]])
  })

  it('polls for due mails once started, and stops', async () => {
    await enqueueMail(db, mail(), clock())
    const polling = createMailWorker({
      db,
      clock,
      transport: smtpTo(smtp.port),
      logger: silentLogger,
      pollIntervalMs: 5,
    })
    polling.start()
    await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(1)
    await polling.stop()
  })
})
