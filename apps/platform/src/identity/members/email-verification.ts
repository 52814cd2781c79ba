import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { ApplicationError } from '../../http/errors.ts'
import { enqueueMail } from '../../mail/mail-outbox.ts'
import { createOpaqueToken, hashToken } from '../../oauth/opaque-token.ts'
import { getSite } from '../../sites/site-store.ts'
import { readIdentityPolicy } from '../identity-policy.ts'
import { STATE_TOKEN_TTL_SECONDS } from '../identity-token-store.ts'
import type { Identity } from '../identity-wire.ts'
import { revokeMemberAccess } from './member-access.ts'
import { existingAccountMail, verificationCodeMail } from './member-mails.ts'
import { statusAfterEmailProof } from './member-status.ts'
import type { MemberRow } from './member-store.ts'

/** Digits of an e-mail verification code: 10^8 codes (ASVS 6.5.3 asks for 20 bits at least). */
export const VERIFICATION_CODE_DIGITS = 8
/** A code works this long (SECURITY.md V4: at most 15 minutes with an attempt cap). */
export const VERIFICATION_CODE_TTL_SECONDS = 15 * 60
/** Codes tried in one flow, right or wrong; then the flow is over (SECURITY.md V3, Kratos' 5). */
export const MAX_CODE_ATTEMPTS = 5
/** Codes one flow sends, the first included. */
export const MAX_CODES_PER_FLOW = 5

/** The site and OAuth client a flow belongs to: only that client's calls can go on with it. */
export interface FlowClient {
  siteId: string
  clientId: string
}

/** Whom a verification flow is for: a member, or the decoy a taken e-mail gets (SECURITY.md L2). */
export type FlowSubject = { member: MemberRow } | { decoy: Identity; ownerEmail: string }

/** A new code from the CSPRNG, `VERIFICATION_CODE_DIGITS` digits (`randomInt` has no modulo bias). */
export function createVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_DIGITS)).padStart(VERIFICATION_CODE_DIGITS, '0')
}

/**
 * What the database keeps of a code: an HMAC keyed by the flow's state token, which only the client
 * holds (the database has its SHA-256). A stolen table cannot be searched for codes, and a code is
 * bound to its flow (SECURITY.md V2, V6).
 */
export function hashVerificationCode(stateToken: string, code: string): string {
  return createHmac('sha256', stateToken).update(code).digest('base64url')
}

function isSameHash(expected: string, submitted: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(submitted)
  return a.length === b.length && timingSafeEqual(a, b)
}

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000)

/**
 * Starts an e-mail verification flow: a state token (the flow) with a fresh code, and, in the same
 * transaction, the mail with the code. A decoy's flow gets a code nobody is sent, and the owner of the
 * address is told that somebody tried to sign up with it. Returns the state token.
 */
export async function startEmailVerification(
  db: Db,
  client: FlowClient,
  subject: FlowSubject,
  now: Date,
): Promise<string> {
  const stateToken = createOpaqueToken()
  const code = createVerificationCode()
  const isMember = 'member' in subject
  return db.transaction(async (tx) => {
    const site = await getSite(tx, client.siteId)
    await tx.query(
      `insert into identity_state_tokens (token_hash, site_id, client_id, member_id, purpose, created_date,
         expires_at, code_hash, code_expires_at, codes_sent, decoy_identity)
       values ($1, $2, $3, $4, 'EMAIL_VERIFICATION', $5, $6, $7, $8, 1, $9)`,
      [
        hashToken(stateToken),
        client.siteId,
        client.clientId,
        isMember ? subject.member.id : null,
        now,
        addSeconds(now, STATE_TOKEN_TTL_SECONDS),
        hashVerificationCode(stateToken, code),
        addSeconds(now, VERIFICATION_CODE_TTL_SECONDS),
        isMember ? null : JSON.stringify(subject.decoy),
      ],
    )
    const mail = isMember
      ? verificationCodeMail(site, subject.member.login_email, code, VERIFICATION_CODE_TTL_SECONDS / 60)
      : existingAccountMail(site, subject.ownerEmail)
    await enqueueMail(tx, mail, now)
    return stateToken
  })
}

type VerifyOutcome = { kind: 'verified'; member: MemberRow } | { kind: 'refused'; error: ApplicationError }

const invalidFlow = () =>
  new ApplicationError(
    'STATE_TOKEN_INVALID',
    'This verification is over or unknown: sign in again for a new code',
  )
const exhausted = () =>
  new ApplicationError(
    'VERIFICATION_ATTEMPTS_EXHAUSTED',
    `${MAX_CODE_ATTEMPTS} codes were tried: sign in again for a new code`,
  )

/** Counts the submission, atomically: the flow's row stays locked until the transaction ends. */
async function countSubmission(tx: Db, stateToken: string, client: FlowClient, now: Date) {
  return queryOne<{
    member_id: string | null
    code_hash: string
    code_expires_at: Date
    attempt_count: number
  }>(
    tx,
    `update identity_state_tokens set attempt_count = attempt_count + 1
      where token_hash = $1 and site_id = $2 and client_id = $3 and purpose = 'EMAIL_VERIFICATION'
        and used_at is null and expires_at > $4
      returning member_id, code_hash, code_expires_at, attempt_count`,
    [hashToken(stateToken), client.siteId, client.clientId, now],
  )
}

/**
 * Ends the flow and moves the member on (verified e-mail; active, or waiting for the owner). Every
 * other way the member is signed in ends with it (SECURITY.md V8): hosted sessions, every token
 * family, unspent codes, session tokens and links. The fresh session token is made after, by the caller.
 */
async function finishFlow(
  tx: Db,
  stateToken: string,
  memberId: string,
  now: Date,
): Promise<MemberRow | undefined> {
  await tx.query('update identity_state_tokens set used_at = $2 where token_hash = $1', [
    hashToken(stateToken),
    now,
  ])
  const member = await queryOne<MemberRow>(tx, 'select * from members where id = $1 for update', [memberId])
  if (!member || (member.status !== 'PENDING' && member.status !== 'ACTIVE')) return undefined
  const next = statusAfterEmailProof(
    { status: member.status, pendingReason: member.pending_reason },
    await readIdentityPolicy(tx, member.site_id),
  )
  const verified = await queryOne<MemberRow>(
    tx,
    `update members set status = $2, pending_reason = $3, email_verified = true, updated_date = $4
      where id = $1 returning *`,
    [memberId, next.status, next.pendingReason, now],
  )
  await revokeMemberAccess(tx, memberId, now)
  return verified
}

/**
 * Checks the code of a verification flow (`POST /identity/v1/auth/verify`). Every submission counts,
 * atomically, so that even concurrent guesses get at most `MAX_CODE_ATTEMPTS` comparisons; the right
 * code ends the flow once (single use), moves the member on and, in the same transaction, revokes
 * every session and token family the member held (SECURITY.md V8): the caller issues fresh ones after.
 * A decoy's flow never verifies.
 *
 * @returns the member, with their new status.
 * @throws ApplicationError STATE_TOKEN_INVALID, VERIFICATION_CODE_INVALID (with `data.attemptsLeft`),
 * VERIFICATION_CODE_EXPIRED or VERIFICATION_ATTEMPTS_EXHAUSTED.
 */
export async function verifyEmailCode(
  db: Db,
  client: FlowClient,
  input: { stateToken: string; code: string },
  now: Date,
): Promise<MemberRow> {
  const submitted = hashVerificationCode(input.stateToken, input.code.trim())
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    const flow = await countSubmission(tx, input.stateToken, client, now)
    if (!flow) return { kind: 'refused', error: invalidFlow() }
    if (flow.attempt_count > MAX_CODE_ATTEMPTS) return { kind: 'refused', error: exhausted() }
    if (new Date(flow.code_expires_at).getTime() <= now.getTime())
      return {
        kind: 'refused',
        error: new ApplicationError('VERIFICATION_CODE_EXPIRED', 'The code expired: ask for a new one'),
      }
    if (!flow.member_id || !isSameHash(flow.code_hash, submitted)) {
      const attemptsLeft = MAX_CODE_ATTEMPTS - flow.attempt_count
      if (attemptsLeft === 0) return { kind: 'refused', error: exhausted() }
      const error = new ApplicationError('VERIFICATION_CODE_INVALID', 'The code is wrong', { attemptsLeft })
      return { kind: 'refused', error }
    }
    const member = await finishFlow(tx, input.stateToken, flow.member_id, now)
    return member ? { kind: 'verified', member } : { kind: 'refused', error: invalidFlow() }
  })
  // Thrown after the transaction: a wrong code's count must stay counted.
  if (outcome.kind === 'refused') throw outcome.error
  return outcome.member
}

/**
 * Sends a flow a new code (`POST /identity/v1/auth/resend`): the old one stops working, the new one
 * works for 15 minutes, the attempts already made still count. A decoy's flow answers alike and sends
 * nothing.
 *
 * @returns whom the flow is for, as the wire shows them.
 * @throws ApplicationError STATE_TOKEN_INVALID, VERIFICATION_ATTEMPTS_EXHAUSTED or VERIFICATION_RESEND_LIMIT.
 */
export async function resendEmailCode(
  db: Db,
  client: FlowClient,
  stateToken: string,
  now: Date,
): Promise<{ member: MemberRow } | { decoy: Identity }> {
  const code = createVerificationCode()
  return db.transaction(async (tx) => {
    const flow = await queryOne<{
      member_id: string | null
      attempt_count: number
      codes_sent: number
      decoy_identity: Identity | null
    }>(
      tx,
      `select member_id, attempt_count, codes_sent, decoy_identity from identity_state_tokens
        where token_hash = $1 and site_id = $2 and client_id = $3 and purpose = 'EMAIL_VERIFICATION'
          and used_at is null and expires_at > $4
        for update`,
      [hashToken(stateToken), client.siteId, client.clientId, now],
    )
    if (!flow) throw invalidFlow()
    if (flow.attempt_count >= MAX_CODE_ATTEMPTS) throw exhausted()
    if (flow.codes_sent >= MAX_CODES_PER_FLOW)
      throw new ApplicationError(
        'VERIFICATION_RESEND_LIMIT',
        `This verification sent ${MAX_CODES_PER_FLOW} codes already`,
      )
    await tx.query(
      `update identity_state_tokens set code_hash = $2, code_expires_at = $3, codes_sent = codes_sent + 1
        where token_hash = $1`,
      [
        hashToken(stateToken),
        hashVerificationCode(stateToken, code),
        addSeconds(now, VERIFICATION_CODE_TTL_SECONDS),
      ],
    )
    const member = flow.member_id
      ? await queryOne<MemberRow>(tx, 'select * from members where id = $1', [flow.member_id])
      : undefined
    if (!member) return { decoy: flow.decoy_identity as Identity }
    const site = await getSite(tx, client.siteId)
    const mail = verificationCodeMail(site, member.login_email, code, VERIFICATION_CODE_TTL_SECONDS / 60)
    await enqueueMail(tx, mail, now)
    return { member }
  })
}
