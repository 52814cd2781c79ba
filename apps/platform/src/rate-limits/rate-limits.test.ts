import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import { parseTrustedProxies } from '../http/client-address.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { createLimitedPlatform } from '../testing/limited-platform.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestClock } from '../testing/test-platform.ts'
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from './rate-limit-settings.ts'
import { hitRateLimit } from './rate-limit-store.ts'

const settings: RateLimitSettings = {
  ...DEFAULT_RATE_LIMITS,
  anonymousToken: { ip: { limit: 5, windowSeconds: 60 } },
  login: { ip: { limit: 10, windowSeconds: 300 }, account: { limit: 4, windowSeconds: 600 } },
  register: { ip: { limit: 3, windowSeconds: 600 } },
  recovery: { ip: { limit: 3, windowSeconds: 600 }, account: { limit: 2, windowSeconds: 600 } },
}

describe.each(databaseKinds())('rate limits on %s', (kind) => {
  let db: Db
  beforeAll(async () => {
    db = await openTestDatabase(kind)
  })
  afterAll(() => db.close())

  describe('the counter (SECURITY.md Q4: check and count in one atomic step)', () => {
    it('lets no more than the limit through of 50 concurrent hits on one key', async () => {
      const now = createTestClock()()
      const rule = { limit: 10, windowSeconds: 60 }
      const hits = await Promise.all(
        Array.from({ length: 50 }, () => hitRateLimit(db, 'test:concurrent', rule, now)),
      )
      const counts = hits.map((hit) => hit.hits).sort((a, b) => a - b)
      expect(counts).toEqual(Array.from({ length: 50 }, (_, index) => index + 1))
      expect(counts.filter((count) => count <= rule.limit)).toHaveLength(10)
    })

    it('starts counting again in the next window, and keeps counting in the newer one for a late clock', async () => {
      const clock = createTestClock()
      const rule = { limit: 2, windowSeconds: 60 }
      await hitRateLimit(db, 'test:window', rule, clock())
      const second = await hitRateLimit(db, 'test:window', rule, clock())
      expect(second.hits).toBe(2)
      clock.advance(60)
      const next = await hitRateLimit(db, 'test:window', rule, clock())
      expect(next.hits).toBe(1)
      const late = await hitRateLimit(db, 'test:window', rule, new Date(clock().getTime() - 60_000))
      expect(late.hits).toBe(2)
    })
  })

  describe('POST /oauth2/token grantType anonymous (T9: per-IP limit on unauthenticated creation)', () => {
    it('refuses the sixth grant from one address with 429, Retry-After and an RFC 6749 body, and lets another address in', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const grant = (from: string) =>
        platform.call('POST', '/oauth2/token', {
          from,
          body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' },
        })
      const countVisitors = async () =>
        (await db.query<{ n: number }>('select count(*)::int as n from visitors'))[0]!.n
      const before = await countVisitors()
      for (let index = 0; index < 5; index++) expect((await grant('203.0.113.10')).status).toBe(200)
      const refused = await grant('203.0.113.10')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
      expect(refused.json).toEqual({ error: 'too_many_requests', error_description: expect.any(String) })
      expect((await grant('203.0.113.11')).status).toBe(200)
      expect((await countVisitors()) - before).toBe(6)
    })

    it('lets the address in again once the window has passed (the injected clock)', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const grant = () =>
        platform.call('POST', '/oauth2/token', {
          from: '203.0.113.20',
          body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' },
        })
      for (let index = 0; index < 5; index++) await grant()
      const refused = await grant()
      expect(refused.status).toBe(429)
      platform.clock.advance(Number(refused.headers.get('retry-after')))
      expect((await grant()).status).toBe(200)
    })

    it('counts the grant alike whatever its spelling: camelCase or snake_case JSON, or an RFC 6749 form', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const from = '203.0.113.30'
      const statuses = [
        await platform.call('POST', '/oauth2/token', {
          from,
          body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' },
        }),
        await platform.call('POST', '/oauth2/token', {
          from,
          body: { client_id: DEMO_CLIENT_ID, grant_type: 'anonymous' },
        }),
        await platform.call('POST', '/oauth2/token', {
          from,
          form: { client_id: DEMO_CLIENT_ID, grant_type: 'anonymous' },
        }),
        await platform.call('POST', '/oauth2/token', {
          from,
          form: { client_id: DEMO_CLIENT_ID, grant_type: 'anonymous' },
        }),
        await platform.call('POST', '/oauth2/token', {
          from,
          body: { client_id: DEMO_CLIENT_ID, grant_type: 'anonymous' },
        }),
        await platform.call('POST', '/oauth2/token', {
          from,
          form: { client_id: DEMO_CLIENT_ID, grant_type: 'anonymous' },
        }),
      ].map((answer) => answer.status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    })

    it('counts an IPv6 client by its /64 network', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const statuses: number[] = []
      for (let index = 0; index < 6; index++) {
        const from = `2001:db8:aa:bb::${index + 1}`
        statuses.push(
          (
            await platform.call('POST', '/oauth2/token', {
              from,
              body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' },
            })
          ).status,
        )
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    })
  })

  describe('POST /identity/v2/login (Q1, Q2: by address and by account)', () => {
    it('Q4, Q5: lets no more than the limit of 100 concurrent logins from one address reach the password check, the rest 429 with Retry-After', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const token = await platform.visitorToken('198.51.100.30')
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          platform.call('POST', '/identity/v2/login', {
            from: '198.51.100.31',
            token,
            body: { loginId: { email: `burst-${index}@example.com` }, password: 'wrong password' },
          }),
        ),
      )
      const statuses = answers.map((answer) => answer.status)
      expect(statuses.filter((status) => status === 400)).toHaveLength(10)
      expect(statuses.filter((status) => status === 429)).toHaveLength(90)
      const refused = answers.find((answer) => answer.status === 429)!
      expect(refused.json).toEqual({
        message: expect.stringContaining('Too many requests'),
        details: {
          applicationError: {
            description: expect.stringContaining('Too many requests'),
            code: 'TOO_MANY_REQUESTS',
            data: { retryAfterSeconds: expect.any(Number) },
          },
        },
      })
      expect(refused.headers.get('retry-after')).toBe(
        String(refused.json.details.applicationError.data.retryAfterSeconds),
      )
    })

    it('limits a login sent to the Wix client’s path alike: one counter with the platform’s own path', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const token = await platform.visitorToken('198.51.100.35')
      const statuses: number[] = []
      for (let index = 0; index < 11; index++) {
        const path = index % 2 === 0 ? '/identity/v2/login' : '/_api/iam/authentication/v2/login'
        const answer = await platform.call('POST', path, {
          from: '198.51.100.36',
          token,
          body: { loginId: { email: `alias-${index}@example.com` }, password: 'wrong password' },
        })
        statuses.push(answer.status)
      }
      expect(statuses).toEqual([...Array.from({ length: 10 }, () => 400), 429])
    })

    it('throttles guesses at one account sprayed from 100 addresses, whatever the spelling of the e-mail', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const token = await platform.visitorToken('198.51.100.40')
      const statuses: number[] = []
      for (let index = 0; index < 100; index++) {
        const email = index % 2 === 0 ? 'victim@example.com' : ' Victim@Example.COM '
        const answer = await platform.call('POST', '/identity/v2/login', {
          from: `192.0.2.${index + 1}`,
          token,
          body: { loginId: { email }, password: `guess ${index}` },
        })
        statuses.push(answer.status)
      }
      expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400])
      expect(statuses.slice(4).every((status) => status === 429)).toBe(true)
      const other = await platform.call('POST', '/identity/v2/login', {
        from: '192.0.2.200',
        token,
        body: { loginId: { email: 'someone-else@example.com' }, password: 'a password' },
      })
      expect(other.status).toBe(400)
    })

    it('ignores X-Forwarded-For from a peer that is not a trusted proxy (a rotating header is one client)', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const token = await platform.visitorToken('198.51.100.50')
      const statuses: number[] = []
      for (let index = 0; index < 12; index++) {
        const answer = await platform.call('POST', '/identity/v2/login', {
          from: '198.51.100.51',
          token,
          headers: { 'x-forwarded-for': `10.9.8.${index}` },
          body: { loginId: { email: `spoof-${index}@example.com` }, password: 'wrong password' },
        })
        statuses.push(answer.status)
      }
      expect(statuses.filter((status) => status === 429)).toHaveLength(2)
    })

    it('believes X-Forwarded-For from a trusted proxy, from the right, and counts each client apart', async () => {
      const platform = createLimitedPlatform(db, {
        rateLimits: settings,
        trustedProxies: parseTrustedProxies('10.0.0.0/8'),
      })
      const token = await platform.visitorToken('198.51.100.60')
      const login = (forwardedFor: string, index: number) =>
        platform.call('POST', '/identity/v2/login', {
          from: '10.0.0.2',
          token,
          headers: { 'x-forwarded-for': forwardedFor },
          body: { loginId: { email: `proxied-${index}@example.com` }, password: 'wrong password' },
        })
      // The client may write anything on the left; the trusted proxy appends the real peer on the right.
      const first: number[] = []
      for (let index = 0; index < 11; index++)
        first.push((await login(`1.2.3.${index}, 203.0.113.70, 10.0.0.9`, index)).status)
      expect(first.filter((status) => status === 429)).toHaveLength(1)
      expect((await login('203.0.113.71, 10.0.0.9', 99)).status).toBe(400)
    })

    it('counts every request with no known address together (fail closed)', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const token = await platform.visitorToken('198.51.100.80')
      const statuses: number[] = []
      for (let index = 0; index < 11; index++) {
        const answer = await platform.call('POST', '/identity/v2/login', {
          token,
          body: { loginId: { email: `nowhere-${index}@example.com` }, password: 'wrong password' },
        })
        statuses.push(answer.status)
      }
      expect(statuses.at(-1)).toBe(429)
      expect(statuses.filter((status) => status === 429)).toHaveLength(1)
    })
  })

  describe('other limited routes', () => {
    it('refuses a hosted login form past its limit with a page, not JSON', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      let last: Awaited<ReturnType<typeof platform.call>> | undefined
      for (let index = 0; index < 11; index++)
        last = await platform.call('POST', '/_auth/authorize?session=nothing', {
          from: '198.51.100.90',
          form: { email: `form-${index}@example.com`, password: 'x', csrf: 'x' },
          headers: { 'sec-fetch-site': 'same-origin' },
        })
      expect(last!.status).toBe(429)
      expect(last!.headers.get('content-type')).toContain('text/html')
      expect(last!.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(last!.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    })

    it('counts the dashboard’s sign-in by address, and leaves the e-mail to the dashboard’s failure throttle', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const signIn = (from: string, email: string) =>
        platform.call('POST', '/dashboard/login', {
          from,
          form: { email, password: 'x', csrf: 'x' },
          headers: { 'sec-fetch-site': 'same-origin' },
        })
      // One e-mail from many addresses, more often than the login bucket's account limit (4): the
      // limiter lets every one through to the dashboard, which counts the failures itself.
      const spread: number[] = []
      for (let index = 0; index < 8; index++)
        spread.push((await signIn(`198.51.100.${60 + index}`, 'boss@shop.test')).status)
      expect(spread).not.toContain(429)
      // Many e-mails from one address stop at the address limit (10).
      const oneAddress: number[] = []
      for (let index = 0; index < 10; index++)
        oneAddress.push((await signIn('198.51.100.79', `boss-${index}@shop.test`)).status)
      expect(oneAddress).not.toContain(429)
      const refused = await signIn('198.51.100.79', 'boss-10@shop.test')
      expect(refused.status).toBe(429)
      expect(refused.headers.get('content-type')).toContain('text/html')
    })

    it('leaves the hosted login form readable by its route after counting it', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const from = '198.51.100.95'
      const visitor = await platform.visitorToken(from)
      const email = `form-reader-${Date.now()}@example.com`
      const registered = await platform.call('POST', '/identity/v2/register', {
        from,
        token: visitor,
        body: { loginId: { email }, password: 'correct horse battery staple' },
      })
      expect(registered.status).toBe(200)
      const session = await platform.call('POST', '/redirects/v1/redirect-session', {
        from,
        token: visitor,
        body: {
          auth: {
            authRequest: {
              clientId: DEMO_CLIENT_ID,
              codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
              codeChallengeMethod: 'S256',
              responseType: 'code',
              state: 'form-state',
            },
          },
        },
      })
      const path =
        new URL(session.json.redirectSession.fullUrl).pathname +
        new URL(session.json.redirectSession.fullUrl).search
      const form = await platform.call('GET', path, { from })
      const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1] ?? ''
      const cookie = form.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ')
      const signedIn = await platform.call('POST', path, {
        from,
        form: { csrf, email, password: 'correct horse battery staple' },
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      })
      expect(signedIn.status).toBe(303)
      expect(signedIn.headers.get('location')).toContain('code=')
    })

    it('limits registration by address before any password is hashed', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const token = await platform.visitorToken('198.51.100.100')
      const statuses: number[] = []
      for (let index = 0; index < 4; index++) {
        const answer = await platform.call('POST', '/identity/v2/register', {
          from: '198.51.100.101',
          token,
          body: { loginId: { email: `limited-${index}@example.com` }, password: 'short' },
        })
        statuses.push(answer.status)
      }
      expect(statuses).toEqual([400, 400, 400, 429])
    })

    it('limits recovery e-mails per account (mail bombing) whatever the route answers', async () => {
      const platform = createLimitedPlatform(db, { rateLimits: settings })
      const statuses: number[] = []
      for (let index = 0; index < 3; index++) {
        const answer = await platform.call('POST', '/identity/v1/send-email', {
          from: `198.51.100.${110 + index}`,
          body: { email: 'bombed@example.com' },
        })
        statuses.push(answer.status)
      }
      expect(statuses.slice(0, 2).every((status) => status !== 429)).toBe(true)
      expect(statuses[2]).toBe(429)
    })

    it.each([
      [
        'a token refresh',
        '/oauth2/token',
        { clientId: DEMO_CLIENT_ID, grantType: 'refresh_token', refresh_token: 'forged' },
        '198.51.100.130',
      ],
      [
        'an e-mail verification',
        '/identity/v1/auth/verify',
        { stateToken: 'forged', code: '123456' },
        '198.51.100.131',
      ],
      ['a verification resend', '/identity/v1/auth/resend', { stateToken: 'forged' }, '198.51.100.132'],
      [
        'a token revocation',
        '/oauth2/revoke',
        { clientId: DEMO_CLIENT_ID, token: 'forged' },
        '198.51.100.133',
      ],
    ])('Q1: limits %s by address, answering 429 with Retry-After', async (_what, path, body, from) => {
      const low = { ip: { limit: 2, windowSeconds: 600 } }
      const platform = createLimitedPlatform(db, {
        rateLimits: { ...settings, token: low, verify: low, resend: low },
      })
      const token = await platform.visitorToken(from)
      const answers = []
      for (let index = 0; index < 3; index++)
        answers.push(await platform.call('POST', path, { from, token, body }))
      expect(answers.slice(0, 2).map((answer) => answer.status)).not.toContain(429)
      expect(answers[2]!.status).toBe(429)
      expect(answers[2]!.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    })

    describe("the hosted pages' form posts (Q1, Q2, Q5: by address and by account, a 429 page)", () => {
      const tight = { ip: { limit: 3, windowSeconds: 600 }, account: { limit: 2, windowSeconds: 600 } }
      const hostedSettings: RateLimitSettings = {
        ...DEFAULT_RATE_LIMITS,
        login: tight,
        register: tight,
        verify: tight,
        resend: tight,
        recovery: tight,
      }
      const run = `${Date.now()}`
      /** Each form post and how a request names its account: a field, or the code entry's cookie. */
      const forms: [
        path: string,
        account: (name: string) => { form: Record<string, string>; cookie?: string },
      ][] = [
        [
          '/_auth/login?session=nothing',
          (name) => ({ form: { email: `${name}@example.com`, password: 'x' } }),
        ],
        [
          '/_auth/authorize?session=nothing',
          (name) => ({ form: { email: `${name}@example.com`, password: 'x' } }),
        ],
        [
          '/_auth/signup?session=nothing',
          (name) => ({ form: { email: `${name}@example.com`, password: 'x' } }),
        ],
        ['/_auth/forgot-password?session=nothing', (name) => ({ form: { email: `${name}@example.com` } })],
        ['/_auth/reset-password', (name) => ({ form: { token: name, password: 'x' } })],
        [
          '/_auth/verify-email',
          (name) => ({ form: { code: '000000' }, cookie: `aisle_auth_verify=${name}` }),
        ],
        ['/_auth/verify-email/resend', () => ({ form: {} })],
      ]

      const post = (
        platform: ReturnType<typeof createLimitedPlatform>,
        path: string,
        from: string,
        request: { form: Record<string, string>; cookie?: string },
      ) =>
        platform.call('POST', path, {
          from,
          form: { csrf: 'x', ...request.form },
          headers: { 'sec-fetch-site': 'same-origin', ...(request.cookie ? { cookie: request.cookie } : {}) },
        })

      const expectRefusalPage = (answer: Awaited<ReturnType<typeof post>>) => {
        expect(answer.status).toBe(429)
        expect(answer.headers.get('content-type')).toContain('text/html')
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(answer.text).toContain('Too many requests')
      }

      it.each(forms.map(([path, account], index) => [path, account, index] as const))(
        'refuses the fourth post of %s from one address with a 429 page and Retry-After',
        async (path, account, index) => {
          const platform = createLimitedPlatform(db, { rateLimits: hostedSettings })
          const from = `198.51.${120 + index}.1`
          const statuses: number[] = []
          for (let attempt = 0; attempt < 3; attempt++)
            statuses.push((await post(platform, path, from, account(`ip-${run}-${index}-${attempt}`))).status)
          expect(statuses).not.toContain(429)
          expectRefusalPage(await post(platform, path, from, account(`ip-${run}-${index}-last`)))
        },
      )

      // The resend form names no account of its own: its cookie does, like the code entry's.
      const perAccount = [
        ...forms.slice(0, -1),
        [
          '/_auth/verify-email/resend',
          (name: string) => ({ form: {}, cookie: `aisle_auth_verify=${name}` }),
        ] as (typeof forms)[number],
      ]
      it.each(perAccount.map(([path, account], index) => [path, account, index] as const))(
        'refuses the third post of %s for one account from three addresses',
        async (path, account, index) => {
          const platform = createLimitedPlatform(db, { rateLimits: hostedSettings })
          const name = `account-${run}-${index}`
          for (const host of [1, 2])
            expect(
              (await post(platform, path, `203.0.${120 + index}.${host}`, account(name))).status,
            ).not.toBe(429)
          expectRefusalPage(await post(platform, path, `203.0.${120 + index}.3`, account(name)))
          // Another account from the same address is still let through.
          const other = await post(platform, path, `203.0.${120 + index}.3`, account(`${name}-other`))
          expect(other.status).not.toBe(429)
        },
      )
    })

    it('applies no limit when the app is built without one', async () => {
      const platform = createLimitedPlatform(db)
      for (let index = 0; index < 8; index++) await platform.visitorToken('203.0.113.200')
      expect(
        (
          await platform.call('POST', '/oauth2/token', {
            from: '203.0.113.200',
            body: { clientId: DEMO_CLIENT_ID, grantType: 'anonymous' },
          })
        ).status,
      ).toBe(200)
    })
  })
})
