import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { silentLogger } from '../log.ts'
import { monochromePng } from '../media/png-writer.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestClock, TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { enqueueMail } from './mail-outbox.ts'
import { devInboxTransport } from './mail-transport.ts'
import { createMailWorker } from './mail-worker.ts'

describe.each(databaseKinds())('the local inbox on %s', (kind) => {
  let db: Db
  const clock = createTestClock()
  beforeAll(async () => {
    db = await openTestDatabase(kind, 'empty')
  })
  afterAll(() => db.close())

  const appWith = (devMailInbox: boolean) =>
    createApp({ db, publicUrl: TEST_PUBLIC_URL, clock, devMailInbox })
  const get = async (app: ReturnType<typeof appWith>, path: string) => {
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`)
    return { status: response.status, headers: response.headers, text: await response.text() }
  }

  it('lists the delivered mails and shows each one HTML-escaped, with its links clickable', async () => {
    const id = await enqueueMail(
      db,
      {
        siteId: undefined,
        topic: 'recovery',
        to: 'mallory@example.com',
        subject: '<script>alert(1)</script> reset',
        text: 'Reset here:\n\nhttp://platform.test/_auth/reset-password?token=abc\n\n<img src=x onerror=alert(1)>',
      },
      clock(),
    )
    await createMailWorker({ db, clock, transport: devInboxTransport, logger: silentLogger }).runOnce()
    const app = appWith(true)
    const list = await get(app, '/_dev/mail')
    expect(list.status).toBe(200)
    expect(list.headers.get('x-frame-options')).toBe('DENY')
    expect(list.text).toContain(`href="/_dev/mail/${id}"`)
    expect(list.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; reset')
    expect(list.text).not.toContain('<script>alert(1)')
    const filtered = await get(app, '/_dev/mail?to=MALLORY@example.com')
    expect(filtered.text).toContain(`/_dev/mail/${id}`)
    expect((await get(app, '/_dev/mail?to=nobody@example.com')).text).not.toContain(`/_dev/mail/${id}`)
    const view = await get(app, `/_dev/mail/${id}`)
    expect(view.status).toBe(200)
    expect(view.text).toContain(
      '<a href="http://platform.test/_auth/reset-password?token=abc" rel="noreferrer">',
    )
    expect(view.text).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(view.text).not.toContain('<img src=x')
  })

  it("lists a mail's files and answers each as a download, never as a page", async () => {
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'
    const id = await enqueueMail(
      db,
      {
        siteId: undefined,
        topic: 'booking-confirmation',
        to: 'bea@example.com',
        subject: 'Booked',
        text: 'See you',
        attachments: [
          {
            filename: 'booking.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: ics,
          },
          { filename: '../evil file.html', contentType: 'text/html', content: '<script>alert(1)</script>' },
        ],
      },
      clock(),
    )
    await createMailWorker({ db, clock, transport: devInboxTransport, logger: silentLogger }).runOnce()
    const app = appWith(true)
    const view = await get(app, `/_dev/mail/${id}`)
    expect(view.text).toContain(`href="/_dev/mail/${id}/files/0" download="booking.ics"`)
    const file = await get(app, `/_dev/mail/${id}/files/0`)
    expect(file.status).toBe(200)
    expect(file.text).toBe(ics)
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=PUBLISH')
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="booking.ics"')
    const html = await get(app, `/_dev/mail/${id}/files/1`)
    expect(html.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(html.headers.get('content-disposition')).toBe('attachment; filename=".._evil_file.html"')
    expect((await get(app, `/_dev/mail/${id}/files/2`)).status).toBe(404)
    expect((await get(app, `/_dev/mail/${id}/files/x`)).status).toBe(400)
  })

  it('shows a picture a mail carries inline (cid:) from its own file, and answers the file as a PNG', async () => {
    const png = monochromePng([[true, false]], 2)
    const id = await enqueueMail(
      db,
      {
        siteId: undefined,
        topic: 'event-tickets',
        to: 'ada@example.com',
        subject: 'Your tickets',
        text: 'ABC',
        html: '<img src="cid:ticket-ABC@aisle" alt="QR"><img src="cid:missing@aisle" alt="none">',
        attachments: [
          {
            filename: 'ticket-ABC.png',
            contentType: 'image/png',
            content: png.toString('base64'),
            encoding: 'base64',
            contentId: 'ticket-ABC@aisle',
          },
        ],
      },
      clock(),
    )
    await createMailWorker({ db, clock, transport: devInboxTransport, logger: silentLogger }).runOnce()
    const app = appWith(true)
    const html = await get(app, `/_dev/mail/${id}/html`)
    expect(html.text).toContain(`<img src="data:image/png;base64,${png.toString('base64')}" alt="QR">`)
    expect(html.text).toContain('<img src="cid:missing@aisle" alt="none">')
    const file = await app.request(`${TEST_PUBLIC_URL}/_dev/mail/${id}/files/0`)
    expect(file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png)
  })

  it('shows the HTML version of a mail that has one, sandboxed, with no script allowed', async () => {
    const id = await enqueueMail(
      db,
      {
        siteId: undefined,
        topic: 'order-shipped',
        to: 'buyer@example.com',
        subject: 'Shipped',
        text: 'Shipped',
        html: '<!doctype html><p style="color:#123456">Shipped</p>',
      },
      clock(),
    )
    const plain = await enqueueMail(
      db,
      { siteId: undefined, topic: 't', to: 'b@example.com', subject: 's', text: 't' },
      clock(),
    )
    await createMailWorker({ db, clock, transport: devInboxTransport, logger: silentLogger }).runOnce()
    const app = appWith(true)
    expect((await get(app, `/_dev/mail/${id}`)).text).toContain(`href="/_dev/mail/${id}/html"`)
    const html = await get(app, `/_dev/mail/${id}/html`)
    expect(html.status).toBe(200)
    expect(html.text).toContain('<p style="color:#123456">Shipped</p>')
    expect(html.headers.get('content-security-policy')).toMatch(
      /^sandbox; default-src 'none'; style-src 'unsafe-inline'/,
    )
    expect((await get(app, `/_dev/mail/${plain}`)).text).not.toContain('/html"')
    expect((await get(app, `/_dev/mail/${plain}/html`)).status).toBe(404)
  })

  it.each([
    ['an unknown id', '/_dev/mail/00000000-0000-4000-8000-000000000000', 404],
    ['an id that is no UUID', '/_dev/mail/nope', 400],
    ['a recipient of 321 characters', `/_dev/mail?to=${'a'.repeat(321)}`, 400],
  ])('answers %s without a 500', async (_what, path, status) => {
    expect((await get(appWith(true), path)).status).toBe(status)
  })

  it('does not exist unless the configuration asks for it', async () => {
    const answer = await get(appWith(false), '/_dev/mail')
    expect(answer.status).toBe(404)
    expect(JSON.parse(answer.text).details.applicationError.code).toBe('ROUTE_NOT_FOUND')
  })
})
