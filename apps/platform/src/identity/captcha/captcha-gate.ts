import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/db.ts'
import { ApplicationError } from '../../http/errors.ts'
import { spendValue } from '../../oauth/spent-value-store.ts'
import { readIdentityPolicy } from '../identity-policy.ts'
import type { CaptchaAnswer, CaptchaVerifier } from './captcha-verifier.ts'

/** The captcha answers of a registration or login on the wire (spec section 3, "Registration payload"). */
export type WireCaptchaTokens = readonly {
  Recaptcha?: string | undefined
  InvisibleRecaptcha?: string | undefined
}[]

/** What the captcha gate needs. */
export interface CaptchaGateDeps {
  db: Db
  clock: Clock
  captcha: CaptchaVerifier
}

// A spent answer is remembered well past any provider's own lifetime (reCAPTCHA: two minutes).
const SPENT_ANSWER_SECONDS = 60 * 60

/**
 * The answer to check: a visible captcha's when there is one (the member solved it after the invisible
 * one failed), else the invisible one's.
 */
function pickAnswer(tokens: WireCaptchaTokens | undefined): Omit<CaptchaAnswer, 'remoteAddress'> | undefined {
  const visible = tokens?.find((entry) => entry.Recaptcha)?.Recaptcha
  if (visible) return { kind: 'visible', token: visible }
  const invisible = tokens?.find((entry) => entry.InvisibleRecaptcha)?.InvisibleRecaptcha
  return invisible ? { kind: 'invisible', token: invisible } : undefined
}

/**
 * Lets a registration or login through when the site does not require a captcha, or when it carries
 * a good answer never used before (SECURITY.md L5: single use, verified by the provider). Runs before
 * any password is hashed.
 *
 * @throws ApplicationError -19971 without an answer: the client tries its invisible captcha
 * (`data.loginState` SILENT_CAPTCHA_REQUIRED); -19970 for a bad or reused answer: the client shows the
 * visible one (USER_CAPTCHA_REQUIRED). Both carry the site keys in `data.siteKeys`.
 */
export async function requireCaptcha(
  deps: CaptchaGateDeps,
  siteId: string,
  tokens: WireCaptchaTokens | undefined,
  remoteAddress: string | undefined,
): Promise<void> {
  const policy = await readIdentityPolicy(deps.db, siteId)
  if (!policy.captchaRequired) return
  const siteKeys = deps.captcha.siteKeys
  const answer = pickAnswer(tokens)
  if (!answer)
    throw new ApplicationError('-19971', 'A captcha answer is required', {
      loginState: 'SILENT_CAPTCHA_REQUIRED',
      siteKeys,
    })
  const now = deps.clock()
  const expiresAt = new Date(now.getTime() + SPENT_ANSWER_SECONDS * 1000)
  const isFirstUse = await spendValue(deps.db, 'captcha', answer.token, expiresAt, now)
  const verdict = isFirstUse
    ? await deps.captcha.verify({ ...answer, remoteAddress })
    : { ok: false as const, reasons: ['timeout-or-duplicate'] }
  if (!verdict.ok)
    throw new ApplicationError('-19970', 'The captcha answer is invalid', {
      loginState: 'USER_CAPTCHA_REQUIRED',
      siteKeys,
      reasons: verdict.reasons,
    })
}
