import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/db.ts'
import {
  browse,
  createAuthSession,
  createPkce,
  DEMO_REDIRECT_URI,
  exchangeCode,
  newEmail,
  register,
} from '../testing/member-flows.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { createTestPlatform } from '../testing/test-platform.ts'
import { renderWebMessageResponse, toScriptJson } from './web-message-response.ts'

// State values meant to break out of the script (after node-oidc-provider's web_message tests).
const HOSTILE_STATES = [
  '</script><script>alert(1)</script>',
  '</SCRIPT ><img src=x onerror=alert(1)>',
  '<!--<script>',
  ']]>-->',
  'line\u2028separator\u2029paragraph',
  '"\'\\`$' + '{alert(1)}',
  '&lt;&amp;&#x3c;',
  '\u0000\u001f\u007f',
  '💥 non-BMP',
  '__proto__',
]

interface Posted {
  message: unknown
  targetOrigin: string
}

/** Runs the page's one script as a framed page would, and returns what it posted to its parent. */
function runPage(html: string, options: { framed?: boolean } = {}): Posted[] {
  const scripts = [...html.matchAll(/<script nonce="([^"]+)">([\s\S]*?)<\/script>/g)]
  expect(scripts).toHaveLength(1)
  expect(html.indexOf('</script>')).toBe(html.lastIndexOf('</script>'))
  const posted: Posted[] = []
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
  }
  const window: Record<string, unknown> = { opener: null }
  window.parent = options.framed === false ? window : parent
  runInNewContext(scripts[0]![2]!, { window })
  return posted
}

describe('toScriptJson (SECURITY.md W5)', () => {
  it.each(HOSTILE_STATES)('keeps %j inside the script and reads back the same', (state) => {
    const json = toScriptJson({ state })
    expect(json).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(json)).toEqual({ state })
    expect(runInNewContext(`(${json})`)).toEqual({ state })
  })
})

describe('the web_message page', () => {
  it('W1: posts the response to the exact registered origin, never "*"', () => {
    const page = renderWebMessageResponse('https://shop.example/callback?x=1', { code: 'c', state: 's' })
    return page.text().then((html) => {
      expect(runPage(html)).toEqual([
        {
          message: {
            type: 'authorization_response',
            response: { code: 'c', state: 's' },
            code: 'c',
            state: 's',
          },
          targetOrigin: 'https://shop.example',
        },
      ])
    })
  })

  it('W6: may be framed by the registered origin only, allows its own script by nonce, and is not cached', async () => {
    const page = renderWebMessageResponse('http://localhost:3000/callback', { code: 'c', state: 's' })
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain('frame-ancestors http://localhost:3000;')
    expect(csp).toContain("default-src 'none'")
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1]
    expect(await page.text()).toContain(`<script nonce="${nonce}">`)
    expect(page.headers.get('x-frame-options')).toBeNull()
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
  })

  it('posts nothing when it is not framed or opened', async () => {
    const html = await renderWebMessageResponse('https://shop.example/cb', { code: 'c', state: 's' }).text()
    expect(runPage(html, { framed: false })).toEqual([])
  })
})

describe.each(databaseKinds())('GET /_auth/authorize with response mode web_message on %s', (kind) => {
  let db: Db
  let platform: ReturnType<typeof createTestPlatform>
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    platform = createTestPlatform(db)
  })
  afterAll(() => db.close())

  async function silentLogin(state: string, options: { sessionToken?: boolean } = {}) {
    const visitor = (await platform.visitorTokens()).access_token
    const registered = await register(platform, visitor, newEmail('silent'))
    const pkce = createPkce()
    const session = await createAuthSession(platform, visitor, {
      challenge: pkce.codeChallenge,
      prompt: 'none',
      responseMode: 'web_message' as 'query',
      state,
      sessionToken: options.sessionToken === false ? undefined : registered.json.sessionToken,
    })
    expect(session.status).toBe(200)
    const page = await browse(platform, session.json.redirectSession.fullUrl)
    return { page, pkce }
  }

  it('W1, W8: turns a direct login’s session token into a code posted to the registered origin, exchangeable once', async () => {
    const { page, pkce } = await silentLogin('state-1')
    expect(page.status).toBe(200)
    expect(page.location).toBeNull()
    const [posted] = runPage(page.text)
    expect(posted?.targetOrigin).toBe(new URL(DEMO_REDIRECT_URI).origin)
    const { response } = posted!.message as { response: { code: string; state: string } }
    expect(response.state).toBe('state-1')
    const tokens = await exchangeCode(platform, { code: response.code, codeVerifier: pkce.codeVerifier })
    expect(tokens.status).toBe(200)
  })

  it('W4: answers login_required through the same channel when nobody is signed in, and shows no form', async () => {
    const { page } = await silentLogin('state-2', { sessionToken: false })
    expect(page.status).toBe(200)
    expect(page.text).not.toContain('<form')
    expect(runPage(page.text)).toEqual([
      {
        message: {
          type: 'authorization_response',
          response: {
            error: 'login_required',
            error_description: 'The member is not signed in',
            state: 'state-2',
          },
          error: 'login_required',
          error_description: 'The member is not signed in',
          state: 'state-2',
        },
        targetOrigin: new URL(DEMO_REDIRECT_URI).origin,
      },
    ])
  })

  it.each(HOSTILE_STATES.slice(0, 5))(
    'W5: posts the hostile state %j back unchanged, inside its script',
    async (state) => {
      const { page } = await silentLogin(state, { sessionToken: false })
      const [posted] = runPage(page.text)
      const message = posted!.message as { state: string; response: { state: string } }
      expect(message.response.state).toBe(state)
      expect(message.state).toBe(state)
    },
  )

  it('W6: keeps the login form unframeable when web_message is asked with prompt login', async () => {
    const visitor = (await platform.visitorTokens()).access_token
    const session = await createAuthSession(platform, visitor, {
      challenge: createPkce().codeChallenge,
      prompt: 'login',
      responseMode: 'web_message' as 'query',
    })
    const form = await browse(platform, session.json.redirectSession.fullUrl)
    expect(form.text).toContain('<form')
    expect(form.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(form.headers.get('x-frame-options')).toBe('DENY')
  })
})
