import { randomUUID } from 'node:crypto'
import { isPhone } from '../../addresses/contact-details.ts'
import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { isEmailAddress, normalizeEmail } from '../../mail/email-address.ts'
import { type IdentityProfile, toWireIdentity } from '../identity-wire.ts'
import type { MemberRow } from './member-store.ts'

const VALUE_FORMS = ['strValue', 'numValue', 'dateValue', 'listValue', 'mapValue'] as const

type CustomValue = Partial<Record<(typeof VALUE_FORMS)[number], unknown>>

/** Violations of a custom value and the values nested in it: each holds exactly one typed form. */
function customValueViolations(value: CustomValue, field: string): FieldViolation[] {
  const forms = VALUE_FORMS.filter((form) => value[form] !== undefined)
  if (forms.length !== 1)
    return [
      {
        field,
        description: `must hold exactly one of ${VALUE_FORMS.join(', ')} (got ${forms.length})`,
        violatedRule: 'ONE_OF_ALIGNMENT',
      },
    ]
  const list = (value.listValue as { value?: CustomValue[] } | undefined)?.value ?? []
  const map = (value.mapValue as { value?: Record<string, CustomValue> } | undefined)?.value ?? {}
  return [
    ...list.flatMap((item, index) => customValueViolations(item, `${field}.listValue.value[${index}]`)),
    ...Object.entries(map).flatMap(([key, item]) =>
      customValueViolations(item, `${field}.mapValue.value.${key}`),
    ),
  ]
}

/** Violations of one tag used twice where it names the one main entry. */
function mainTagViolations(
  entries: readonly { tag?: string | undefined }[],
  field: string,
): FieldViolation[] {
  const mains = entries.filter((entry) => entry.tag === 'MAIN').length
  return mains > 1
    ? [{ field, description: 'may have one MAIN entry at most', violatedRule: 'VALIDATION' }]
    : []
}

/**
 * The rules of a profile beyond the shapes of its schema: e-mails are e-mail addresses and phones
 * phone numbers, one MAIN e-mail and one MAIN phone at most, custom field names unique, and each
 * custom value (at any depth) exactly one of its typed forms.
 */
export function profileViolations(profile: IdentityProfile, prefix: string): FieldViolation[] {
  const violations: FieldViolation[] = []
  profile.emails?.forEach((entry, index) => {
    if (entry.email !== undefined && !isEmailAddress(normalizeEmail(entry.email)))
      violations.push({
        field: `${prefix}.emails[${index}].email`,
        description: 'must be an e-mail address',
        violatedRule: 'FORMAT',
      })
  })
  profile.phones?.forEach((entry, index) => {
    if (entry.phone !== undefined && !isPhone(entry.phone))
      violations.push({
        field: `${prefix}.phones[${index}].phone`,
        description: 'must be a phone number: digits, spaces, ( ) - . and a leading +',
        violatedRule: 'FORMAT',
      })
  })
  violations.push(...mainTagViolations(profile.emails ?? [], `${prefix}.emails`))
  violations.push(...mainTagViolations(profile.phones ?? [], `${prefix}.phones`))
  const names = new Set<string>()
  profile.customFields?.forEach((field, index) => {
    const at = `${prefix}.customFields[${index}]`
    if (names.has(field.name))
      violations.push({
        field: `${at}.name`,
        description: 'is used by another custom field',
        violatedRule: 'VALIDATION',
      })
    names.add(field.name)
    if (field.value !== undefined)
      violations.push(...customValueViolations(field.value as CustomValue, `${at}.value`))
  })
  return violations
}

/**
 * The profile after a change: every field the change names replaces the stored one (a list is replaced
 * whole; an empty list clears it), the others stay. An address keeps its id when the change names one
 * of the stored addresses' ids, and gets a new one otherwise.
 */
export function applyProfileChange(current: IdentityProfile, change: IdentityProfile): IdentityProfile {
  const next: IdentityProfile = { ...current, ...change }
  if (change.addresses) {
    const known = new Set((current.addresses ?? []).map((address) => address.id))
    next.addresses = change.addresses.map((address) => ({
      ...address,
      id: address.id && known.has(address.id) ? address.id : randomUUID(),
    }))
  }
  return next
}

/**
 * Changes the member's own profile, in one transaction holding the member's row. With `revision`
 * (the `revision` of the identity the change was made on), a profile changed since is refused rather
 * than overwritten. Each change moves `updatedDate` (and so the revision) forward.
 *
 * @throws ValidationError for a profile that breaks `profileViolations`.
 * @throws ApplicationError IDENTITY_REVISION_CONFLICT, MEMBER_NOT_FOUND.
 */
export async function changeMemberProfile(
  db: Db,
  member: { siteId: string; memberId: string },
  change: {
    /** The change, or how to make it from the profile as stored (read under the row's lock). */
    identityProfile: IdentityProfile | ((current: IdentityProfile) => IdentityProfile)
    revision?: string | undefined
  },
  now: Date,
): Promise<MemberRow> {
  const checked = (profile: IdentityProfile) => {
    const violations = profileViolations(profile, 'identityProfile')
    if (violations.length > 0) throw new ValidationError(violations)
    return profile
  }
  if (typeof change.identityProfile !== 'function') checked(change.identityProfile)
  return db.transaction(async (tx) => {
    const current = await queryOne<MemberRow>(
      tx,
      'select * from members where id = $1 and site_id = $2 for update',
      [member.memberId, member.siteId],
    )
    if (!current) throw new ApplicationError('MEMBER_NOT_FOUND', 'The member does not exist')
    if (change.revision !== undefined && change.revision !== toWireIdentity(current).revision)
      throw new ApplicationError(
        'IDENTITY_REVISION_CONFLICT',
        'The profile changed since this revision: read it again',
        { revision: toWireIdentity(current).revision },
      )
    const given = change.identityProfile
    const profile = applyProfileChange(
      current.profile ?? {},
      typeof given === 'function' ? checked(given(current.profile ?? {})) : given,
    )
    const saved = await queryOne<MemberRow>(
      tx,
      `update members set profile = $2, updated_date = greatest($3, updated_date + interval '1 millisecond')
        where id = $1 returning *`,
      [member.memberId, JSON.stringify(profile), now],
    )
    if (!saved) throw new ApplicationError('MEMBER_NOT_FOUND', 'The member does not exist')
    return saved
  })
}

/** How many addresses a member's profile holds at most (`IdentityProfileInput`'s limit). */
const MAX_SAVED_ADDRESSES = 10

/**
 * Adds an address to the member's saved addresses (the hosted checkout's "save this address", decision
 * 059), tagged SHIPPING, under the member's row lock. An address already saved (same country, region,
 * town, postal code and street lines) is not added twice; a profile that holds the most addresses it may
 * is left as it is.
 *
 * @returns `saved`, `known` (already there) or `full`.
 */
export async function addSavedAddress(
  db: Db,
  member: { siteId: string; memberId: string },
  address: NonNullable<NonNullable<IdentityProfile['addresses']>[number]['address']>,
  now: Date,
): Promise<'saved' | 'known' | 'full'> {
  const key = (entry: typeof address | undefined) =>
    JSON.stringify(
      (['country', 'subdivision', 'city', 'postalCode', 'addressLine', 'addressLine2'] as const).map(
        (field) => (entry?.[field] ?? '').toLowerCase(),
      ),
    )
  let outcome: 'saved' | 'known' | 'full' = 'saved'
  await changeMemberProfile(
    db,
    member,
    {
      identityProfile: (current) => {
        const addresses = current.addresses ?? []
        if (addresses.some((entry) => key(entry.address) === key(address))) outcome = 'known'
        else if (addresses.length >= MAX_SAVED_ADDRESSES) outcome = 'full'
        return outcome === 'saved' ? { addresses: [...addresses, { tag: 'SHIPPING', address }] } : {}
      },
    },
    now,
  )
  return outcome
}
