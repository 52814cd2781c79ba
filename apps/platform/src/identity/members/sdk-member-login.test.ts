import { createClient, currentCart, OAuthStrategy } from '@aisle/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/db.ts'
import { DEMO_CLIENT_ID } from '../../seed/demo-ids.ts'
import {
  browse,
  DEMO_REDIRECT_URI,
  MEMBER_PASSWORD,
  newEmail,
  submitLoginForm,
} from '../../testing/member-flows.ts'
import { findClassicTee } from '../../testing/placed-orders.ts'
import { createSdkShopper } from '../../testing/sdk-shoppers.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { createTestPlatform, TEST_PUBLIC_URL } from '../../testing/test-platform.ts'

// The real SDK's member flows against the real app through `app.request`: the wire holds from both ends.
describe.each(databaseKinds())('the SDK’s member login against the platform on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  let tee: { id: string; variantId: string }
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
    tee = await findClassicTee(db)
  })
  afterAll(() => db.close())

  const shop = () => createSdkShopper(platform, { currentCart })
  const addTee = (client: ReturnType<typeof shop>['client'], quantity: number) =>
    client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { catalogItemId: tee.id, appId: 'stores', options: { variantId: tee.variantId } },
          quantity,
        },
      ],
    })

  it('registers, logs in directly and keeps the visitor’s cart', async () => {
    const { auth, client } = shop()
    const visitorCart = await addTee(client, 2)
    const registered = await auth.register({ email: newEmail(), password: MEMBER_PASSWORD })
    expect(registered.loginState).toBe('SUCCESS')
    if (registered.loginState !== 'SUCCESS') return
    const tokens = await auth.getMemberTokensForDirectLogin(registered.data.sessionToken, {
      redirectUri: DEMO_REDIRECT_URI,
    })
    expect(tokens.refreshToken.role).toBe('member')
    expect(await auth.loggedIn()).toBe(true)
    const cart = await client.currentCart.getCurrentCart()
    expect(cart._id).toBe(visitorCart._id)
    expect(cart.lineItems?.[0]?.quantity).toBe(2)
  })

  it('logs in directly without a redirect URI: the platform uses the client’s registered one', async () => {
    const { auth } = shop()
    const email = newEmail()
    await auth.register({ email, password: MEMBER_PASSWORD })
    const again = shop()
    const login = await again.auth.login({ email, password: MEMBER_PASSWORD })
    expect(login.loginState).toBe('SUCCESS')
    if (login.loginState !== 'SUCCESS') return
    const tokens = await again.auth.getMemberTokensForDirectLogin(login.data.sessionToken)
    expect(tokens.refreshToken.role).toBe('member')
  })

  it('maps the platform’s refusals to the spec’s login states', async () => {
    const { auth } = shop()
    const email = newEmail()
    await auth.register({ email, password: MEMBER_PASSWORD })
    expect(await auth.register({ email, password: MEMBER_PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'emailAlreadyExists',
    })
    expect(await auth.register({ email: 'not-an-email', password: MEMBER_PASSWORD })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    })
    const wrong = await auth.login({ email, password: 'wrong password' })
    const unknown = await auth.login({ email: newEmail('nobody'), password: MEMBER_PASSWORD })
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' })
    expect(unknown).toEqual(wrong)
  })

  it('logs in on the hosted page, exchanges the code from the fragment, and logs out', async () => {
    const email = newEmail()
    await shop().auth.register({ email, password: MEMBER_PASSWORD })
    const { auth, client } = shop()
    await addTee(client, 1)
    const oauthData = await auth.generateOAuthData(DEMO_REDIRECT_URI, '/account')
    const { authUrl } = await auth.getAuthUrl(oauthData)
    expect(authUrl.startsWith(`${TEST_PUBLIC_URL}/_auth/authorize?session=`)).toBe(true)
    const back = await submitLoginForm(platform, authUrl, email, MEMBER_PASSWORD)
    expect(back.status).toBe(303)
    const { code, state, error } = auth.parseFromUrl(back.location!)
    expect(error).toBeUndefined()
    const tokens = await auth.getMemberTokens(code, state, oauthData)
    expect(tokens.refreshToken.role).toBe('member')
    expect((await client.currentCart.getCurrentCart()).lineItems).toHaveLength(1)

    const { logoutUrl } = await auth.logout(DEMO_REDIRECT_URI)
    expect(await auth.loggedIn()).toBe(false)
    const out = await browse(platform, logoutUrl, { cookies: back.headers.getSetCookie()[0]!.split(';')[0] })
    expect(out.status).toBe(302)
    expect(out.location).toBe(DEMO_REDIRECT_URI)
  })

  it('revokes the member’s refresh token at logout: the platform refuses it afterwards', async () => {
    const email = newEmail()
    await shop().auth.register({ email, password: MEMBER_PASSWORD })
    const { auth, client } = shop()
    const login = await auth.login({ email, password: MEMBER_PASSWORD })
    if (login.loginState !== 'SUCCESS') throw new Error(`login ended in ${login.loginState}`)
    await auth.getMemberTokensForDirectLogin(login.data.sessionToken, { redirectUri: DEMO_REDIRECT_URI })
    await addTee(client, 1)
    const member = auth.getTokens()
    expect(member.refreshToken.role).toBe('member')

    await auth.logout(DEMO_REDIRECT_URI)

    expect(auth.loggedIn()).toBe(false)
    const refused = await platform.call('POST', '/oauth2/token', {
      body: {
        clientId: DEMO_CLIENT_ID,
        grantType: 'refresh_token',
        refresh_token: member.refreshToken.value,
      },
    })
    expect(refused.status).toBe(400)
    expect(refused.json.error).toBe('invalid_grant')
    const cart = await platform.call('GET', '/ecom/v1/carts/current', { token: member.accessToken.value })
    expect(cart.status).toBe(401)
  })

  it('resumes a member’s session from the tokens option, and revokeTokens ends it', async () => {
    const email = newEmail()
    await shop().auth.register({ email, password: MEMBER_PASSWORD })
    const first = shop()
    const login = await first.auth.login({ email, password: MEMBER_PASSWORD })
    if (login.loginState !== 'SUCCESS') throw new Error(`login ended in ${login.loginState}`)
    await first.auth.getMemberTokensForDirectLogin(login.data.sessionToken, {
      redirectUri: DEMO_REDIRECT_URI,
    })
    const saved = JSON.parse(JSON.stringify(first.auth.getTokens()))

    const auth = OAuthStrategy({ clientId: DEMO_CLIENT_ID, tokens: saved })
    const client = createClient({
      auth,
      modules: { currentCart },
      baseUrl: TEST_PUBLIC_URL,
      fetch: platform.fetch,
    })
    expect(auth.loggedIn()).toBe(true)
    expect((await addTee(client, 1)).lineItems).toHaveLength(1)

    await auth.revokeTokens()
    expect(auth.loggedIn()).toBe(false)
    const refused = await platform.call('POST', '/oauth2/token', {
      body: { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: saved.refreshToken.value },
    })
    expect(refused.json.error).toBe('invalid_grant')
  })

  it('refuses the same code twice: the second exchange fails with the spec’s message', async () => {
    const email = newEmail()
    const { auth } = shop()
    await auth.register({ email, password: MEMBER_PASSWORD })
    const oauthData = await auth.generateOAuthData(DEMO_REDIRECT_URI)
    const { authUrl } = await auth.getAuthUrl(oauthData, { responseMode: 'query' })
    const back = await submitLoginForm(platform, authUrl, email, MEMBER_PASSWORD)
    const { code, state } = auth.parseFromUrl(back.location!, 'query')
    await auth.getMemberTokens(code, state, oauthData)
    await expect(shop().auth.getMemberTokens(code, state, oauthData)).rejects.toMatchObject({
      message: 'Failed to get member tokens',
      code: 'INVALID_GRANT',
    })
  })
})
