import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { openTestDatabase } from '../testing/test-database.ts'
import { DEMO_DIGITAL_SLUG, seedDemoDigitalProduct } from './demo-digital.ts'
import { DEMO_SITE_ID } from './demo-store.ts'
import { printablePdf } from './printable-pdf.ts'

describe('the demo digital product', () => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase('pglite')
    await seedDemoDigitalProduct(db, DEMO_SITE_ID)
  })
  afterAll(() => db.close())

  it('is a digital product in no collection, whose secure file is a PDF kept in its row', async () => {
    const rows = await db.query<{
      product_type: string
      in_collections: number
      media: unknown[]
      file_name: string
      file_type: string
      bytes: Uint8Array
    }>(
      `select p.product_type, p.media, f.file_name, f.file_type, f.bytes,
              (select count(*)::int from product_collections pc where pc.product_id = p.id) as in_collections
         from products p join product_secure_files f on f.product_id = p.id
        where p.slug = $1`,
      [DEMO_DIGITAL_SLUG],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      product_type: 'digital',
      in_collections: 0,
      file_name: 'weekly-planner.pdf',
      file_type: 'SECURE_DOCUMENT',
    })
    expect(rows[0]!.media).toHaveLength(3)
    const text = new TextDecoder().decode(rows[0]!.bytes)
    expect(text.startsWith('%PDF-1.4\n')).toBe(true)
    expect(text).toContain('(Weekly planner) Tj')
    expect(text.endsWith('%%EOF\n')).toBe(true)
  })

  it('draws the same PDF byte for byte, with a cross-reference table that points at each object', () => {
    const pdf = printablePdf('Title (with parentheses)', ['a line', 'back\\slash'])
    expect(printablePdf('Title (with parentheses)', ['a line', 'back\\slash'])).toEqual(pdf)
    const text = new TextDecoder().decode(pdf)
    expect(text).toContain('(Title \\(with parentheses\\)) Tj')
    const xref = Number(text.match(/startxref\n(\d+)\n/)![1])
    expect(text.slice(xref, xref + 4)).toBe('xref')
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((offset, index) => {
      expect(text.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`)
    })
  })
})
