import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { ApplicationError } from '../../http/errors.ts'
import { hashToken } from '../../oauth/opaque-token.ts'
import type { Identity } from '../identity-wire.ts'
import type { FlowClient } from './email-verification.ts'
import { type AuthenticationAnswer, answerFor, toAuthState } from './member-authentication.ts'
import type { MemberRow } from './member-store.ts'

interface FlowRow {
  member_id: string | null
  decoy_identity: Identity | null
}

const LIVE_FLOW = `token_hash = $1 and site_id = $2 and client_id = $3 and used_at is null and expires_at > $4`

/**
 * Moves a waiting sign-up or login on with its state token (`POST /identity/v1/state/proceed`), once
 * the member has done what the state asked elsewhere (followed an activation link, been approved):
 * an active member gets SUCCESS with a session token and the flow ends, atomically (one of two
 * concurrent proceeds wins); a member still waiting gets the state they wait in, with the same state
 * token to proceed again later. A decoy's flow (a taken e-mail) always waits, like a new one.
 *
 * @throws ApplicationError STATE_TOKEN_INVALID for an unknown, ended, expired or other client's flow, or a
 * member who may not sign in (blocked, deleted).
 */
export async function proceedWithStateToken(
  db: Db,
  client: FlowClient,
  stateToken: string,
  now: Date,
): Promise<AuthenticationAnswer> {
  const params = [hashToken(stateToken), client.siteId, client.clientId, now]
  const finished = await db.transaction(async (tx) => {
    const ended = await queryOne<{ member_id: string }>(
      tx,
      `update identity_state_tokens set used_at = $4 where ${LIVE_FLOW}
         and exists (select 1 from members m where m.id = member_id and m.status = 'ACTIVE')
       returning member_id`,
      params,
    )
    if (!ended) return undefined
    const member = await queryOne<MemberRow>(tx, 'select * from members where id = $1', [ended.member_id])
    return member && answerFor(tx, client, member, 'SUCCESS', now)
  })
  if (finished) return finished
  const flow = await queryOne<FlowRow>(
    db,
    `select member_id, decoy_identity from identity_state_tokens where ${LIVE_FLOW}`,
    params,
  )
  if (flow?.decoy_identity)
    return {
      identity: flow.decoy_identity,
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken,
      additionalData: {},
    }
  const member = flow?.member_id
    ? await queryOne<MemberRow>(db, 'select * from members where id = $1', [flow.member_id])
    : undefined
  const state = member && toAuthState(member)
  if (!member || !state || state === 'SUCCESS')
    throw new ApplicationError(
      'STATE_TOKEN_INVALID',
      'The state token is unknown, finished or expired: sign in again',
    )
  const answer = await answerFor(db, client, member, state, now, stateToken)
  // A member waiting for the owner keeps the flow too, to proceed again once approved.
  return { ...answer, stateToken }
}
