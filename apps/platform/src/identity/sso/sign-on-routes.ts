import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { EXTERNAL_LOGIN_PERMISSION } from '../../oauth/external-login.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { IdentityProfileInput, IdentitySchema } from '../identity-wire.ts'
import { signOnMember } from './sign-on.ts'

/** The answer of sign-on: the member, and a session token when they are active. */
export const SignOnResponse = z.object({ identity: IdentitySchema, sessionToken: z.string().optional() })

/** `POST /identity/v2/sign-on`: a merchant's server signs a member on (spec section 7). */
export function registerSignOnRoutes(api: Api, deps: Pick<IdentityDeps, 'db' | 'clock'>) {
  api.route(
    {
      method: 'post',
      path: '/identity/v2/sign-on',
      operationId: 'signOn',
      summary:
        'Sign a member on from the merchant’s server (API key with the members permission), creating them without a password when needed; an active member gets a single-use session token (5 minutes) for clientId (the site’s first client by default). Audited',
      tag: 'Identity',
      auth: 'merchant',
      permission: EXTERNAL_LOGIN_PERMISSION,
      body: z.object({
        loginId: z.object({ email: z.string().max(1_000) }),
        profile: IdentityProfileInput.optional(),
        verifyEmail: z.boolean().optional(),
        mergeExistingContact: z.boolean().optional(),
        clientId: z
          .string()
          .min(1)
          .max(200)
          .optional()
          .describe('an extension: the client of the session token'),
      }),
      response: SignOnResponse,
      cacheControl: 'no-store',
    },
    async ({ body, caller }, c) =>
      signOnMember(
        deps.db,
        { siteId: caller.siteId, apiKeyId: caller.apiKeyId, remoteAddress: c.get('clientAddress') },
        { ...body, email: body.loginId.email },
        deps.clock(),
      ),
  )
}
