import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { memberTokens } from '../../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform } from '../../testing/test-platform.ts'

const FULL_PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  nickname: 'ada',
  privacyStatus: 'PRIVATE',
  emails: [
    { email: 'ada@work.example', tag: 'WORK' },
    { email: 'ada@home.example', tag: 'MAIN' },
  ],
  phones: [
    { phone: '+44 20 7946 0958', countryCode: 'GB', tag: 'MOBILE' },
    { phone: '(555) 010-0199', tag: 'FAX' },
  ],
  addresses: [
    {
      tag: 'SHIPPING',
      address: {
        country: 'GB',
        city: 'London',
        postalCode: 'W1',
        streetAddress: { name: 'Baker Street', number: '221B' },
        geocode: { latitude: 51.52, longitude: -0.158 },
      },
    },
    { tag: 'BILLING', address: { country: 'GB', addressLine: '1 Analytical Row' } },
  ],
  birthdate: '1815-12-10',
  labels: ['vip'],
  customFields: [
    { name: 'shoeSize', value: { numValue: 38.5 } },
    { name: 'favourite', value: { strValue: 'engines' } },
    { name: 'memberSince', value: { dateValue: '2020-01-01T00:00:00.000Z' } },
    { name: 'interests', value: { listValue: { value: [{ strValue: 'maths' }, { numValue: 1843 }] } } },
    {
      name: 'preferences',
      value: {
        mapValue: {
          value: { newsletter: { strValue: 'weekly' }, sizes: { listValue: { value: [{ numValue: 1 }] } } },
        },
      },
    },
    { name: 'unbounded', value: { numValue: 'Infinity' } },
  ],
} as const

// Spec section 3, "Identity": the member reads and edits their own profile.
describe.each(databaseKinds())('the member’s own identity on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  const member = async () =>
    (await memberTokens(platform, (await platform.visitorTokens()).access_token)).tokens.access_token
  const read = (token: string) => platform.call('GET', '/identity/v1/members/me', { token })
  const edit = (token: string, body: unknown) =>
    platform.call('PATCH', '/identity/v1/members/me', { token, body })

  it('reads the identity of the member who calls, and refuses a visitor', async () => {
    const token = await member()
    const me = await read(token)
    expect(me.status).toBe(200)
    expect(me.headers.get('cache-control')).toBe('no-store')
    expect(me.json.identity).toMatchObject({
      status: { name: 'ACTIVE' },
      identityProfile: { nickname: 'Nick' },
    })
    const visitor = await read((await platform.visitorTokens()).access_token)
    expect(visitor.status).toBe(403)
    expect(visitor.json.details.applicationError.code).toBe('FORBIDDEN')
  })

  it('keeps every field and value kind as sent, gives addresses ids, and keeps them through edits', async () => {
    const token = await member()
    const saved = await edit(token, { identityProfile: FULL_PROFILE })
    expect(saved.json.details).toBeUndefined()
    expect(saved.status).toBe(200)
    const profile = saved.json.identity.identityProfile
    expect(profile).toMatchObject({
      ...FULL_PROFILE,
      addresses: FULL_PROFILE.addresses.map((a) => expect.objectContaining(a)),
    })
    const ids = profile.addresses.map((address: { id: string }) => address.id)
    expect(ids).toEqual([expect.any(String), expect.any(String)])
    expect((await read(token)).json.identity.identityProfile).toEqual(profile)
    const moved = await edit(token, {
      identityProfile: {
        addresses: [
          { ...profile.addresses[1], tag: 'HOME' },
          { tag: 'WORK', id: '00000000-0000-4000-8000-000000000009' },
        ],
      },
    })
    const addresses = moved.json.identity.identityProfile.addresses
    expect(addresses[0]).toMatchObject({ id: ids[1], tag: 'HOME' })
    expect(addresses[1].id).not.toBe('00000000-0000-4000-8000-000000000009')
    expect(moved.json.identity.identityProfile.firstName).toBe('Ada')
  })

  it('refuses an edit made on an older revision, and takes one made on the current', async () => {
    const token = await member()
    const { revision } = (await read(token)).json.identity
    const first = await edit(token, { identityProfile: { firstName: 'One' }, revision })
    expect(first.status).toBe(200)
    expect(first.json.identity.revision).not.toBe(revision)
    const stale = await edit(token, { identityProfile: { firstName: 'Two' }, revision })
    expect(stale.status).toBe(409)
    expect(stale.json.details.applicationError).toMatchObject({
      code: 'IDENTITY_REVISION_CONFLICT',
      data: { revision: first.json.identity.revision },
    })
    expect((await read(token)).json.identity.identityProfile.firstName).toBe('One')
  })

  it.each<[string, unknown, string, string]>([
    [
      'a privacy status not in the enumeration',
      { privacyStatus: 'SECRET' },
      'identityProfile.privacyStatus',
      'INVALID_ENUM_VALUE',
    ],
    [
      'an e-mail tag not in the enumeration',
      { emails: [{ email: 'a@b.example', tag: 'MOBILE' }] },
      'identityProfile.emails[0].tag',
      'INVALID_ENUM_VALUE',
    ],
    [
      'a phone tag not in the enumeration',
      { phones: [{ phone: '123456', tag: 'PAGER' }] },
      'identityProfile.phones[0].tag',
      'INVALID_ENUM_VALUE',
    ],
    [
      'an address tag not in the enumeration',
      { addresses: [{ tag: 'MAIN' }] },
      'identityProfile.addresses[0].tag',
      'INVALID_ENUM_VALUE',
    ],
    [
      'an e-mail that is none',
      { emails: [{ email: 'not-an-email' }] },
      'identityProfile.emails[0].email',
      'FORMAT',
    ],
    ['a phone that is none', { phones: [{ phone: 'call me' }] }, 'identityProfile.phones[0].phone', 'FORMAT'],
    [
      'two MAIN e-mails',
      {
        emails: [
          { email: 'a@b.example', tag: 'MAIN' },
          { email: 'c@d.example', tag: 'MAIN' },
        ],
      },
      'identityProfile.emails',
      'VALIDATION',
    ],
    [
      'two custom fields of one name',
      {
        customFields: [
          { name: 'x', value: { strValue: 'a' } },
          { name: 'x', value: { strValue: 'b' } },
        ],
      },
      'identityProfile.customFields[1].name',
      'VALIDATION',
    ],
    [
      'a custom value of two kinds',
      { customFields: [{ name: 'x', value: { strValue: 'a', numValue: 1 } }] },
      'identityProfile.customFields[0].value',
      'ONE_OF_ALIGNMENT',
    ],
    [
      'an empty custom value deep in a list',
      { customFields: [{ name: 'x', value: { listValue: { value: [{}] } } }] },
      'identityProfile.customFields[0].value.listValue.value[0]',
      'ONE_OF_ALIGNMENT',
    ],
    [
      'a date value that is no date',
      { customFields: [{ name: 'x', value: { dateValue: 'yesterday' } }] },
      'identityProfile.customFields[0].value.dateValue',
      'FORMAT',
    ],
    [
      'a number value as another string',
      { customFields: [{ name: 'x', value: { numValue: 'many' } }] },
      'identityProfile.customFields[0].value.numValue',
      'ONE_OF_ALIGNMENT',
    ],
    ['a birthdate that is no date', { birthdate: '10/12/1815' }, 'identityProfile.birthdate', 'FORMAT'],
    [
      'a latitude past 90',
      { addresses: [{ address: { geocode: { latitude: 91, longitude: 0 } } }] },
      'identityProfile.addresses[0].address.geocode.latitude',
      'MAX',
    ],
    ['an http picture', { picture: 'http://pics.example/a.png' }, 'identityProfile.picture', 'FORMAT'],
    [
      'eleven phones',
      { phones: Array.from({ length: 11 }, () => ({ phone: '123456' })) },
      'identityProfile.phones',
      'MAX_SIZE',
    ],
  ])('refuses %s with a field violation and changes nothing', async (_what, identityProfile, field, rule) => {
    const token = await member()
    const before = (await read(token)).json.identity
    const response = await edit(token, { identityProfile })
    expect(response.status).toBe(400)
    expect(response.json.message).toMatch(/^INVALID_ARGUMENT/)
    expect(response.json.details.validationError.fieldViolations).toContainEqual(
      expect.objectContaining({ field, violatedRule: rule }),
    )
    expect((await read(token)).json.identity).toEqual(before)
  })
})
