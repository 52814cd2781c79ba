import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/db.ts'
import { ApplicationError, type FieldViolation, ValidationError } from '../../http/errors.ts'
import { isEmailAddress, normalizeEmail } from '../../mail/email-address.ts'
import type { PasswordHasher } from '../../passwords/password-hasher.ts'
import { passwordViolations } from '../../passwords/password-policy.ts'
import { passwordNotSet, wrongCredentials } from '../identity-errors.ts'
import { readIdentityPolicy } from '../identity-policy.ts'
import { createSessionToken } from '../identity-token-store.ts'
import { type AuthState, type Identity, type IdentityProfile, toWireIdentity } from '../identity-wire.ts'
import { startEmailVerification } from './email-verification.ts'
import { initialStatus } from './member-status.ts'
import { findMemberByEmail, insertMember, type MemberRow, updatePasswordHash } from './member-store.ts'

/** What registration and login need. */
export interface AuthenticationDeps {
  db: Db
  hasher: PasswordHasher
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
  violations.push(...passwordViolations(password))
  if (violations.length > 0) throw new ValidationError(violations)
}

/**
 * The answer for a member in `state`, with the token that state calls for: a session token for
 * SUCCESS; for REQUIRE_EMAIL_VERIFICATION the state token of a verification flow (`stateToken` when
 * one was started already, else a new flow, whose code is e-mailed).
 */
export async function answerFor(
  db: Db,
  client: AuthenticationClient,
  member: MemberRow,
  state: AuthState,
  now: Date,
  stateToken?: string,
): Promise<AuthenticationAnswer> {
  const tokens = {
    sessionToken:
      state === 'SUCCESS' ? await createSessionToken(db, { ...client, memberId: member.id }, now) : undefined,
    stateToken:
      state === 'REQUIRE_EMAIL_VERIFICATION'
        ? (stateToken ?? (await startEmailVerification(db, client, { member }, now)))
        : undefined,
  }
  return toAnswer(toWireIdentity(member), state, tokens)
}

/**
 * The answer's object, its keys always in one order: a decoy's answer must not be told from a real one
 * by its bytes (SECURITY.md L2), so both are built here.
 */
function toAnswer(
  identity: Identity,
  state: AuthState,
  tokens: { sessionToken?: string | undefined; stateToken?: string | undefined },
): AuthenticationAnswer {
  const answer: AuthenticationAnswer = { identity, state, additionalData: {} }
  if (tokens.sessionToken !== undefined) answer.sessionToken = tokens.sessionToken
  if (tokens.stateToken !== undefined) answer.stateToken = tokens.stateToken
  return answer
}

/**
 * What a registration made: a member in their first state (with the verification flow's state token
 * when they must verify their e-mail), or, for a taken e-mail on a site that verifies e-mails, a decoy.
 */
export type Registration =
  | { member: MemberRow; state: AuthState; stateToken: string | undefined }
  | { decoy: Identity; state: 'REQUIRE_EMAIL_VERIFICATION'; stateToken: string }

/** A member as the wire would show one that does not exist: a new sign-up waiting for its code. */
function toDecoyIdentity(siteId: string, email: string, profile: IdentityProfile, now: Date): Identity {
  return toWireIdentity({
    id: randomUUID(),
    site_id: siteId,
    login_email: email,
    password_hash: null,
    status: 'PENDING',
    pending_reason: 'PENDING_EMAIL_VERIFICATION_REQUIRED',
    email_verified: false,
    profile,
    created_date: now,
    updated_date: now,
  })
}

/**
 * Creates a member on the client's site, by the site's policy ACTIVE, waiting for e-mail verification
 * (the code is e-mailed in the same transaction) or waiting for the owner. A taken e-mail is -19995,
 * except where e-mails are verified: there it gets a decoy, whose flow looks like a new one's and
 * never verifies, and the owner of the address is told by e-mail (SECURITY.md L2). The password is
 * hashed in either case.
 *
 * @throws ValidationError for a bad e-mail (`ruleName` EMAIL) or a password of the wrong length.
 * @throws ApplicationError -19995 for a taken e-mail.
 */
export async function createAccount(
  deps: AuthenticationDeps,
  client: AuthenticationClient,
  input: { email: string; password: string; profile: IdentityProfile | undefined },
  now: Date,
): Promise<Registration> {
  const email = normalizeEmail(input.email)
  assertRegistration(email, input.password)
  const policy = await readIdentityPolicy(deps.db, client.siteId)
  const passwordHash = await deps.hasher.hash(input.password)
  const { status, pendingReason } = initialStatus(policy)
  const profile = input.profile ?? {}
  return deps.db.transaction(async (tx): Promise<Registration> => {
    const member = await insertMember(
      tx,
      { siteId: client.siteId, email, passwordHash, status, pendingReason, profile },
      now,
    )
    if (member) {
      const state = toAuthState(member)!
      const stateToken =
        state === 'REQUIRE_EMAIL_VERIFICATION'
          ? await startEmailVerification(tx, client, { member }, now)
          : undefined
      return { member, state, stateToken }
    }
    if (!policy.emailVerificationRequired)
      throw new ApplicationError('-19995', 'An account with this e-mail already exists')
    const decoy = toDecoyIdentity(client.siteId, email, profile, now)
    const stateToken = await startEmailVerification(tx, client, { decoy, ownerEmail: email }, now)
    return { decoy, state: 'REQUIRE_EMAIL_VERIFICATION', stateToken }
  })
}

/**
 * Registers a member (`POST /identity/v2/register`): `createAccount`, answered SUCCESS with a
 * single-use session token, REQUIRE_EMAIL_VERIFICATION with a state token, or REQUIRE_OWNER_APPROVAL.
 * A decoy's answer has the same shape as a new member's.
 *
 * @throws ValidationError for a bad e-mail (`ruleName` EMAIL) or a password of the wrong length.
 * @throws ApplicationError -19995 for a taken e-mail.
 */
export async function registerMember(
  deps: AuthenticationDeps,
  client: AuthenticationClient,
  input: { email: string; password: string; profile: IdentityProfile | undefined },
  now: Date,
): Promise<AuthenticationAnswer> {
  const registration = await createAccount(deps, client, input, now)
  if ('decoy' in registration)
    return toAnswer(registration.decoy, registration.state, { stateToken: registration.stateToken })
  return answerFor(deps.db, client, registration.member, registration.state, now, registration.stateToken)
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
  const found = await checkCredentials(deps, siteId, credentials)
  return found?.passwordless ? undefined : found?.member
}

// The member the credentials name: with a matching password, or one who may log in but has none yet
// (signed on by a trusted server, through SSO, or imported). Both paths cost one hash verification.
async function checkCredentials(
  deps: AuthenticationDeps,
  siteId: string,
  credentials: { email: string; password: string },
): Promise<{ member: MemberRow; passwordless: boolean } | undefined> {
  const member = await findMemberByEmail(deps.db, siteId, normalizeEmail(credentials.email).slice(0, 320))
  if (!member?.password_hash) {
    await deps.hasher.verifyDummy(credentials.password)
    return member && toAuthState(member) ? { member, passwordless: true } : undefined
  }
  if (!(await deps.hasher.verify(credentials.password, member.password_hash))) return undefined
  if (deps.hasher.needsRehash(member.password_hash))
    await updatePasswordHash(
      deps.db,
      member.id,
      member.password_hash,
      await deps.hasher.hash(credentials.password),
    )
  return { member, passwordless: false }
}

/**
 * Logs a member in with e-mail and password (`POST /identity/v2/login`). The pending states are told
 * only after the password was verified (SECURITY.md L3); an unknown e-mail, a wrong password and a
 * blocked, deleted or offline member all get the same -19976. A member who may log in but has no
 * password yet gets -19973 (spec section 8: `resetPassword`), so the storefront offers the recovery
 * mail that sets one (decision 035 weighs what this tells about the e-mail).
 *
 * @throws ApplicationError -19976; -19973 for a member without a password.
 */
export async function loginMember(
  deps: AuthenticationDeps,
  client: AuthenticationClient,
  credentials: { email: string; password: string },
  now: Date,
): Promise<AuthenticationAnswer> {
  const found = await checkCredentials(deps, client.siteId, credentials)
  if (found?.passwordless) throw passwordNotSet()
  const state = found && toAuthState(found.member)
  if (!found || !state) throw wrongCredentials()
  return answerFor(deps.db, client, found.member, state, now)
}
