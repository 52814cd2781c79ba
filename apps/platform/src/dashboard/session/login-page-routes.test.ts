import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { updateShopDetails } from '../../checkout/shop-details.ts'
import type { Db } from '../../db/db.ts'
import { parseTrustedProxies } from '../../http/client-address.ts'
import { DEMO_SITE_ID } from '../../seed/demo-store.ts'
import {
  createDashboardPlatform,
  createTestBrowser,
  OWNER,
  testHasher,
} from '../../testing/dashboard-browser.ts'
import { LEGACY_SCRYPT_HASHES } from '../../testing/legacy-scrypt-hashes.ts'
import { databaseKinds, openTestDatabase } from '../../testing/test-database.ts'
import { ACCOUNT_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from './login-throttle.ts'
import { revokeSessionsOfSiteUser, SESSION_IDLE_SECONDS, SESSION_LIFETIME_SECONDS } from './session-store.ts'
import { saveSiteUser } from './site-user-store.ts'

describe.each(databaseKinds())('dashboard sign-in on %s', (kind) => {
  let db: Db
  let platform: Awaited<ReturnType<typeof createDashboardPlatform>>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = await createDashboardPlatform(db)
  })
  afterAll(() => db.close())

  const browser = (ip?: string) => createTestBrowser(platform.app, { ip })

  describe('POST /dashboard/login', () => {
    it('signs a site owner in with an HttpOnly, SameSite=Strict session cookie scoped to /dashboard', async () => {
      const owner = browser()
      const answer = await owner.signIn()
      expect(answer.status).toBe(303)
      expect(answer.location).toBe('/dashboard/home')
      const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('aisle_dashboard='))!
      expect(cookie).toMatch(/; Path=\/dashboard;/)
      expect(cookie).toMatch(/; HttpOnly/)
      expect(cookie).toMatch(/; SameSite=Strict/)
      expect(cookie).not.toMatch(/Secure/)
      const products = await owner.get('/dashboard/products')
      expect(products.status).toBe(200)
      expect(products.text).toContain(OWNER.email)
      expect(products.text).toContain('Aisle Demo Store')
    })

    it('keeps only a hash of the session id', async () => {
      const owner = browser()
      await owner.signIn()
      const sessionId = owner.cookies.get('aisle_dashboard')!
      const stored = await db.query('select 1 from dashboard_sessions where id_hash = $1', [sessionId])
      expect(stored).toHaveLength(0)
    })

    it('answers the same 401 page for a wrong password and an unknown e-mail, without a session', async () => {
      const wrong = browser()
      const wrongAnswer = await wrong.signIn(OWNER.email, 'not the password')
      const unknown = browser()
      const unknownAnswer = await unknown.signIn('nobody@shop.test', 'not the password')
      for (const [answer, signed] of [
        [wrongAnswer, wrong],
        [unknownAnswer, unknown],
      ] as const) {
        expect(answer.status).toBe(401)
        expect(answer.text).toContain('The e-mail or the password is wrong.')
        expect(signed.cookies.has('aisle_dashboard')).toBe(false)
      }
    })

    it('signs in an owner whose hash the former scrypt hasher wrote, and stores argon2id from then on', async () => {
      const email = 'scrypt-owner@shop.test'
      await saveSiteUser(
        db,
        testHasher,
        { siteId: DEMO_SITE_ID, email, password: OWNER.password },
        new Date(),
      )
      await db.query('update site_users set password_hash = $2 where email = $1', [
        email,
        LEGACY_SCRYPT_HASHES.owner,
      ])
      const storedHash = async () =>
        (
          await db.query<{ password_hash: string }>('select password_hash from site_users where email = $1', [
            email,
          ])
        )[0]!.password_hash

      expect((await browser().signIn(email, `${OWNER.password}!`)).status).toBe(401)
      expect(await storedHash()).toBe(LEGACY_SCRYPT_HASHES.owner)
      expect((await browser().signIn(email, OWNER.password)).status).toBe(303)
      const upgraded = await storedHash()
      expect(upgraded).toMatch(/^\$argon2id\$/)
      expect((await browser().signIn(email, OWNER.password)).status).toBe(303)
      expect(await storedHash()).toBe(upgraded)
    })

    it('returns to the page asked for, but never to another site', async () => {
      const owner = browser()
      const home = await owner.get('/dashboard/collections')
      expect(home.status).toBe(303)
      expect(home.location).toBe('/dashboard/login?next=%2Fdashboard%2Fcollections')
      await owner.get(home.location!)
      const back = await owner.post('/dashboard/login', { ...OWNER, next: '/dashboard/collections' })
      expect(back.location).toBe('/dashboard/collections')
      for (const next of [
        '//evil.example/dashboard',
        'https://evil.example',
        '/dashboard\\@evil',
        '/dashboardx',
      ]) {
        const other = browser()
        await other.get('/dashboard/login')
        const answer = await other.post('/dashboard/login', { ...OWNER, next })
        expect(answer.location).toBe('/dashboard/home')
      }
    })

    it('refuses a sign-in form without its cookie token (login CSRF) or from another site', async () => {
      const owner = browser()
      await owner.get('/dashboard/login')
      const forged = await owner.post('/dashboard/login', { ...OWNER, csrf: 'guessed' })
      expect(forged.status).toBe(403)
      expect(owner.cookies.has('aisle_dashboard')).toBe(false)
      const crossSite = await owner.post('/dashboard/login', OWNER, { 'sec-fetch-site': 'cross-site' })
      expect(crossSite.status).toBe(403)
      expect(owner.cookies.has('aisle_dashboard')).toBe(false)
    })

    it(`answers 429 with Retry-After after ${LOGIN_FAILURE_LIMIT} failures for one e-mail and address, even for the right password`, async () => {
      const email = 'owner@shop.test'
      const attacker = browser('203.0.113.9')
      for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt++) {
        expect((await attacker.signIn(email, `guess ${attempt}`)).status).toBe(401)
      }
      const blocked = await attacker.signIn(email, OWNER.password)
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get('retry-after'))).toBe(15 * 60)
      expect(blocked.text).toContain('Too many failed attempts')
      // Another address is not blocked by this one's failures.
      expect((await browser('203.0.113.10').signIn()).status).toBe(303)
      // Waiting out Retry-After lets the owner in, and a success forgets the failures.
      platform.clock.advance(15 * 60)
      expect((await attacker.signIn(email, OWNER.password)).status).toBe(303)
      const failures = await db.query('select 1 from dashboard_login_failures where ip = $1', ['203.0.113.9'])
      expect(failures).toHaveLength(0)
    })

    it('lets exactly the limit through when guesses arrive all at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => browser('203.0.113.50').signIn(OWNER.email, 'wrong guess')),
      )
      const statuses = answers.map((a) => a.status)
      expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURE_LIMIT)
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_FAILURE_LIMIT)
    })
  })

  describe('POST /dashboard/login from many addresses', () => {
    it(`refuses an e-mail after ${ACCOUNT_FAILURE_LIMIT} failures spread over addresses, even the right password from a new one`, async () => {
      const owner = { email: 'spread-guesses@shop.test', password: 'a long and right passphrase' }
      await saveSiteUser(db, testHasher, { siteId: DEMO_SITE_ID, ...owner }, platform.clock())
      const perAddress = LOGIN_FAILURE_LIMIT - 3
      const addresses = Math.ceil(ACCOUNT_FAILURE_LIMIT / perAddress)
      const statuses: number[] = []
      for (let address = 0; address < addresses; address++)
        for (let attempt = 0; attempt < perAddress; attempt++)
          statuses.push((await browser(`203.0.113.${100 + address}`).signIn(owner.email, 'guess')).status)
      expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_FAILURE_LIMIT)
      expect(statuses.slice(ACCOUNT_FAILURE_LIMIT).every((status) => status === 429)).toBe(true)
      const fresh = await browser('203.0.113.199').signIn(owner.email, owner.password)
      expect(fresh.status).toBe(429)
      expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0)
      // Other accounts are not held by this one's failures.
      expect((await browser('203.0.113.199').signIn()).status).toBe(303)
      platform.clock.advance(15 * 60)
      expect((await browser('203.0.113.199').signIn(owner.email, owner.password)).status).toBe(303)
    })

    it('counts each client behind a trusted proxy apart, by the address the proxy names', async () => {
      const behindProxy = await createDashboardPlatform(db, {
        trustedProxies: parseTrustedProxies('192.0.2.1'),
      })
      const owner = { email: 'behind-proxy@shop.test', password: 'another right passphrase' }
      await saveSiteUser(db, testHasher, { siteId: DEMO_SITE_ID, ...owner }, behindProxy.clock())
      const viaProxy = (client: string) => ({ 'x-forwarded-for': client })
      const attacker = createTestBrowser(behindProxy.app, { ip: '192.0.2.1' })
      for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt++)
        expect((await attacker.signIn(owner.email, 'guess', viaProxy('198.51.100.77'))).status).toBe(401)
      expect((await attacker.signIn(owner.email, owner.password, viaProxy('198.51.100.77'))).status).toBe(429)
      // The owner, another client of the same proxy, is not locked out by the attacker's guesses.
      const real = createTestBrowser(behindProxy.app, { ip: '192.0.2.1' })
      expect((await real.signIn(owner.email, owner.password, viaProxy('198.51.100.78'))).status).toBe(303)
    })
  })

  describe('GET /dashboard/login', () => {
    const frameOf = (html: string) => /<header class="shop-frame">.*?<\/header>/.exec(html)?.[0]

    it('is Aisle’s own page in a browser that never signed in', async () => {
      const page = await browser().get('/dashboard/login')
      expect(page.status).toBe(200)
      expect(frameOf(page.text)).toBeUndefined()
      expect(page.text).toContain('<h1>Sign in to your store</h1>')
    })

    it('wears the brand of the shop the browser last signed in to, after signing out', async () => {
      await updateShopDetails(db, DEMO_SITE_ID, {
        name: 'Lumen & Loom',
        brandColour: '#2d1b69',
        accentColour: '#b42318',
        checkoutPhone: 'OPTIONAL',
        timeZone: 'America/New_York',
      })
      const owner = browser()
      const signedIn = await owner.signIn()
      const remembered = signedIn.headers
        .getSetCookie()
        .find((line) => line.startsWith('aisle_dashboard_shop='))
      // Only the site id, scoped to the dashboard, out of scripts' reach, kept after sign-out.
      expect(remembered).toMatch(new RegExp(`^aisle_dashboard_shop=${DEMO_SITE_ID}; Path=/dashboard;`))
      expect(remembered).toMatch(/; HttpOnly; SameSite=Strict/)
      await owner.get('/dashboard/products')
      await owner.post('/dashboard/logout')
      const page = await owner.get('/dashboard/login?notice=signed-out')
      expect(page.status).toBe(200)
      expect(frameOf(page.text)).toContain('<span>Lumen &amp; Loom</span>')
      // The dashboard has no shop front it may lead back to.
      expect(frameOf(page.text)).not.toContain('Back to')
      expect(page.text).toContain('<h1>Sign in to Lumen &amp; Loom</h1>')
      expect(page.text).toContain('<title>Sign in · Lumen &amp; Loom dashboard</title>')
      expect(page.text).toMatch(/<style nonce="[^"]+">:root\{--brand:#2d1b69;--accent:#b42318\}<\/style>/)
      // A refused sign-in keeps the look.
      const refused = await owner.signIn(OWNER.email, 'not the password')
      expect(refused.status).toBe(401)
      expect(refused.text).toContain('<h1>Sign in to Lumen &amp; Loom</h1>')
    })

    it('is Aisle’s own page for a cookie that names no shop, and the cookie opens nothing', async () => {
      for (const value of [
        '00000000-0000-4000-8000-000000000000',
        'not-a-site',
        "x'; drop table sites; --",
      ]) {
        const stranger = browser()
        stranger.cookies.set('aisle_dashboard_shop', encodeURIComponent(value))
        const page = await stranger.get('/dashboard/login')
        expect(page.status).toBe(200)
        expect(frameOf(page.text)).toBeUndefined()
      }
      const stranger = browser()
      stranger.cookies.set('aisle_dashboard_shop', DEMO_SITE_ID)
      const home = await stranger.get('/dashboard/home')
      expect(home.status).toBe(303)
      expect(home.location).toMatch(/^\/dashboard\/login/)
    })
  })

  describe('sessions', () => {
    it('ends at sign-out: the old cookie no longer opens the dashboard', async () => {
      const owner = browser()
      await owner.signIn()
      const sessionId = owner.cookies.get('aisle_dashboard')!
      await owner.get('/dashboard/products')
      const out = await owner.post('/dashboard/logout')
      expect(out.status).toBe(303)
      expect(out.location).toBe('/dashboard/login?notice=signed-out')
      expect(owner.cookies.has('aisle_dashboard')).toBe(false)
      const replay = browser()
      replay.cookies.set('aisle_dashboard', sessionId)
      const answer = await replay.get('/dashboard/products')
      expect(answer.status).toBe(303)
      expect(answer.location).toMatch(/^\/dashboard\/login/)
    })

    it('ends after two idle hours, and after twelve hours however active', async () => {
      const idle = browser()
      await idle.signIn()
      platform.clock.advance(SESSION_IDLE_SECONDS - 60)
      expect((await idle.get('/dashboard/products')).status).toBe(200)
      platform.clock.advance(SESSION_IDLE_SECONDS + 1)
      expect((await idle.get('/dashboard/products')).status).toBe(303)

      const busy = browser()
      await busy.signIn()
      for (let elapsed = 0; elapsed < SESSION_LIFETIME_SECONDS - 3600; elapsed += 3600) {
        platform.clock.advance(3600)
        expect((await busy.get('/dashboard/api-keys')).status).toBe(200)
      }
      platform.clock.advance(3601)
      expect((await busy.get('/dashboard/api-keys')).status).toBe(303)
    })

    it('ends every session of an owner when they are revoked (a new password)', async () => {
      const laptop = browser()
      const phone = browser('198.51.100.8')
      await laptop.signIn()
      await phone.signIn()
      expect(await revokeSessionsOfSiteUser(db, platform.owner.id, platform.clock())).toBeGreaterThanOrEqual(
        2,
      )
      expect((await laptop.get('/dashboard/products')).status).toBe(303)
      expect((await phone.get('/dashboard/products')).status).toBe(303)
    })
  })
})

describe('dashboard sign-in over HTTPS', () => {
  it('marks the session cookie Secure', async () => {
    const db = await openTestDatabase('pglite')
    try {
      const platform = await createDashboardPlatform(db, { publicUrl: 'https://platform.test' })
      const owner = createTestBrowser(platform.app, { origin: 'https://platform.test' })
      const answer = await owner.signIn()
      expect(answer.status).toBe(303)
      expect(answer.headers.getSetCookie().find((line) => line.startsWith('aisle_dashboard='))).toMatch(
        /; Secure/,
      )
    } finally {
      await db.close()
    }
  })
})
