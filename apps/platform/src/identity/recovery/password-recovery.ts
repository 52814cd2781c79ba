import { randomBytes, randomUUID } from 'node:crypto'
import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { ApplicationError, ValidationError } from '../../http/errors.ts'
import { isEmailAddress, normalizeEmail } from '../../mail/email-address.ts'
import { enqueueMail } from '../../mail/mail-outbox.ts'
import { hashToken } from '../../oauth/opaque-token.ts'
import type { PasswordHasher } from '../../passwords/password-hasher.ts'
import { passwordViolations } from '../../passwords/password-policy.ts'
import { findClientRegistration, isRegisteredReturnUri } from '../../redirects/redirect-uri.ts'
import { getSite } from '../../sites/site-store.ts'
import { readIdentityPolicy } from '../identity-policy.ts'
import { toMailLanguage } from '../members/mail-language.ts'
import { revokeMemberAccess } from '../members/member-access.ts'
import { passwordChangedMail, recoveryMail } from '../members/member-mails.ts'
import { statusAfterEmailProof } from '../members/member-status.ts'
import {
  findMemberByEmail,
  findMemberById,
  type MemberRow,
  resetMemberPassword,
} from '../members/member-store.ts'

/** A recovery link works for an hour (SECURITY.md P2), once. */
export const RECOVERY_TOKEN_TTL_SECONDS = 60 * 60
/** An activation link, which the site sends a member it created, works for a day, once. */
export const ACTIVATION_TOKEN_TTL_SECONDS = 24 * 60 * 60
/** The hosted page a recovery or activation link opens. */
export const RESET_PASSWORD_PATH = '/_auth/reset-password'

export type RecoveryPurpose = 'RECOVERY' | 'ACTIVATION'

/** What recovery needs: the database, and the platform's public origin, which links are built from. */
export interface RecoveryDeps {
  db: Db
  publicUrl: string
}

/** A new recovery token: 128 bits from the CSPRNG, base64url (22 characters). */
export function createRecoveryToken(): string {
  return randomBytes(16).toString('base64url')
}

/**
 * The link of a recovery or activation mail: the hosted reset page on the configured public URL,
 * never on the request's `Host` (SECURITY.md P3).
 */
export function toRecoveryLink(publicUrl: string, token: string): string {
  return `${publicUrl}${RESET_PASSWORD_PATH}?${new URLSearchParams({ token })}`
}

/**
 * Where the reset page may offer to go back to: `url`, when it is registered (exactly) for `clientId`
 * and the client is of the site.
 *
 * @throws ValidationError on `redirect.url` otherwise.
 */
export async function assertReturnUrl(
  db: Db,
  siteId: string,
  redirect: { url: string; clientId: string },
): Promise<string> {
  const client =
    redirect.clientId.length <= 200 ? await findClientRegistration(db, redirect.clientId) : undefined
  if (client?.siteId === siteId && isRegisteredReturnUri(client, redirect.url)) return redirect.url
  throw new ValidationError([
    {
      field: 'redirect.url',
      description: 'must be registered for redirect.clientId',
      violatedRule: 'VALIDATION',
    },
  ])
}

/** Where a decoy's mail would go: a reserved domain (RFC 2606); the mail is never kept. */
const DECOY_RECIPIENT = 'nobody@example.invalid'

/** Whether a member may set a password by mail: active or pending, never blocked or deleted. */
const isRecoverable = (member: MemberRow): boolean =>
  member.status === 'ACTIVE' || member.status === 'PENDING'

/** Stores a link's token (older links of the member stop working) and, for a member, mails the link. */
async function issueRecoveryLink(
  deps: RecoveryDeps,
  input: {
    siteId: string
    member: MemberRow | undefined
    purpose: RecoveryPurpose
    returnUrl: string | undefined
    language: string | undefined
  },
  now: Date,
): Promise<void> {
  const token = createRecoveryToken()
  const ttl = input.purpose === 'RECOVERY' ? RECOVERY_TOKEN_TTL_SECONDS : ACTIVATION_TOKEN_TTL_SECONDS
  const link = toRecoveryLink(deps.publicUrl, token)
  await deps.db.transaction(async (tx) => {
    const site = await getSite(tx, input.siteId)
    // A decoy (no member) runs the same statements on an id nobody has.
    await tx.query(
      'update member_recovery_tokens set used_at = $2 where member_id = $1 and used_at is null',
      [input.member?.id ?? randomUUID(), now],
    )
    await tx.query(
      `insert into member_recovery_tokens (token_hash, site_id, member_id, purpose, return_url, created_date, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        hashToken(token),
        input.siteId,
        input.member?.id ?? null,
        input.purpose,
        input.returnUrl ?? null,
        now,
        new Date(now.getTime() + ttl * 1000),
      ],
    )
    // A decoy renders the same mail, to nobody, and runs the same insert, which keeps no row.
    const recipient = input.member?.login_email ?? DECOY_RECIPIENT
    await enqueueMail(
      tx,
      recoveryMail(site, recipient, link, input.purpose, ttl / 3600, toMailLanguage(input.language)),
      now,
      {
        keep: input.member !== undefined,
      },
    )
  })
}

/**
 * Sends a password-recovery link (`POST /identity/v1/send-email`) to the member of the site with this
 * e-mail, if any, and if they may sign in (active or pending). The answer and the work are the same
 * whether or not the address has an account (SECURITY.md P1): an unknown one gets a decoy token that
 * no mail carries. The mail, in `language` (English when unknown), leaves later, from the outbox.
 *
 * @throws ValidationError when `email` is no e-mail address.
 */
export async function sendRecoveryEmail(
  deps: RecoveryDeps,
  input: { siteId: string; email: string; returnUrl: string | undefined; language?: string | undefined },
  now: Date,
): Promise<void> {
  const email = normalizeEmail(input.email)
  if (!isEmailAddress(email))
    throw new ValidationError([
      { field: 'email', description: 'must be an e-mail address', violatedRule: 'FORMAT' },
    ])
  const member = await findMemberByEmail(deps.db, input.siteId, email)
  const recipient = member && isRecoverable(member) ? member : undefined
  await issueRecoveryLink(
    deps,
    { ...input, member: recipient, purpose: 'RECOVERY', language: input.language },
    now,
  )
}

/**
 * Sends a member of the site an activation link (`POST /identity/v1/activation-email`): they choose
 * a password with it, which also verifies their e-mail. For the merchant.
 *
 * @throws ApplicationError MEMBER_NOT_FOUND, or MEMBER_STATUS_CONFLICT for a blocked or deleted member.
 */
export async function sendActivationEmail(
  deps: RecoveryDeps,
  input: {
    siteId: string
    memberId: string
    returnUrl: string | undefined
    language?: string | undefined
  },
  now: Date,
): Promise<void> {
  const member = await findMemberById(deps.db, input.siteId, input.memberId)
  if (!member) throw new ApplicationError('MEMBER_NOT_FOUND', 'No member of this site has this id')
  if (!isRecoverable(member))
    throw new ApplicationError(
      'MEMBER_STATUS_CONFLICT',
      `A ${member.status.toLowerCase()} member cannot be activated`,
    )
  await issueRecoveryLink(deps, { ...input, member, purpose: 'ACTIVATION', language: input.language }, now)
}

/** A live recovery or activation link, as the reset page needs it. */
export interface RecoveryLink {
  siteId: string
  purpose: RecoveryPurpose
  returnUrl: string | undefined
}

/** The live (unspent, unexpired, not a decoy) link with this token, if any. */
export async function findRecoveryLink(db: Db, token: string, now: Date): Promise<RecoveryLink | undefined> {
  if (token.length === 0 || token.length > 100) return undefined
  const row = await queryOne<{ site_id: string; purpose: RecoveryPurpose; return_url: string | null }>(
    db,
    `select site_id, purpose, return_url from member_recovery_tokens
      where token_hash = $1 and member_id is not null and used_at is null and expires_at > $2`,
    [hashToken(token), now],
  )
  return row && { siteId: row.site_id, purpose: row.purpose, returnUrl: row.return_url ?? undefined }
}

/**
 * The shop and return address of a recovery or activation link in any state (spent or expired too), for the
 * page that says it cannot be used to wear the shop's brand: whoever holds the token was mailed it by that shop.
 */
export async function findRecoveryLinkShop(
  db: Db,
  token: string,
): Promise<{ siteId: string; returnUrl: string | undefined } | undefined> {
  if (token.length === 0 || token.length > 100) return undefined
  const row = await queryOne<{ site_id: string; return_url: string | null }>(
    db,
    'select site_id, return_url from member_recovery_tokens where token_hash = $1',
    [hashToken(token)],
  )
  return row && { siteId: row.site_id, returnUrl: row.return_url ?? undefined }
}

const invalidLink = () =>
  new ApplicationError(
    'RECOVERY_TOKEN_INVALID',
    'This link has expired or was already used: ask for a new one',
  )

/**
 * Sets a new password with a recovery or activation link (`POST /identity/v1/recover`, and the hosted
 * reset page). The link works once (spent atomically); the password follows the registration policy;
 * the e-mail counts as verified; every session and token family of the member is revoked, and they are
 * told by e-mail (SECURITY.md P4). The member is not signed in.
 *
 * @param input.siteId the caller's site, when the call comes with a token: a link of another site is unknown.
 * @throws ValidationError for a password of the wrong length.
 * @throws ApplicationError RECOVERY_TOKEN_INVALID for an unknown, expired or used link.
 */
export async function recoverPassword(
  deps: RecoveryDeps & { hasher: PasswordHasher },
  input: { recoveryToken: string; password: string; siteId?: string | undefined },
  now: Date,
): Promise<{ member: MemberRow; link: RecoveryLink }> {
  const violations = passwordViolations(input.password)
  if (violations.length > 0) throw new ValidationError(violations)
  const link = await findRecoveryLink(deps.db, input.recoveryToken, now)
  // Hashing costs: only for a link that exists.
  if (!link || (input.siteId !== undefined && link.siteId !== input.siteId)) throw invalidLink()
  const passwordHash = await deps.hasher.hash(input.password)
  const member = await deps.db.transaction(async (tx) => {
    const spent = await queryOne<{ member_id: string }>(
      tx,
      `update member_recovery_tokens set used_at = $2
        where token_hash = $1 and member_id is not null and used_at is null and expires_at > $2
        returning member_id`,
      [hashToken(input.recoveryToken), now],
    )
    const found = spent && (await findMemberById(tx, link.siteId, spent.member_id, { forUpdate: true }))
    if (!found || !isRecoverable(found)) return undefined
    const next = statusAfterEmailProof(
      { status: found.status, pendingReason: found.pending_reason },
      await readIdentityPolicy(tx, link.siteId),
    )
    const saved = await resetMemberPassword(tx, found.id, { passwordHash, ...next }, now)
    await revokeMemberAccess(tx, found.id, now)
    if (link.purpose === 'RECOVERY')
      await enqueueMail(tx, passwordChangedMail(await getSite(tx, link.siteId), saved.login_email), now)
    return saved
  })
  if (!member) throw invalidLink()
  return { member, link }
}
