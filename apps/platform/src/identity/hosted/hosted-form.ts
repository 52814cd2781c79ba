import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../../http/api.ts'
import { isCrossSiteRequest, isCsrfTokenValid } from '../../pages/csrf.ts'
import { FORM_COOKIE } from './hosted-cookies.ts'

/** A hosted page's form post, read after the checks against cross-site request forgery. */
export interface HostedForm {
  /** The field's value exactly as sent (a password: verified byte for byte), `''` when absent. */
  field(name: string): string
  /** The field's text for display and lookup: U+0000 removed, at most `max` characters. */
  text(name: string, max: number): string
  /** Whether the post carries the token of the form cookie (the double-submitted login CSRF token). */
  hasValidToken: boolean
}

/**
 * Reads a hosted page's form: `undefined` when it comes from another site (Fetch Metadata, else
 * `Origin`), which the page refuses before reading anything.
 */
export async function readHostedForm(c: Context<AppEnv>, publicUrl: string): Promise<HostedForm | undefined> {
  if (isCrossSiteRequest(c.req.raw.headers, [new URL(c.req.url).origin, new URL(publicUrl).origin]))
    return undefined
  const form = await c.req.formData().catch(() => new FormData())
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const text = (name: string, max: number) => field(name).replaceAll('\u0000', '').slice(0, max)
  return { field, text, hasValidToken: isCsrfTokenValid(getCookie(c, FORM_COOKIE) ?? '', field('csrf')) }
}
