import { type AisleModules, createClient, createMemoryTokenStorage, OAuthStrategy } from '@aisle/sdk'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { MEMBER_PASSWORD, newEmail } from './member-flows.ts'
import { type createTestPlatform, TEST_PUBLIC_URL } from './test-platform.ts'

type Platform = ReturnType<typeof createTestPlatform>

/**
 * A shopper of the demo store with the real SDK against the real app in process: the demo client's
 * auth (visitor tokens, kept in memory) and a client of `modules`.
 */
export function createSdkShopper<M extends AisleModules>(platform: Platform, modules: M) {
  const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokenStorage: createMemoryTokenStorage() })
  const client = createClient({ auth, modules, baseUrl: TEST_PUBLIC_URL, fetch: platform.fetch })
  return { auth, client }
}

/**
 * A shopper signed in as a new member, through the SDK's registration and direct login as a storefront
 * does it; answers the shopper and the member's e-mail address.
 */
export async function signedInSdkMember<M extends AisleModules>(
  platform: Platform,
  modules: M,
  member: { emailPrefix?: string; nickname?: string } = {},
) {
  const shopper = createSdkShopper(platform, modules)
  const email = newEmail(member.emailPrefix)
  const registered = await shopper.auth.register({
    email,
    password: MEMBER_PASSWORD,
    ...(member.nickname === undefined ? {} : { profile: { nickname: member.nickname } }),
  })
  if (registered.loginState !== 'SUCCESS') throw new Error(`registration stopped at ${registered.loginState}`)
  await shopper.auth.getMemberTokensForDirectLogin(registered.data.sessionToken)
  return { ...shopper, email }
}
