import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { verifyIdToken } from '../../oauth/id-token.ts'
import { spendValue } from '../../oauth/spent-value-store.ts'
import type { FlowClient } from '../members/email-verification.ts'
import { type AuthenticationAnswer, answerFor, toAuthState } from '../members/member-authentication.ts'
import { findOrCreatePasswordlessMember } from '../members/passwordless-member.ts'
import { findIdpConnection } from './idp-connection-store.ts'
import { connectionKeys, type IdpKeyDeps, IdpKeysUnavailable } from './idp-keys.ts'

function invalidToken(reason: string): ApplicationError {
  return new ApplicationError('ID_TOKEN_INVALID', 'The identity provider’s token is not accepted', { reason })
}

/**
 * Logs a member in with an identity provider's token parameters
 * (`POST /identity/v1/sso/login-with-token-params`): `tokenParams.id_token`, an OpenID Connect ID token
 * of a connection the merchant registered for the site, verified with jose against that connection's
 * keys (pasted, or fetched from its provider and followed through rotation: `connectionKeys`), issuer
 * and audience (`verifyIdToken`), with an e-mail the provider vouches for (`email_verified`),
 * and used once. The site's member with that e-mail is found or created without a password, the e-mail
 * marked proven; the answer is the login's (SUCCESS with a session token, or the state the member
 * waits in).
 *
 * @throws ApplicationError IDP_CONNECTION_NOT_FOUND, ID_TOKEN_INVALID (with `data.reason`),
 * MEMBER_STATUS_CONFLICT for a blocked member.
 * @throws ValidationError without `tokenParams.id_token`.
 */
export async function loginWithIdToken(
  deps: IdpKeyDeps,
  client: FlowClient,
  input: { idpConnectionId: string; tokenParams: Readonly<Record<string, string>> },
  now: Date,
): Promise<AuthenticationAnswer> {
  const idToken = input.tokenParams.id_token
  if (!idToken)
    throw new ValidationError([
      {
        field: 'tokenParams.id_token',
        description: 'is required: the ID token',
        violatedRule: 'REQUIRED_FIELD',
      },
    ])
  const { db } = deps
  const connection = await findIdpConnection(db, client.siteId, input.idpConnectionId)
  if (!connection) throw new ApplicationError('IDP_CONNECTION_NOT_FOUND', 'No identity provider with this id')
  const verified = await verifyIdToken(idToken, {
    keys: connectionKeys(deps, connection, now),
    issuer: connection.issuer,
    audience: connection.audience,
    now,
  }).catch((error: unknown) => {
    if (error instanceof IdpKeysUnavailable) throw invalidToken('the provider’s keys are unavailable')
    throw error
  })
  if (!verified.ok) throw invalidToken(verified.reason)
  const { claims } = verified
  if (!claims.emailVerified) throw invalidToken('the provider does not vouch for the e-mail')
  const expiresAt = new Date((claims.exp + 60) * 1000)
  if (!(await spendValue(db, 'id_token', `${connection.id} ${idToken}`, expiresAt, now)))
    throw invalidToken('already used')
  return db.transaction(async (tx) => {
    const profile = claims.name && { firstName: claims.name.givenName, lastName: claims.name.familyName }
    const member = await findOrCreatePasswordlessMember(
      tx,
      { siteId: client.siteId, email: claims.email, profile, isEmailProven: true, isProfileMerged: false },
      now,
    )
    const state = toAuthState(member)
    if (!state) throw new ApplicationError('MEMBER_STATUS_CONFLICT', 'The member may not sign in')
    return answerFor(tx, client, member, state, now)
  })
}
