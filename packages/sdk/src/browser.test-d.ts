// Type tests of @aisle/sdk/browser, checked by `tsc --noEmit -p packages/sdk`.
import { describe, expectTypeOf, it } from 'vitest'
import {
  runSilentAuthorization,
  type SilentAuthorizationOptions,
  type SilentAuthorizationResponse,
} from './browser.js'
import type { OAuthData } from './index.js'

describe('@aisle/sdk/browser', () => {
  it('runs a silent authorization from an auth URL and the transaction state', () => {
    expectTypeOf(runSilentAuthorization).parameters.toEqualTypeOf<
      [authUrl: string, state: OAuthData['state'], options?: SilentAuthorizationOptions]
    >()
    expectTypeOf(runSilentAuthorization).returns.resolves.toEqualTypeOf<SilentAuthorizationResponse>()
    expectTypeOf<SilentAuthorizationResponse>().toEqualTypeOf<{ code: string; state: string }>()
    expectTypeOf<SilentAuthorizationOptions>().toEqualTypeOf<{ timeoutMs?: number }>()
  })
})
