import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { ApplicationError, invalidField } from '../../http/errors.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { AuthenticationResponse, toWireIdentity } from '../identity-wire.ts'
import { resendEmailCode, startEmailVerification, verifyEmailCode } from './email-verification.ts'
import { answerFor, toAuthState } from './member-authentication.ts'
import { findMemberById } from './member-store.ts'

const tag = 'Identity'
const NO_STORE = 'no-store'
const StateToken = z.string().min(1).max(100)

/**
 * E-mail verification under `/identity`: verify and resend during a sign-up or login (the state
 * token of its REQUIRE_EMAIL_VERIFICATION answer), and start for a signed-in member.
 */
/** The answer of `POST /identity/v1/Start`. */
export const StartVerificationResponse = z.object({ verificationId: z.string() })

export function registerVerificationRoutes(api: Api, deps: Pick<IdentityDeps, 'db' | 'clock'>) {
  const { db, clock } = deps

  api.route(
    {
      method: 'post',
      path: '/identity/v1/auth/verify',
      operationId: 'verifyDuringAuthentication',
      summary:
        'Check the e-mailed code of a verification flow (stateToken). The right code answers the next state like a login (SUCCESS with a session token, or REQUIRE_OWNER_APPROVAL); 5 codes per flow, each valid 15 minutes',
      tag,
      auth: 'shopper',
      body: z.object({ code: z.string().min(1).max(64), stateToken: StateToken }),
      response: AuthenticationResponse,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }) => {
      const client = { siteId: caller.siteId, clientId: caller.clientId }
      const member = await verifyEmailCode(db, client, body, clock())
      return answerFor(db, client, member, toAuthState(member)!, clock())
    },
  )

  api.route(
    {
      method: 'post',
      path: '/identity/v1/auth/resend',
      operationId: 'resendDuringAuthentication',
      summary:
        'E-mail a new code for a verification flow (the old one stops working); answers REQUIRE_EMAIL_VERIFICATION with the same stateToken',
      tag,
      auth: 'shopper',
      body: z.object({ stateToken: StateToken }),
      response: AuthenticationResponse,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }) => {
      const client = { siteId: caller.siteId, clientId: caller.clientId }
      const flow = await resendEmailCode(db, client, body.stateToken, clock())
      const identity = 'member' in flow ? toWireIdentity(flow.member) : flow.decoy
      return {
        identity,
        state: 'REQUIRE_EMAIL_VERIFICATION' as const,
        stateToken: body.stateToken,
        additionalData: {},
      }
    },
  )

  api.route(
    {
      method: 'post',
      path: '/identity/v1/Start',
      operationId: 'startVerification',
      summary:
        "Start verifying the signed-in member's own e-mail (target EMAIL): a code is e-mailed; verificationId is the flow's state token for /identity/v1/auth/verify",
      tag,
      auth: 'shopper',
      body: z.object({
        identityId: z.guid({ message: 'must be an identity id (UUID)' }),
        target: z.enum(['UNKNOWN_TARGET', 'EMAIL']),
      }),
      response: StartVerificationResponse,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }) => {
      if (caller.kind !== 'member' || caller.subjectId !== body.identityId)
        throw new ApplicationError('FORBIDDEN', 'A member can start verifying only their own e-mail')
      if (body.target !== 'EMAIL') throw invalidField('target', 'must be EMAIL', 'INVALID_ENUM_VALUE')
      const member = await findMemberById(db, caller.siteId, caller.subjectId)
      if (!member) throw new ApplicationError('MEMBER_NOT_FOUND', 'No member of this site has this id')
      if (member.email_verified)
        throw new ApplicationError('EMAIL_ALREADY_VERIFIED', 'The e-mail is verified already')
      const client = { siteId: caller.siteId, clientId: caller.clientId }
      return { verificationId: await startEmailVerification(db, client, { member }, clock()) }
    },
  )
}
