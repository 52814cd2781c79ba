import type { Db } from '../../db/db.ts'

/** What `revokeMemberAccess` ended. */
export interface RevokedAccess {
  hostedSessions: number
  tokens: number
}

/**
 * Ends every way a member is signed in (SECURITY.md P4, O2): hosted-login browser sessions, every
 * access and refresh token of every family, unspent authorization codes and direct-login session tokens, verification flows
 * and recovery links. For a password reset, an e-mail verification (SECURITY.md V8) and the owner's
 * block; run it in their transaction.
 */
export async function revokeMemberAccess(
  tx: Db,
  memberId: string,
  now: Date,
  options: { keepTokenFamily?: string | undefined } = {},
): Promise<RevokedAccess> {
  const hosted = await tx.query(
    'update hosted_login_sessions set revoked_date = $2 where member_id = $1 and revoked_date is null returning id_hash',
    [memberId, now],
  )
  // A password change keeps the changer's own token family (ASVS 7.4.3: the other sessions end).
  const tokens = await tx.query(
    `update oauth_tokens set revoked_at = $2
      where role = 'member' and subject_id = $1 and revoked_at is null
        and ($3::uuid is null or family_id <> $3::uuid) returning token_hash`,
    [memberId, now, options.keepTokenFamily ?? null],
  )
  await tx.query('update authorization_codes set used_at = $2 where member_id = $1 and used_at is null', [
    memberId,
    now,
  ])
  await tx.query('update member_session_tokens set used_at = $2 where member_id = $1 and used_at is null', [
    memberId,
    now,
  ])
  await tx.query('update identity_state_tokens set used_at = $2 where member_id = $1 and used_at is null', [
    memberId,
    now,
  ])
  await tx.query('update member_recovery_tokens set used_at = $2 where member_id = $1 and used_at is null', [
    memberId,
    now,
  ])
  return { hostedSessions: hosted.length, tokens: tokens.length }
}
