import type { Context } from 'hono'
import type { PaymentDeps } from '../../checkout/payments/payment-deps.ts'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/db.ts'
import type { DigitalDeps } from '../../digital/digital-deps.ts'
import type { AppEnv } from '../../http/api.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import type { Logger } from '../../log.ts'
import type { MediaDeps } from '../../media/media-uploads.ts'
import type { PasswordHasher } from '../../passwords/password-hasher.ts'
import type { DashboardSession } from './session-store.ts'

export const DASHBOARD_PATH = '/dashboard'
/** The session cookie: HttpOnly, SameSite=Strict, Path=/dashboard, Secure over HTTPS. */
export const SESSION_COOKIE = 'aisle_dashboard'

/** What every dashboard route needs: the domain functions its pages call take these as their deps. */
export interface DashboardDeps {
  db: Db
  clock: Clock
  logger: Logger
  /** The platform's public origin: media URLs, and an origin forms may come from. */
  publicUrl: string
  passwordHasher: PasswordHasher
  /** Products per bulk-change transaction; the page shows progress between them. */
  bulkChunkSize: number
  /** Whether the platform lets owners put their site in local development mode (`LOCAL_DEVELOPMENT_SITES`). */
  localDevelopmentSites: boolean
  /** The app's media storage and decoding limiter: the dashboard's uploads are the JSON API's. */
  media: MediaDeps
  /** Digital products' secure files, which the product editor shows and its secure-files forms change. */
  digital: DigitalDeps
  /** The payments and their providers: refunds of plan purchases go through them (decision 051). */
  payments: PaymentDeps
}

/** A signed-in site owner, and the caller the domain functions record as the source of their events. */
export interface Owner {
  session: DashboardSession
  sessionId: string
  /** The owner as a merchant with every permission: events name them as the site user. */
  caller: MerchantCaller
}

/** The request needs a signed-in site owner: the dashboard answers with the sign-in page. */
export class SignInRequired extends Error {
  override name = 'SignInRequired'
  readonly code = 'SIGN_IN_REQUIRED'
  constructor(readonly returnTo: string) {
    super('Sign in to the dashboard first')
  }
}

/** A form post refused before it did anything: from another site, or without this session's token. */
export class FormRefused extends Error {
  override name = 'FormRefused'
  readonly code = 'FORM_REFUSED'
  readonly status = 403
}

/** The origins a dashboard form may be posted from: the request's own and the public URL's. */
export function ownOrigins(c: Context<AppEnv>, publicUrl: string): string[] {
  return [new URL(c.req.url).origin, new URL(publicUrl).origin]
}

/** Whether cookies must be `Secure`: the request came over HTTPS, or the platform is public on HTTPS. */
export function isHttps(c: Context<AppEnv>, publicUrl: string): boolean {
  return new URL(c.req.url).protocol === 'https:' || publicUrl.startsWith('https:')
}

/** A `Set-Cookie` value scoped to the dashboard. `maxAge` 0 deletes the cookie. */
export function dashboardCookie(name: string, value: string, maxAge: number, secure: boolean): string {
  return `${name}=${value}; Path=${DASHBOARD_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`
}
