import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { ValidationError } from '../http/errors.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { contrastWithWhite, getShopDetails, updateShopDetails } from './shop-details.ts'

describe('contrastWithWhite', () => {
  it('measures white text on a colour as WCAG 2 does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5)
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5)
    // The platform's default button colour, and a mid grey just under the 4.5:1 line.
    expect(contrastWithWhite('#0969da')).toBeCloseTo(5.19, 1)
    expect(contrastWithWhite('#808080')).toBeCloseTo(3.95, 1)
  })
})

describe.each(databaseKinds())('shop details on %s', (kind) => {
  let db: Db
  const demo = {
    name: 'Aisle Demo Store',
    brandColour: '#1f2328',
    accentColour: '#0969da',
    checkoutPhone: 'OPTIONAL',
    timeZone: 'UTC',
  }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
  })
  beforeEach(() => updateShopDetails(db, DEMO_SITE_ID, demo))
  afterAll(() => db.close())

  async function refusal(input: unknown): Promise<ValidationError> {
    const error = await updateShopDetails(db, DEMO_SITE_ID, input).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ValidationError)
    return error as ValidationError
  }

  it('stores a new name, trimmed, colours written in lower case and the checkout’s phone rule', async () => {
    await updateShopDetails(db, DEMO_SITE_ID, {
      name: '  Lumen & Loom ',
      brandColour: '#2D1B69',
      accentColour: '#B42318',
      checkoutPhone: 'REQUIRED',
      timeZone: ' America/New_York ',
    })
    expect(await getShopDetails(db, DEMO_SITE_ID)).toEqual({
      name: 'Lumen & Loom',
      brandColour: '#2d1b69',
      accentColour: '#b42318',
      checkoutPhone: 'REQUIRED',
      timeZone: 'America/New_York',
    })
  })

  it('refuses an empty name, a colour not written #rrggbb and unknown fields, naming each; nothing changes', async () => {
    const error = await refusal({
      name: '   ',
      brandColour: 'red',
      accentColour: '#12345',
      timeZone: 'Mars/Olympus_Mons',
      logo: 'x',
    })
    expect(error.fieldViolations.map((violation) => violation.field).sort()).toEqual([
      'accentColour',
      'brandColour',
      'logo',
      'name',
      'timeZone',
    ])
    expect(await getShopDetails(db, DEMO_SITE_ID)).toEqual(demo)
  })

  it('refuses a time zone that is no IANA name, or none at all, saying what one looks like', async () => {
    for (const timeZone of ['CEST', 'Europe/Atlantis', '', undefined]) {
      const error = await refusal({ ...demo, timeZone })
      expect(error.fieldViolations.map((violation) => violation.field)).toEqual(['timeZone'])
    }
    expect((await refusal({ ...demo, timeZone: 'GMT+2' })).fieldViolations[0]!.description).toMatch(
      /IANA time zone such as Europe\/Berlin/,
    )
    expect(await getShopDetails(db, DEMO_SITE_ID)).toEqual(demo)
  })

  it('refuses a colour too light for the white text mails write on it, saying its contrast', async () => {
    const error = await refusal({ ...demo, accentColour: '#ffd33d' })
    expect(error.fieldViolations).toEqual([
      expect.objectContaining({
        field: 'accentColour',
        violatedRule: 'OTHER',
        data: { contrast: expect.any(Number), minimum: 4.5 },
      }),
    ])
    expect(error.fieldViolations[0]!.description).toMatch(/contrast 1\.\d:1, at least 4\.5:1/)
    expect(await getShopDetails(db, DEMO_SITE_ID)).toEqual(demo)
  })
})
