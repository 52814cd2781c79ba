import type { PaymentDeps } from '../checkout/payments/payment-deps.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { DigitalDeps } from '../digital/digital-deps.ts'
import type { Api } from '../http/api.ts'
import type { Logger } from '../log.ts'
import type { MediaDeps } from '../media/media-uploads.ts'
import type { PasswordHasher } from '../passwords/password-hasher.ts'
import { registerApiKeyPages } from './api-keys/api-key-page-routes.tsx'
import { registerBulkPages } from './catalogue/bulk-page-routes.tsx'
import { registerCollectionPages } from './catalogue/collection-page-routes.tsx'
import { registerProductPages } from './catalogue/product-page-routes.tsx'
import { registerCheckInPages } from './check-in/check-in-page-routes.tsx'
import { registerSecureFilePages } from './digital/secure-files-page-routes.tsx'
import { registerMemberPages } from './members/member-page-routes.tsx'
import { registerPlanPages } from './plans/plan-page-routes.tsx'
import { registerLoginRoutes } from './session/login-page-routes.tsx'
import { DASHBOARD_PATH } from './session/owner-session.ts'
import { registerCouponPages } from './setup/coupon-page-routes.tsx'
import { registerCurrencySetupPages } from './setup/currency-setup-page-routes.tsx'
import { registerPaymentSetupPages } from './setup/payment-setup-page-routes.tsx'
import { registerShippingSetupPages } from './setup/shipping-setup-page-routes.tsx'
import { registerShopDetailsPages } from './setup/shop-details-page-routes.tsx'
import { registerTaxSetupPages } from './setup/tax-setup-page-routes.tsx'
import { registerSsoPages } from './sso/sso-page-routes.tsx'
import { registerWebhookPages } from './webhooks/webhook-page-routes.tsx'

export { dashboardNotFound, toDashboardErrorResponse } from './dashboard-errors.tsx'

/** Settings of the dashboard; the defaults suit production. */
export interface DashboardOptions {
  /** Products per bulk-change transaction (100): the page shows progress between them. */
  bulkChunkSize?: number
}

/** Whether a path belongs to the dashboard (its errors are HTML pages, not JSON bodies). */
export function isDashboardPath(path: string): boolean {
  return path === DASHBOARD_PATH || path.startsWith(`${DASHBOARD_PATH}/`)
}

/** Dashboard posts that carry files: they get the upload body limit instead of the JSON one. */
export function isDashboardUpload(path: string): boolean {
  return /^\/dashboard\/(?:media|products|products\/[^/]+|collections\/[^/]+|setup\/shop\/icon)$/.test(path)
}

/**
 * The merchant dashboard: server-rendered pages with plain forms, for site owners signed in with their
 * own accounts. Every change calls the domain function the merchant JSON API calls, with the signed-in
 * owner as the caller, its input parsed with the API's schema.
 */
export function registerDashboardRoutes(
  api: Api,
  deps: {
    db: Db
    clock: Clock
    logger: Logger
    publicUrl: string
    localDevelopmentSites: boolean
    passwordHasher: PasswordHasher
    media: MediaDeps
    digital: DigitalDeps
    payments: PaymentDeps
  },
  options: DashboardOptions = {},
) {
  const dashboard = {
    ...deps,
    bulkChunkSize: options.bulkChunkSize ?? 100,
  }
  // Pages set their own headers; redirects and anything else still must not be framed or cached.
  api.hono.use(`${DASHBOARD_PATH}/*`, async (c, next) => {
    await next()
    const headers = c.res.headers
    if (!headers.has('x-frame-options')) headers.set('x-frame-options', 'DENY')
    if (!headers.has('content-security-policy'))
      headers.set('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    headers.set('cache-control', 'no-store')
  })
  registerLoginRoutes(api, dashboard)
  registerProductPages(api, dashboard)
  registerSecureFilePages(api, dashboard)
  registerCheckInPages(api, dashboard)
  registerCollectionPages(api, dashboard)
  registerBulkPages(api, dashboard)
  registerApiKeyPages(api, dashboard)
  registerMemberPages(api, dashboard)
  registerPlanPages(api, dashboard)
  registerCouponPages(api, dashboard)
  registerShopDetailsPages(api, dashboard)
  registerPaymentSetupPages(api, dashboard)
  registerShippingSetupPages(api, dashboard)
  registerTaxSetupPages(api, dashboard)
  registerCurrencySetupPages(api, dashboard)
  registerWebhookPages(api, dashboard)
  registerSsoPages(api, dashboard)
}
