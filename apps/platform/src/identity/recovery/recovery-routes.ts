import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import type { IdentityDeps } from '../identity-deps.ts'
import {
  assertReturnUrl,
  recoverPassword,
  sendActivationEmail,
  sendRecoveryEmail,
} from './password-recovery.ts'

const tag = 'Identity'
const NO_STORE = 'no-store'
const Redirect = z.object({ url: z.string().max(2_000), clientId: z.string().max(200) })
const Nothing = z.object({})

/** Password recovery and account activation under `/identity`. */
export function registerRecoveryRoutes(
  api: Api,
  deps: Pick<IdentityDeps, 'db' | 'clock' | 'publicUrl' | 'hasher'>,
) {
  const { db, clock } = deps

  api.route(
    {
      method: 'post',
      path: '/identity/v1/send-email',
      operationId: 'sendRecoveryEmail',
      summary:
        'E-mail a password-recovery link (one hour, single use) to the member with this e-mail; the answer is the same whether or not the address has an account. redirect.url, registered for redirect.clientId, is offered after the reset',
      tag,
      auth: 'shopper',
      body: z.object({
        email: z.string().max(1_000),
        language: z
          .string()
          .max(20)
          .optional()
          .describe(
            'the mail’s language: en, de, fr or es (a region such as de-CH counts); English otherwise',
          ),
        redirect: Redirect.optional(),
      }),
      response: Nothing,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }) => {
      const returnUrl = body.redirect && (await assertReturnUrl(db, caller.siteId, body.redirect))
      await sendRecoveryEmail(
        deps,
        { siteId: caller.siteId, email: body.email, returnUrl, language: body.language },
        clock(),
      )
      return {}
    },
  )

  api.route(
    {
      method: 'post',
      path: '/identity/v1/activation-email',
      operationId: 'sendActivationEmail',
      summary:
        'E-mail a member of the site a link (24 hours, single use) to choose their password, which also verifies the e-mail. Merchant API key with the members permission',
      tag,
      auth: 'merchant',
      permission: 'members',
      body: z.object({
        identityId: z.guid({ message: 'must be an identity id (UUID)' }),
        emailOptions: z
          .object({ language: z.string().max(20).optional(), redirect: Redirect.optional() })
          .optional(),
      }),
      response: Nothing,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }) => {
      const redirect = body.emailOptions?.redirect
      const returnUrl = redirect && (await assertReturnUrl(db, caller.siteId, redirect))
      await sendActivationEmail(
        deps,
        {
          siteId: caller.siteId,
          memberId: body.identityId,
          returnUrl,
          language: body.emailOptions?.language,
        },
        clock(),
      )
      return {}
    },
  )

  api.route(
    {
      method: 'post',
      path: '/identity/v1/recover',
      operationId: 'recover',
      summary:
        "Set a new password with a recovery or activation link's token: single use; every session and refresh-token family of the member is revoked, and the member is not signed in",
      tag,
      auth: 'shopper',
      body: z.object({ recoveryToken: z.string().max(100), password: z.string().max(4_096) }),
      response: Nothing,
      cacheControl: NO_STORE,
    },
    async ({ body, caller }) => {
      await recoverPassword(deps, { ...body, siteId: caller.siteId }, clock())
      return {}
    },
  )
}
