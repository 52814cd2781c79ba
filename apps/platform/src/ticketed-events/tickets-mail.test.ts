import { inflateSync } from 'node:zlib'
import { encode } from 'uqr'
import { describe, expect, it } from 'vitest'
import { ticketQrPng } from './ticket-qr.ts'
import type { SoldTicket } from './ticketed-event-store.ts'
import { ticketsMail } from './tickets-mail.ts'

const shop = {
  id: 'b1e4c7d0-0000-4000-8000-000000000001',
  name: 'Aisle Demo Store',
  locale: 'en-US',
  brandColour: '#1f2328',
  accentColour: '#0969da',
}

const ticket = (code: string, attendee: string): SoldTicket => ({
  id: crypto.randomUUID(),
  site_id: shop.id,
  event_id: '6f1c0b9e-2f7a-4c1e-9a4b-0d2b8c1e5f00',
  reservation_id: crypto.randomUUID(),
  ticket_type_id: crypto.randomUUID(),
  code,
  attendee_name: attendee,
  attendee_email: '',
  checked_in_date: null,
  cancelled_date: null,
  created_date: new Date('2026-06-01T12:00:00Z'),
  ticket_type_name: 'General admission',
  event_title: 'Autumn trunk show',
  event_slug: 'autumn-trunk-show',
  event_start_date: new Date('2027-09-18T22:00:00Z'),
  event_end_date: new Date('2027-09-19T01:00:00Z'),
  event_time_zone: 'America/New_York',
  event_location_kind: 'VENUE',
  event_venue: 'Aisle Demo Store, 120 Mercer Street, New York',
  event_online_url: null,
  order_id: crypto.randomUUID(),
})

/** The modules a PNG of `ticketQrPng` shows: each module's centre pixel, black or not. */
function modulesOf(png: Buffer, size: number, scale: number): boolean[][] {
  let offset = 8
  let idat = Buffer.alloc(0)
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    if (png.toString('ascii', offset + 4, offset + 8) === 'IDAT')
      idat = Buffer.concat([idat, png.subarray(offset + 8, offset + 8 + length)])
    offset += 12 + length
  }
  const raw = inflateSync(idat)
  const width = size * scale
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => {
      const y = row * scale + Math.floor(scale / 2)
      const x = column * scale + Math.floor(scale / 2)
      return raw[y * (width + 1) + 1 + x] === 0
    }),
  )
}

describe('the tickets mail', () => {
  it('draws each code as the QR code uqr encodes, module for module, with a quiet zone', () => {
    const png = ticketQrPng('77G7Z4JSXZ')
    const { data, size } = encode('77G7Z4JSXZ', { ecc: 'M', border: 4 })
    expect(png.readUInt32BE(16)).toBe(size * 6)
    expect(modulesOf(png, size, 6)).toEqual(data)
    // Four light modules all round.
    expect(data[0]!.every((dark) => !dark) && data.slice(0, 4).every((row) => !row[3])).toBe(true)
  })

  it('carries a QR picture shown inline for each ticket and one calendar file for the event', () => {
    const tickets = [ticket('77G7Z4JSXZ', 'Ada Lovelace'), ticket('UZ3BYPUZXX', 'Charles Babbage')]
    const mail = ticketsMail(
      shop,
      { number: '10001', email: 'ada@example.com' },
      tickets,
      new Date('2026-06-01T12:00:00Z'),
    )
    const [ics, ...pictures] = mail.attachments ?? []
    expect(ics).toMatchObject({
      filename: 'autumn-trunk-show.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    })
    const lines = ics!.content.split('\r\n')
    expect(lines).toContain('PRODID:-//Aisle//Events//EN')
    expect(lines).toContain('UID:6f1c0b9e-2f7a-4c1e-9a4b-0d2b8c1e5f00@events.aisle')
    expect(lines).toContain('DTSTART:20270918T220000Z')
    expect(lines).toContain('DTEND:20270919T010000Z')
    expect(pictures.map((file) => file.filename)).toEqual(['ticket-77G7Z4JSXZ.png', 'ticket-UZ3BYPUZXX.png'])
    for (const [index, file] of pictures.entries()) {
      expect(file).toMatchObject({ contentType: 'image/png', encoding: 'base64' })
      expect(Buffer.from(file.content, 'base64')).toEqual(ticketQrPng(tickets[index]!.code))
      expect(mail.html).toContain(`src="cid:${file.contentId}"`)
    }
    expect(mail.html).toContain('alt="QR code of ticket 77G7Z4JSXZ"')
    expect(mail.text).toContain('General admission for Charles Babbage: code UZ3BYPUZXX')
  })
})
