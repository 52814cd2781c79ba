import { randomUUID } from 'node:crypto'
import type { Db } from '../db/db.ts'
import { type FieldViolation, ValidationError } from '../http/errors.ts'
import { IdentityError, wrongCredentials } from './identity-errors.ts'
import { createSessionToken, createStateToken } from './identity-token-store.ts'
import { type AuthState, type Identity, type IdentityProfile, toWireIdentity } from './identity-wire.ts'
import {
  findMemberByEmail,
  getMemberPolicy,
  insertMember,
  isEmailAddress,
  type MemberRow,
  normalizeEmail,
  updatePasswordHash,
} from './member-store.ts'
import {
  MAX_MEMBER_PASSWORD_LENGTH,
  type MemberPasswordHasher,
  MIN_MEMBER_PASSWORD_LENGTH,
} from './password-hasher.ts'

/** What registration and login need. */
export interface AuthenticationDeps {
  db: Db
  hasher: MemberPasswordHasher
}

/** The site and OAuth client a registration or login happens through (from the caller's token). */
export interface AuthenticationClient {
  siteId: string
  clientId: string
}

/** The answer of v2 register and login. */
export interface AuthenticationAnswer {
  identity: Identity
  state: AuthState
  sessionToken?: string
  stateToken?: string
  additionalData: Record<string, unknown>
}

/** The auth state a member with a verified password is in; `undefined` for one who may not log in. */
export function toAuthState(member: MemberRow): AuthState | undefined {
  if (member.status === 'ACTIVE') return 'SUCCESS'
  if (member.pending_reason === 'PENDING_ADMIN_APPROVAL_REQUIRED') return 'REQUIRE_OWNER_APPROVAL'
  if (member.pending_reason === 'PENDING_EMAIL_VERIFICATION_REQUIRED') return 'REQUIRE_EMAIL_VERIFICATION'
  return undefined
}

function assertRegistration(email: string, password: string) {
  const violations: FieldViolation[] = []
  if (!isEmailAddress(email)) {
    // The spec's clients recognise the e-mail violation by `ruleName` (or `data.type`) EMAIL.
    const emailViolation = {
      field: 'loginId.email',
      description: 'must be an e-mail address',
      violatedRule: 'FORMAT',
      ruleName: 'EMAIL',
      data: { type: 'EMAIL' },
    } as const
    violations.push(emailViolation)
  }
  if (password.length < MIN_MEMBER_PASSWORD_LENGTH)
    violations.push({
      field: 'password',
      description: `must be at least ${MIN_MEMBER_PASSWORD_LENGTH} characters`,
      violatedRule: 'MIN_LENGTH',
    })
  if (password.length > MAX_MEMBER_PASSWORD_LENGTH)
    violations.push({
      field: 'password',
      description: `must be at most ${MAX_MEMBER_PASSWORD_LENGTH} characters`,
      violatedRule: 'MAX_LENGTH',
    })
  if (violations.length > 0) throw new ValidationError(violations)
}

/** The answer for a member in `state`, with the token that state calls for. */
async function answerFor(
  db: Db,
  client: AuthenticationClient,
  member: MemberRow,
  state: AuthState,
  now: Date,
): Promise<AuthenticationAnswer> {
  const answer: AuthenticationAnswer = { identity: toWireIdentity(member), state, additionalData: {} }
  const owner = { ...client, memberId: member.id }
  if (state === 'SUCCESS') answer.sessionToken = await createSessionToken(db, owner, now)
  if (state === 'REQUIRE_EMAIL_VERIFICATION') answer.stateToken = await createStateToken(db, owner, now)
  return answer
}

/**
 * Registers a member on the client's site (`POST /identity/v2/register`). By the site's policy the
 * member is ACTIVE (SUCCESS, with a single-use session token), waits for e-mail verification
 * (REQUIRE_EMAIL_VERIFICATION, with a state token) or for the owner (REQUIRE_OWNER_APPROVAL). A taken
 * e-mail is -19995, except where e-mails are verified: there it gets the same answer as a new one
 * (SECURITY.md L2), so registration reveals no account. The password is hashed in either case.
 *
 * @throws ValidationError for a bad e-mail (`ruleName` EMAIL) or a password of the wrong length.
 * @throws IdentityError -19995 for a taken e-mail.
 */
export async function registerMember(
  deps: AuthenticationDeps,
  client: AuthenticationClient,
  input: { email: string; password: string; profile: IdentityProfile | undefined },
  now: Date,
): Promise<AuthenticationAnswer> {
  const email = normalizeEmail(input.email)
  assertRegistration(email, input.password)
  const policy = await getMemberPolicy(deps.db, client.siteId)
  const passwordHash = await deps.hasher.hash(input.password)
  const pendingReason = policy.isEmailVerificationRequired
    ? 'PENDING_EMAIL_VERIFICATION_REQUIRED'
    : policy.isOwnerApprovalRequired
      ? 'PENDING_ADMIN_APPROVAL_REQUIRED'
      : null
  const profile = input.profile ?? {}
  return deps.db.transaction(async (tx) => {
    const member = await insertMember(
      tx,
      {
        siteId: client.siteId,
        email,
        passwordHash,
        status: pendingReason ? 'PENDING' : 'ACTIVE',
        pendingReason,
        profile,
      },
      now,
    )
    if (member) return answerFor(tx, client, member, toAuthState(member)!, now)
    if (!policy.isEmailVerificationRequired)
      throw new IdentityError('-19995', 'An account with this e-mail already exists')
    // The answer a new sign-up gets, for a member who does not exist; its state token verifies nothing.
    const decoy: MemberRow = {
      id: randomUUID(),
      site_id: client.siteId,
      login_email: email,
      password_hash: null,
      status: 'PENDING',
      pending_reason: 'PENDING_EMAIL_VERIFICATION_REQUIRED',
      email_verified: false,
      profile,
      created_date: now,
      updated_date: now,
    }
    const stateToken = await createStateToken(tx, { ...client, memberId: undefined }, now)
    return {
      identity: toWireIdentity(decoy),
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken,
      additionalData: {},
    }
  })
}

/**
 * The member of the site whose password this is, whatever their status; `undefined` otherwise. An
 * unknown e-mail costs one verification against a dummy hash, as a known one does (ASVS 6.3.8). A hash
 * made with older parameters is replaced on the way (OWASP: rehash on login).
 */
export async function findMemberByCredentials(
  deps: AuthenticationDeps,
  siteId: string,
  credentials: { email: string; password: string },
): Promise<MemberRow | undefined> {
  const member = await findMemberByEmail(deps.db, siteId, normalizeEmail(credentials.email).slice(0, 320))
  if (!member?.password_hash) {
    await deps.hasher.verifyDummy(credentials.password)
    return undefined
  }
  if (!(await deps.hasher.verify(credentials.password, member.password_hash))) return undefined
  if (deps.hasher.needsRehash(member.password_hash))
    await updatePasswordHash(deps.db, member.id, await deps.hasher.hash(credentials.password))
  return member
}

/**
 * Logs a member in with e-mail and password (`POST /identity/v2/login`). The pending states are told
 * only after the password was verified (SECURITY.md L3); an unknown e-mail, a wrong password and a
 * blocked, deleted or offline member all get the same -19976.
 *
 * @throws IdentityError -19976.
 */
export async function loginMember(
  deps: AuthenticationDeps,
  client: AuthenticationClient,
  credentials: { email: string; password: string },
  now: Date,
): Promise<AuthenticationAnswer> {
  const member = await findMemberByCredentials(deps, client.siteId, credentials)
  const state = member && toAuthState(member)
  if (!member || !state) throw wrongCredentials()
  return answerFor(deps.db, client, member, state, now)
}
