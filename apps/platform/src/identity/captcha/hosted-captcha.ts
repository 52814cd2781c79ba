import { ApplicationError } from '../../http/errors.ts'
import { readIdentityPolicy } from '../identity-policy.ts'
import { type CaptchaGateDeps, requireCaptcha } from './captcha-gate.ts'
import { type CaptchaFormInput, captchaFormInputOf } from './captcha-widgets.ts'

/** Why a hosted form's captcha answer was refused: none sent, or a bad or reused one. */
export type CaptchaProblem = 'captcha-missing' | 'captcha-wrong'

/** The longest answer read from a form (providers' tokens are a few kilobytes at most). */
const MAX_ANSWER_LENGTH = 8_192

/**
 * The captcha input a hosted login or sign-up form of the site shows: `undefined` when the site's
 * identity policy does not require one.
 */
export async function hostedCaptchaOf(
  deps: CaptchaGateDeps,
  siteId: string,
): Promise<CaptchaFormInput | undefined> {
  const policy = await readIdentityPolicy(deps.db, siteId)
  return policy.captchaRequired ? captchaFormInputOf(deps.captcha) : undefined
}

/**
 * Checks a hosted form's captcha answer with the JSON calls' gate ({@link requireCaptcha}: single use,
 * verified by the provider, nothing asked where the site does not require it), as the visible captcha.
 * Run it before any credential is checked or member created.
 *
 * @returns the problem to show on the form again, or `undefined` when the form may go on.
 */
export async function checkHostedCaptcha(
  deps: CaptchaGateDeps,
  siteId: string,
  /** The posted form (a hosted page's `HostedForm`); only the answer's text is read. */
  form: { text(name: string, max: number): string },
  remoteAddress: string | undefined,
): Promise<CaptchaProblem | undefined> {
  const input = captchaFormInputOf(deps.captcha)
  const answer = 'responseField' in input ? form.text(input.responseField, MAX_ANSWER_LENGTH).trim() : ''
  try {
    await requireCaptcha(deps, siteId, answer ? [{ Recaptcha: answer }] : undefined, remoteAddress)
    return undefined
  } catch (error) {
    if (!(error instanceof ApplicationError)) throw error
    if (error.code === '-19971') return 'captcha-missing'
    if (error.code === '-19970') return 'captcha-wrong'
    throw error
  }
}
