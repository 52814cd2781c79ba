import { describe, expect, it } from 'vitest'
import { createTestClient } from '../testing/create-test-client.js'
import { jsonResponse } from '../testing/fake-fetch.js'

type Client = ReturnType<typeof createTestClient>['client']

const identityAnswer = {
  identity: {
    id: 'i1',
    createdDate: '2025-01-01T00:00:00.000Z',
    identityProfile: {
      customFields: [
        { name: 'age', value: { numValue: 'NaN' } },
        { name: 'x', value: { strValue: 'NaN' } },
      ],
    },
  },
  state: 'SUCCESS',
  sessionToken: 'session-1',
}
const mappedIdentity = {
  _id: 'i1',
  _createdDate: '2025-01-01T00:00:00.000Z',
  identityProfile: {
    customFields: [
      { name: 'age', value: { numValue: Number.NaN } },
      { name: 'x', value: { strValue: 'NaN' } },
    ],
  },
}

const calls: [string, (client: Client) => Promise<unknown>, unknown][] = [
  [
    'POST /identity/v1/register',
    (c) => c.authentication.register({ authenticatorId: 'password', inputs: { password: 'pw' } }),
    { authenticatorId: 'password', inputs: { password: 'pw' } },
  ],
  [
    'POST /identity/v1/login',
    (c) => c.authentication.login({ identifier: { email: 'a@b.test' }, inputs: { password: 'pw' } }),
    { identifier: { email: 'a@b.test' }, inputs: { password: 'pw' } },
  ],
  [
    'POST /identity/v2/register',
    (c) =>
      c.authentication.registerV2({
        loginId: { email: 'a@b.test' },
        password: 'pw',
        clientMetaData: { k: 'v' },
      }),
    { loginId: { email: 'a@b.test' }, password: 'pw', clientMetaData: { k: 'v' } },
  ],
  [
    'POST /identity/v2/login',
    (c) => c.authentication.loginV2({ loginId: { email: 'a@b.test' }, password: 'pw' }),
    { loginId: { email: 'a@b.test' }, password: 'pw' },
  ],
  [
    'POST /identity/v1/sso/login-with-token-params',
    (c) =>
      c.authentication.loginWithIdpConnectionTokenParams({
        idpConnectionId: 'idp',
        tokenParams: { code: 'x' },
      }),
    { idpConnectionId: 'idp', tokenParams: { code: 'x' } },
  ],
  [
    'POST /identity/v1/state/proceed',
    (c) => c.authentication.proceedToNextStep({ stateToken: 'st' }),
    { stateToken: 'st' },
  ],
  [
    'POST /identity/v2/sign-on',
    (c) =>
      c.authentication.signOn({
        loginId: { email: 'a@b.test' },
        verifyEmail: true,
        mergeExistingContact: false,
      }),
    { loginId: { email: 'a@b.test' }, verifyEmail: true, mergeExistingContact: false },
  ],
  [
    'POST /identity/v1/auth/verify',
    (c) => c.verification.verifyDuringAuthentication({ code: '123456', stateToken: 'st' }),
    { code: '123456', stateToken: 'st' },
  ],
  [
    'POST /identity/v1/auth/resend',
    (c) => c.verification.resendDuringAuthentication({ stateToken: 'st' }),
    { stateToken: 'st' },
  ],
]

describe('authentication and verification', () => {
  it.each(calls)(
    '%s sends the spec body to baseUrl and resolves with the whole answer',
    async (route, call, body) => {
      const { client, fake } = createTestClient()
      fake.on(route, () => jsonResponse(identityAnswer))
      expect(await call(client)).toEqual({
        identity: mappedIdentity,
        state: 'SUCCESS',
        sessionToken: 'session-1',
      })
      const request = fake.requestsTo(route)[0]
      expect(request?.host).toBe('http://api.test')
      expect(request?.body).toEqual(body)
    },
  )

  it('POST /identity/v2/change-password sends the new password and resolves with nothing', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/change-password', () => jsonResponse({}))
    expect(await client.authentication.changePassword({ newPassword: 'n3w' })).toBeUndefined()
    expect(fake.requests.at(-1)?.body).toEqual({ newPassword: 'n3w' })
  })

  it('POST /identity/v1/Start starts a verification and resolves its id', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v1/Start', () => jsonResponse({ verificationId: 've-1' }))
    expect(await client.verification.start({ identityId: 'i1', target: 'EMAIL' })).toEqual({
      verificationId: 've-1',
    })
    expect(fake.requests.at(-1)?.body).toEqual({ identityId: 'i1', target: 'EMAIL' })
  })

  it('builds the logout URL on baseUrl without calling', () => {
    const { client, fake } = createTestClient()
    const url = client.authentication.logoutUrl({
      postLogoutRedirectUri: 'https://shop.test/?a=1&b=2',
      clientId: 'client-1',
    })
    expect(url).toBe(
      'http://api.test/identity/v1/logout?postLogoutRedirectUri=https%3A%2F%2Fshop.test%2F%3Fa%3D1%26b%3D2&clientId=client-1',
    )
    expect(fake.requests).toHaveLength(0)
  })

  it('rejects with the platform error for a refused login', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v2/login', () =>
      jsonResponse(
        {
          message: 'Wrong password',
          details: { applicationError: { description: 'Wrong password', code: -19976 } },
        },
        { status: 401 },
      ),
    )
    await expect(
      client.authentication.loginV2({ loginId: { email: 'a@b.test' }, password: 'x' }),
    ).rejects.toMatchObject({
      code: '-19976',
      status: 401,
      message: 'Wrong password',
    })
  })
})

describe('recovery', () => {
  it.each([
    [
      'POST /identity/v1/send-email',
      (c: Client) =>
        c.recovery.sendRecoveryEmail({
          email: 'a@b.test',
          language: 'en',
          redirect: { url: 'https://shop.test/reset', clientId: 'client-1' },
        }),
      {
        email: 'a@b.test',
        language: 'en',
        redirect: { url: 'https://shop.test/reset', clientId: 'client-1' },
      },
    ],
    [
      'POST /identity/v1/activation-email',
      (c: Client) => c.recovery.sendActivationEmail({ identityId: 'i1' }),
      { identityId: 'i1' },
    ],
    [
      'POST /identity/v1/recover',
      (c: Client) => c.recovery.recover({ recoveryToken: 'rt', password: 'pw' }),
      { recoveryToken: 'rt', password: 'pw' },
    ],
  ] as const)('%s sends the spec body and resolves with nothing', async (route, call, body) => {
    const { client, fake } = createTestClient()
    fake.on(route, () => jsonResponse({}))
    expect(await call(client)).toBeUndefined()
    expect(fake.requestsTo(route)[0]?.body).toEqual(body)
  })

  it('never puts the password of a failed call on the error', async () => {
    const { client, fake } = createTestClient()
    fake.on('POST /identity/v1/recover', () => jsonResponse({}, { status: 500 }))
    const error = await client.recovery
      .recover({ recoveryToken: 'rt', password: 'secret-pw' })
      .catch((e: unknown) => e)
    expect(JSON.stringify(error)).not.toContain('secret-pw')
    expect((error as { request: unknown }).request).toEqual({
      method: 'POST',
      url: 'http://api.test/identity/v1/recover',
    })
  })
})
