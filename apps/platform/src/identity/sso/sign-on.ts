import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { invalidField } from '../../http/errors.ts'
import { recordExternalLoginAudit } from '../../oauth/external-login.ts'
import { createSessionToken } from '../identity-token-store.ts'
import { type Identity, type IdentityProfile, toWireIdentity } from '../identity-wire.ts'
import { assertSignOn, findOrCreatePasswordlessMember } from '../members/passwordless-member.ts'

/** A sign-on as the merchant's server asks for it (spec section 7, `POST /v2/sign-on`). */
export interface SignOnInput {
  email: string
  profile?: IdentityProfile | undefined
  verifyEmail?: boolean | undefined
  mergeExistingContact?: boolean | undefined
  /** The OAuth client the session token is for; the site's first client when left out. */
  clientId?: string | undefined
}

/** Who asks: the merchant's API key of the site. */
export interface SignOnMerchant {
  siteId: string
  apiKeyId: string
  remoteAddress: string | undefined
}

/** The client `clientId` names on the site, or the site's first registered client. */
async function findSignOnClient(db: Db, siteId: string, clientId: string | undefined): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `select id from oauth_clients where site_id = $1 and ($2::text is null or id = $2)
      order by created_date, id limit 1`,
    [siteId, clientId ?? null],
  )
  if (!row) throw invalidField('clientId', 'is not an OAuth client of this site')
  return row.id
}

/**
 * Signs a member on from the merchant's server (`POST /identity/v2/sign-on`): the site's member with
 * the e-mail, created without a password when there is none (`verifyEmail` marks the address proven,
 * `mergeExistingContact` lets `profile` change an existing member's profile). An active member gets a
 * single-use session token for the client, to turn into member tokens through a `prompt: none`
 * authorization (the PKCE flow); a member still waiting (e-mail, owner) gets none. Every sign-on is
 * written to the external-login audit, like the external-login grant.
 *
 * @throws ValidationError for a bad e-mail or profile, or a client of another site.
 * @throws ApplicationError MEMBER_STATUS_CONFLICT for a blocked, deleted or offline member.
 */
export async function signOnMember(
  db: Db,
  merchant: SignOnMerchant,
  input: SignOnInput,
  now: Date,
): Promise<{ identity: Identity; sessionToken?: string }> {
  const signOn = {
    siteId: merchant.siteId,
    email: input.email,
    profile: input.profile,
    isEmailProven: input.verifyEmail === true,
    isProfileMerged: input.mergeExistingContact === true,
  }
  assertSignOn(signOn, 'loginId.email')
  const clientId = await findSignOnClient(db, merchant.siteId, input.clientId)
  return db.transaction(async (tx) => {
    const member = await findOrCreatePasswordlessMember(tx, signOn, now)
    const sessionToken =
      member.status === 'ACTIVE'
        ? await createSessionToken(tx, { siteId: merchant.siteId, clientId, memberId: member.id }, now)
        : undefined
    await recordExternalLoginAudit(
      tx,
      {
        siteId: merchant.siteId,
        clientId,
        apiKeyId: merchant.apiKeyId || undefined,
        memberId: member.id,
        outcome: 'GRANTED',
        reason: sessionToken ? 'sign-on' : `sign-on: member ${member.status}`,
        remoteAddress: merchant.remoteAddress,
      },
      now,
    )
    return sessionToken
      ? { identity: toWireIdentity(member), sessionToken }
      : { identity: toWireIdentity(member) }
  })
}
