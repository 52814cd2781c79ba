import { data, type RouterContextProvider, redirect } from 'react-router'
import { getAisle } from '../platform/aisle.server'
import { toSiteUrl } from '../platform/config.server'
import { requireSameOriginPost } from '../platform/same-origin'
import { isHttpsRequest } from '../platform/session-cookie'
import { readField } from './account-form-fields'
import { findRequiredCaptchaInput } from './captcha.server'
import type { CaptchaInput } from './captcha-input'
import { CALLBACK_PATH, sealOAuthData, serializeOAuthCookie } from './hosted-login.server'
import type { AccountForm } from './login-message'
import { type AccountFormOutcome, isSilentLoginStarted, verifyMember } from './member-login.server'
import { toSafeReturnPath } from './return-to'
import type { SilentLoginTarget } from './silent-login.server'
import { FINISH_FIELD, FINISH_IN_FRAME, type SilentLoginStart } from './silent-login-steps'

/** What the sign-in and sign-up pages answer a post with when the shopper is not signed in yet. */
export interface AccountFormAnswer {
  /** Why the shopper is not signed in; '' while the page finishes a silent login. */
  message: string
  email: string
  name?: string
  /** Present while the shopper has an e-mailed code to type: the code form replaces the first form. */
  stateToken?: string
  /** Present when the page is to finish the sign-in in a hidden frame (it asked to, by `FINISH_FIELD`). */
  silentLogin?: SilentLoginStart
  /** Present when the platform asked for a captcha answer: the form shows it for the next attempt. */
  captcha?: CaptchaInput
}

/**
 * The loader of the sign-in and sign-up pages: where to go afterwards (a same-origin path), or straight
 * there when the member is already signed in; and the site's captcha when its policy requires one, so
 * that the first attempt carries an answer.
 */
export async function loadAccountForm(request: Request, context: Readonly<RouterContextProvider>) {
  const { client, publicClient } = getAisle(context)
  const returnTo = toSafeReturnPath(new URL(request.url).searchParams.get('returnTo'))
  if (await client.auth.loggedIn()) throw redirect(returnTo)
  // The site's captcha is the same for every visitor: reading it mints no tokens for a first view.
  return { returnTo, captcha: await findRequiredCaptchaInput(publicClient) }
}

/**
 * The action of the sign-in and sign-up pages (`page`): a post with `intent=verify` checks the e-mailed
 * code (both forms can end there); any other runs `submit`. A sign-in goes to `returnTo`, unless the page
 * asked to finish it in a hidden frame: then the answer carries the frame's URL and state, and the
 * transaction is sealed in the same HttpOnly cookie a hosted login uses. Anything else comes back as
 * the form's answer with the status of the refusal.
 */
export async function answerAccountForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  page: Exclude<AccountForm, 'verify'>,
  submit: (
    form: FormData,
    silentLogin: SilentLoginTarget | undefined,
  ) => Promise<{ outcome: AccountFormOutcome; fields: { email: string; name?: string } }>,
) {
  requireSameOriginPost(request)
  const form = await request.formData()
  const aisle = getAisle(context)
  const returnTo = toSafeReturnPath(form.get('returnTo'))
  // Only a hydrated page sends the field: a plain form post is finished on the server.
  const silentLogin =
    readField(form, FINISH_FIELD) === FINISH_IN_FRAME
      ? { redirectUri: `${toSiteUrl(aisle.config, request)}${CALLBACK_PATH}`, originalUri: returnTo }
      : undefined
  const isVerify = readField(form, 'intent') === 'verify'
  const { outcome, fields } = isVerify
    ? {
        fields: { email: readField(form, 'email') },
        outcome: await verifyMember(
          aisle.client,
          { stateToken: readField(form, 'stateToken'), code: readField(form, 'code').replace(/\s+/g, '') },
          silentLogin,
        ),
      }
    : await submit(form, silentLogin)
  if (!outcome) return redirect(returnTo)
  if (isSilentLoginStarted(outcome)) {
    const { authUrl, oauthData } = outcome
    const silentLoginStart = { authUrl, state: oauthData.state, form: isVerify ? 'verify' : page } as const
    const answer: AccountFormAnswer = { message: '', ...fields, silentLogin: silentLoginStart }
    const sealed = serializeOAuthCookie(sealOAuthData(oauthData), isHttpsRequest(request))
    return data(answer, { headers: { 'Set-Cookie': sealed } })
  }
  const answer: AccountFormAnswer = { message: outcome.message, ...fields }
  if (outcome.stateToken) answer.stateToken = outcome.stateToken
  if (outcome.captcha) answer.captcha = outcome.captcha
  return data(answer, { status: outcome.status })
}
