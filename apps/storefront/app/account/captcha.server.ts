import type { PublicClient } from '../platform/aisle.server'
import { type CaptchaInput, parseCaptchaSettings, toCaptchaInput } from './captcha-input'

/**
 * Asks the platform how the site's captcha is shown and whether the site requires it
 * (`GET /identity/v1/captcha-settings?clientId=`): `undefined` when the answer cannot be had or read.
 */
export async function findCaptchaSettings(client: PublicClient) {
  const query = new URLSearchParams({ clientId: client.auth.clientId })
  try {
    const response = await client.fetchWithAuth(`/identity/v1/captcha-settings?${query}`)
    if (!response.ok) {
      await response.body?.cancel()
      return undefined
    }
    return parseCaptchaSettings(await response.json())
  } catch {
    // No answer, or not JSON: the form goes without, and the platform asks for the captcha if it must.
    return undefined
  }
}

/**
 * The captcha a sign-in or sign-up form shows from the start: the site's, when its policy requires one
 * (so the first attempt carries an answer); else none.
 */
export async function findRequiredCaptchaInput(client: PublicClient): Promise<CaptchaInput | undefined> {
  const settings = await findCaptchaSettings(client)
  return settings?.captchaRequired ? toCaptchaInput(settings) : undefined
}

/**
 * The captcha a form shows once the platform asked for one (USER_ or SILENT_CAPTCHA_REQUIRED), whatever the
 * policy read before: `unavailable` when its provider is unknown here or the settings cannot be read.
 */
export async function findAskedCaptchaInput(client: PublicClient): Promise<CaptchaInput> {
  return toCaptchaInput(await findCaptchaSettings(client))
}
