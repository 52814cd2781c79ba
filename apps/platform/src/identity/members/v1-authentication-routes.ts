import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { ValidationError } from '../../http/errors.ts'
import { requireCaptcha } from '../captcha/captcha-gate.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { AuthenticationResponse, CaptchaTokens, IdentityProfileInput } from '../identity-wire.ts'
import { loginMember, registerMember } from './member-authentication.ts'
import { proceedWithStateToken } from './state-proceed.ts'

const tag = 'Identity'
const NO_STORE = 'no-store'

// The one authenticator of this platform: a password, in `inputs.password`.
const AuthenticatorId = z
  .enum(['password'], { error: 'must be "password", the one authenticator' })
  .optional()
const PasswordInputs = z.object({ password: z.string().max(4_096) })
const Email = z.object({ email: z.string().max(1_000) })

const RegisterV1Body = z.object({
  identity: z.object({
    email: z.object({ address: z.string().max(1_000) }),
    identityProfile: IdentityProfileInput.optional(),
  }),
  authenticatorId: AuthenticatorId,
  inputs: PasswordInputs,
  captchaTokens: CaptchaTokens.optional(),
})

const LoginV1Body = z.object({
  identifier: Email.optional(),
  loginId: Email.optional(),
  authenticatorId: AuthenticatorId,
  inputs: PasswordInputs,
  captchaTokens: CaptchaTokens.optional(),
})

/**
 * The v2 calls name their fields `loginId.email` and `password`; the v1 bodies hold the same values
 * elsewhere, and a violation names the field the caller sent.
 */
function withV1Fields<T>(fields: Readonly<Record<string, string>>, run: () => Promise<T>): Promise<T> {
  return run().catch((error: unknown) => {
    if (!(error instanceof ValidationError)) throw error
    throw new ValidationError(
      error.fieldViolations.map((violation) => ({
        ...violation,
        field: fields[violation.field] ?? violation.field,
      })),
      { cause: error },
    )
  })
}

/**
 * The v1 identity calls (spec section 7): register and login with an authenticator's inputs (the
 * password authenticator), with the v2 calls' rules, states, codes and captcha; and
 * `POST /identity/v1/state/proceed`, which moves a waiting sign-up or login on with its state token.
 */
export function registerV1AuthenticationRoutes(api: Api, deps: IdentityDeps) {
  const { db, clock } = deps
  const authentication = { db, hasher: deps.hasher }

  api.route(
    {
      method: 'post',
      path: '/identity/v1/register',
      operationId: 'register',
      summary:
        'Register a member (v1): identity.email.address, inputs.password (authenticatorId "password"); answers as the v2 registration',
      tag,
      auth: 'shopper',
      body: RegisterV1Body,
      response: AuthenticationResponse,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }, c) => {
      await requireCaptcha(deps, caller.siteId, body.captchaTokens, c.get('clientAddress'))
      const input = {
        email: body.identity.email.address,
        password: body.inputs.password,
        profile: body.identity.identityProfile,
      }
      const fields = { 'loginId.email': 'identity.email.address', password: 'inputs.password' }
      const client = { siteId: caller.siteId, clientId: caller.clientId }
      return withV1Fields(fields, () => registerMember(authentication, client, input, clock()))
    },
  )

  api.route(
    {
      method: 'post',
      path: '/identity/v1/login',
      operationId: 'login',
      summary:
        'Log a member in (v1): loginId.email (or identifier.email), inputs.password; answers as the v2 login, -19976 alike for every wrong pair, -19973 for a member without a password yet',
      tag,
      auth: 'shopper',
      body: LoginV1Body,
      response: AuthenticationResponse,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }, c) => {
      const email = body.loginId?.email ?? body.identifier?.email
      if (email === undefined)
        throw new ValidationError([
          {
            field: 'loginId.email',
            description: 'is required (or identifier.email)',
            violatedRule: 'REQUIRED_FIELD',
          },
        ])
      await requireCaptcha(deps, caller.siteId, body.captchaTokens, c.get('clientAddress'))
      const client = { siteId: caller.siteId, clientId: caller.clientId }
      return loginMember(authentication, client, { email, password: body.inputs.password }, clock())
    },
  )

  api.route(
    {
      method: 'post',
      path: '/identity/v1/state/proceed',
      operationId: 'proceedToNextStep',
      summary:
        'Move a waiting sign-up or login on with its state token: SUCCESS with a session token once the member is active, else the state they still wait in (with the same state token)',
      tag,
      auth: 'shopper',
      body: z.object({ stateToken: z.string().min(1).max(100) }),
      response: AuthenticationResponse,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }) =>
      proceedWithStateToken(
        db,
        { siteId: caller.siteId, clientId: caller.clientId },
        body.stateToken,
        clock(),
      ),
  )
}
