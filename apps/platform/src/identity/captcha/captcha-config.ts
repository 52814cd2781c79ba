import type { Clock } from '../../clock.ts'
import {
  type CaptchaKind,
  type CaptchaSiteKeys,
  type CaptchaVerifier,
  createRefusingCaptchaVerifier,
} from './captcha-verifier.ts'
import { CAPTCHA_VERIFY_URLS, createHttpCaptchaVerifier } from './http-captcha-verifier.ts'
import { createTestCaptchaVerifier } from './test-captcha-verifier.ts'

/** Which captcha provider the platform uses, as configured. */
export type CaptchaConfig =
  | { provider: 'test' }
  | { provider: 'none' }
  | {
      provider: string
      verifyUrl: string
      secrets: Record<CaptchaKind, string>
      siteKeys: CaptchaSiteKeys
      hostnames: string[]
    }

/** Thrown for captcha settings that cannot be used; names the variable. */
export class CaptchaConfigError extends Error {
  override name = 'CaptchaConfigError'
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Reads the captcha settings: `CAPTCHA_PROVIDER` (`recaptcha`, `hcaptcha`, `turnstile`, `http` for
 * another compatible one with `CAPTCHA_VERIFY_URL`, `test`, or `none`); for a real provider
 * `CAPTCHA_SECRET` (or `CAPTCHA_SECRET_INVISIBLE` and `CAPTCHA_SECRET_VISIBLE`),
 * `CAPTCHA_SITE_KEY_INVISIBLE`, `CAPTCHA_SITE_KEY_VISIBLE` and optionally `CAPTCHA_HOSTNAMES` (comma
 * list). Unset, the provider is `test` outside production on a loopback `PUBLIC_URL`, else `none`
 * (every answer refused: a site that requires a captcha cannot be passed with fake answers).
 *
 * @throws CaptchaConfigError naming the variable that is missing or wrong.
 */
export function parseCaptchaConfig(
  env: Record<string, string | undefined>,
  publicUrl: string,
): CaptchaConfig {
  const isLocal = env.NODE_ENV !== 'production' && LOOPBACK_HOSTS.has(new URL(publicUrl).hostname)
  const provider = env.CAPTCHA_PROVIDER || (isLocal ? 'test' : 'none')
  if (provider === 'test') return { provider }
  if (provider === 'none') return { provider }
  const known = (CAPTCHA_VERIFY_URLS as Record<string, string>)[provider]
  if (!known && provider !== 'http')
    throw new CaptchaConfigError(
      'CAPTCHA_PROVIDER must be recaptcha, hcaptcha, turnstile, http, test or none',
    )
  const verifyUrl = env.CAPTCHA_VERIFY_URL || known
  if (!verifyUrl || !/^https?:\/\/[^/]/.test(verifyUrl))
    throw new CaptchaConfigError('CAPTCHA_VERIFY_URL must be the http(s) URL of the siteverify endpoint')
  const require = (name: string, value: string | undefined) => {
    if (!value) throw new CaptchaConfigError(`${name} is required with CAPTCHA_PROVIDER=${provider}`)
    return value
  }
  const secret = env.CAPTCHA_SECRET
  return {
    provider,
    verifyUrl,
    secrets: {
      invisible: require('CAPTCHA_SECRET_INVISIBLE (or CAPTCHA_SECRET)', env.CAPTCHA_SECRET_INVISIBLE ||
        secret),
      visible: require('CAPTCHA_SECRET_VISIBLE (or CAPTCHA_SECRET)', env.CAPTCHA_SECRET_VISIBLE || secret),
    },
    siteKeys: {
      invisible: require('CAPTCHA_SITE_KEY_INVISIBLE', env.CAPTCHA_SITE_KEY_INVISIBLE),
      visible: require('CAPTCHA_SITE_KEY_VISIBLE', env.CAPTCHA_SITE_KEY_VISIBLE),
    },
    hostnames: (env.CAPTCHA_HOSTNAMES ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  }
}

/** The verifier the configuration names. */
export function createCaptchaVerifier(config: CaptchaConfig, clock: Clock): CaptchaVerifier {
  if (config.provider === 'test') return createTestCaptchaVerifier()
  if (!('verifyUrl' in config)) return createRefusingCaptchaVerifier()
  return createHttpCaptchaVerifier({ ...config, clock })
}
