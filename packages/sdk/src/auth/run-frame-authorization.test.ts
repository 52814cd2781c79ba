import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AisleError } from '../http/aisle-error.js'
import { toUpperSnakeCase } from '../http/status-text.js'
import { createFakeBrowser, type FakeBrowser } from '../testing/fake-browser.js'
import { runFrameAuthorization, silentLoginTimeoutMs } from './run-frame-authorization.js'

const kit = { AisleError, toUpperSnakeCase }

const authUrl = 'https://auth.example.com/oauth2/authorize?session=s'
const state = 'state-of-this-transaction'

let browser: FakeBrowser

beforeEach(() => {
  browser = createFakeBrowser()
  vi.stubGlobal('window', browser.window)
  vi.stubGlobal('document', browser.document)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function start() {
  const settled = vi.fn()
  const promise = runFrameAuthorization(authUrl, state, kit)
  promise.then(settled, settled)
  const frame = browser.frames[0]
  if (!frame) throw new Error('no iframe was attached')
  const fromFrame = (data: unknown, origin = 'https://auth.example.com') =>
    browser.post({ origin, source: frame.contentWindow, data })
  return { promise, frame, settled, fromFrame }
}

const answer = (response: unknown) => ({ type: 'authorization_response', response })

describe('runFrameAuthorization', () => {
  it('loads the auth URL in a hidden iframe and resolves the code posted with the right state', async () => {
    const { promise, frame, fromFrame } = start()
    expect(frame.src).toBe(authUrl)
    expect(frame.style.display).toBe('none')
    fromFrame(answer({ code: 'code-1', state }))
    await expect(promise).resolves.toEqual({ code: 'code-1', state })
    expect(browser.frames).toHaveLength(0)
    expect(browser.listeners.size).toBe(0)
  })

  it.each([
    'https://auth.example.com.evil.com',
    'https://evil.com',
    'null',
    'http://auth.example.com',
    'https://auth.example.com:8443',
    'https://AUTH.example.com.',
  ])('ignores a message from another origin (%s)', async (origin) => {
    const { settled, fromFrame } = start()
    fromFrame(answer({ code: 'stolen', state }), origin)
    await Promise.resolve()
    expect(settled).not.toHaveBeenCalled()
    expect(browser.listeners.size).toBe(1)
  })

  it('ignores a message of the right origin from another window', async () => {
    const { settled } = start()
    browser.post({ origin: 'https://auth.example.com', source: {}, data: answer({ code: 'c', state }) })
    await Promise.resolve()
    expect(settled).not.toHaveBeenCalled()
  })

  it('ignores messages of another shape or state, and 1,000 junk messages, then takes the real one', async () => {
    const { promise, settled, fromFrame } = start()
    for (const junk of [
      '',
      {},
      'test',
      null,
      { type: 'other', response: { code: 'c', state } },
      { type: 'authorization_response' },
      answer(null),
      answer('code=c'),
      answer({ code: 'c', state: 'wrong' }),
      answer({ code: 'c', state: 'state-of-an-older-transaction' }),
      answer({ code: 'c' }),
      answer({ code: 42, state }),
      answer({ error: 'login_required', state: 'wrong' }),
    ]) {
      fromFrame(junk)
    }
    for (let index = 0; index < 1000; index++) fromFrame({ index })
    await Promise.resolve()
    expect(settled).not.toHaveBeenCalled()
    fromFrame(answer({ code: 'code-2', state }))
    await expect(promise).resolves.toEqual({ code: 'code-2', state })
  })

  it('rejects at once with the error the platform posts, and cleans up', async () => {
    const { promise, fromFrame } = start()
    fromFrame(answer({ error: 'login_required', error_description: 'No session', state }))
    await expect(promise).rejects.toMatchObject({ code: 'LOGIN_REQUIRED', message: 'No session' })
    expect(browser.frames).toHaveLength(0)
    expect(browser.listeners.size).toBe(0)
  })

  it("rejects with 'OAuth flow timed out' after 120 s and removes the listener and the iframe", async () => {
    vi.useFakeTimers()
    const { promise, settled } = start()
    expect(silentLoginTimeoutMs).toBe(120_000)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(promise).rejects.toMatchObject({ code: 'TIMEOUT', message: 'OAuth flow timed out' })
    expect(browser.frames).toHaveLength(0)
    expect(browser.listeners.size).toBe(0)
  })

  it('ignores a late message once it has settled', async () => {
    const { promise, fromFrame } = start()
    fromFrame(answer({ code: 'first', state }))
    fromFrame(answer({ error: 'server_error', state }))
    await expect(promise).resolves.toEqual({ code: 'first', state })
  })

  it('fails fast on a cross-origin isolated page', async () => {
    vi.stubGlobal('crossOriginIsolated', true)
    await expect(runFrameAuthorization(authUrl, state, kit)).rejects.toMatchObject({ code: 'UNSUPPORTED' })
    expect(browser.frames).toHaveLength(0)
  })
})
