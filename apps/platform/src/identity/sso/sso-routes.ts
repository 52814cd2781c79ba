import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { ApplicationError } from '../../http/errors.ts'
import { IdParam } from '../../http/validation.ts'
import { EXTERNAL_LOGIN_PERMISSION } from '../../oauth/external-login.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import { AuthenticationResponse } from '../identity-wire.ts'
import {
  createIdpConnection,
  disableIdpConnection,
  type IdpConnection,
  listIdpConnections,
} from './idp-connection-store.ts'
import type { IdpKeyDeps } from './idp-keys.ts'
import { loginWithIdToken } from './sso-login.ts'

const tag = 'Identity'

const Jwk = z
  .object({
    kty: z.enum(['RSA', 'EC', 'OKP']),
    kid: z.string().max(200).optional(),
    use: z.literal('sig').optional(),
    alg: z.enum(['RS256', 'PS256', 'ES256', 'EdDSA']).optional(),
    crv: z.enum(['P-256', 'Ed25519']).optional(),
    n: z.string().max(2_000).optional(),
    e: z.string().max(20).optional(),
    x: z.string().max(200).optional(),
    y: z.string().max(200).optional(),
  })
  .loose()
const IdpConnectionFields = {
  name: z.string().min(1).max(200),
  issuer: z.url().max(2_000),
  audience: z.string().min(1).max(500),
  jwks: z
    .object({ keys: z.array(Jwk).min(1).max(20) })
    .optional()
    .describe('the provider’s public keys, pasted'),
  jwksUrl: z.url().max(2_000).optional().describe('where the provider publishes its keys (a JWK Set)'),
}
/** A new connection: exactly one of `jwks`, `jwksUrl` or `discovery: true` says where its keys are. */
export const IdpConnectionInput = z.object({
  ...IdpConnectionFields,
  discovery: z
    .boolean()
    .optional()
    .describe('the keys are at the jwks_uri of <issuer>/.well-known/openid-configuration'),
})
const IdpConnectionSchema = z.object({
  ...IdpConnectionFields,
  discovery: z.boolean(),
  id: z.uuid(),
  createdDate: z.string(),
})

function toWireConnection(connection: IdpConnection) {
  const { siteId: _siteId, siteLocalDevelopment: _local, createdDate, jwks, jwksUrl, ...rest } = connection
  return {
    ...rest,
    ...(jwks ? { jwks } : {}),
    ...(jwksUrl ? { jwksUrl } : {}),
    createdDate: createdDate.toISOString(),
  }
}

/** What the SSO calls need: the identity deps, and the outbound rules' setting and resolver. */
export type SsoDeps = Pick<IdentityDeps, 'db' | 'clock'> & Omit<IdpKeyDeps, 'db'>

/**
 * SSO: `POST /identity/v1/sso/login-with-token-params` for shoppers, and the site's identity-provider
 * connections for the merchant (`/identity/v1/idp-connections`: register, list, disable).
 */
export function registerSsoRoutes(api: Api, deps: SsoDeps) {
  const { db, clock } = deps
  api.route(
    {
      method: 'post',
      path: '/identity/v1/sso/login-with-token-params',
      operationId: 'loginWithIdpConnectionTokenParams',
      summary:
        'Log a member in with an ID token (tokenParams.id_token) of an identity provider the site registered; the member with its verified e-mail is found or created; answers as a login',
      tag,
      auth: 'shopper',
      body: z.object({
        idpConnectionId: z.guid(),
        tokenParams: z.record(z.string().max(100), z.string().max(16_000)),
      }),
      response: AuthenticationResponse,
      cacheControl: 'no-store',
    },
    async ({ body, caller }) =>
      loginWithIdToken(deps, { siteId: caller.siteId, clientId: caller.clientId }, body, clock()),
  )

  const merchant = { tag, auth: 'merchant', permission: EXTERNAL_LOGIN_PERMISSION } as const
  api.route(
    {
      ...merchant,
      method: 'post',
      path: '/identity/v1/idp-connections',
      operationId: 'createIdpConnection',
      summary:
        'Register an identity provider (issuer, audience, and its public signing keys: pasted as jwks, at jwksUrl, or by OpenID discovery of the issuer) whose ID tokens log members in; a URL must be https on a public host unless the site is in local development mode',
      body: IdpConnectionInput,
      response: z.object({ idpConnection: IdpConnectionSchema }),
    },
    async ({ body, caller }) => ({
      idpConnection: toWireConnection(
        await createIdpConnection(db, { ...body, siteId: caller.siteId }, clock(), {
          localDevelopmentSites: deps.localDevelopmentSites,
        }),
      ),
    }),
  )
  api.route(
    {
      ...merchant,
      method: 'get',
      path: '/identity/v1/idp-connections',
      operationId: 'listIdpConnections',
      summary: 'The site’s enabled identity providers',
      response: z.object({ idpConnections: z.array(IdpConnectionSchema) }),
    },
    async ({ caller }) => ({
      idpConnections: (await listIdpConnections(db, caller.siteId)).map(toWireConnection),
    }),
  )
  api.route(
    {
      ...merchant,
      method: 'delete',
      path: '/identity/v1/idp-connections/:id',
      operationId: 'disableIdpConnection',
      summary: 'Disable an identity provider: its tokens log nobody in any more',
      params: IdParam,
      response: z.object({}),
    },
    async ({ params, caller }) => {
      if (!(await disableIdpConnection(db, caller.siteId, params.id, clock())))
        throw new ApplicationError('IDP_CONNECTION_NOT_FOUND', 'No identity provider with this id')
      return {}
    },
  )
}
