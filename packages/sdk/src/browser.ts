// The public surface of @aisle/sdk/browser: what only a browser page runs, apart from the main entry so
// that a storefront's first download stays within its size budget. browser.test.ts guards it.

export {
  runSilentAuthorization,
  type SilentAuthorizationOptions,
  type SilentAuthorizationResponse,
} from './auth/run-silent-authorization.js'
