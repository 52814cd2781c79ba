import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isAisleError } from '../http/aisle-error.js'
import { createFakeBrowser, type FakeBrowser } from '../testing/fake-browser.js'
import { runSilentAuthorization } from './run-silent-authorization.js'

const authUrl = 'https://auth.example.com/_auth/authorize?session=s'
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

/** Posts a message from the platform's origin and the silent login's iframe. */
function postFromFrame(response: unknown, origin = 'https://auth.example.com') {
  const frame = browser.frames[0]
  if (!frame) throw new Error('no iframe was attached')
  browser.post({ origin, source: frame.contentWindow, data: { type: 'authorization_response', response } })
}

// Lets the async function reach its iframe before the test posts to it.
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('runSilentAuthorization', () => {
  it('resolves the code and state the platform posts to the hidden iframe', async () => {
    const promise = runSilentAuthorization(authUrl, state)
    await settle()
    expect(browser.frames[0]).toMatchObject({ src: authUrl, style: { display: 'none' } })
    postFromFrame({ code: 'code-1', state })
    await expect(promise).resolves.toEqual({ code: 'code-1', state })
    expect(browser.frames).toHaveLength(0)
    expect(browser.listeners.size).toBe(0)
  })

  it('ignores a code posted from another origin or for another state, and takes the real one', async () => {
    const settled = vi.fn()
    const promise = runSilentAuthorization(authUrl, state)
    promise.then(settled, settled)
    await settle()
    postFromFrame({ code: 'stolen', state }, 'https://evil.example')
    postFromFrame({ code: 'old', state: 'state-of-an-older-transaction' })
    await settle()
    expect(settled).not.toHaveBeenCalled()
    postFromFrame({ code: 'code-2', state })
    await expect(promise).resolves.toEqual({ code: 'code-2', state })
  })

  it('rejects with the AisleError of the error the platform posts (LOGIN_REQUIRED)', async () => {
    const promise = runSilentAuthorization(authUrl, state)
    await settle()
    postFromFrame({ error: 'login_required', error_description: 'The member is not signed in', state })
    const error = await promise.catch((caught: unknown) => caught)
    expect(isAisleError(error)).toBe(true)
    expect(error).toMatchObject({
      code: 'LOGIN_REQUIRED',
      message: 'The member is not signed in',
      details: { error: 'login_required', error_description: 'The member is not signed in' },
    })
    expect(browser.frames).toHaveLength(0)
  })

  it("rejects with TIMEOUT 'OAuth flow timed out' after 120 s by default", async () => {
    vi.useFakeTimers()
    const settled = vi.fn()
    const promise = runSilentAuthorization(authUrl, state)
    promise.then(settled, settled)
    await vi.advanceTimersByTimeAsync(119_999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(promise).rejects.toMatchObject({ code: 'TIMEOUT', message: 'OAuth flow timed out' })
    expect(browser.frames).toHaveLength(0)
    expect(browser.listeners.size).toBe(0)
  })

  it('waits as long as timeoutMs says', async () => {
    vi.useFakeTimers()
    const settled = vi.fn()
    const promise = runSilentAuthorization(authUrl, state, { timeoutMs: 5_000 })
    promise.then(settled, settled)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(promise).rejects.toMatchObject({ code: 'TIMEOUT' })
  })

  it.each([
    ['a relative URL', '/_auth/authorize?session=s', state, {}],
    ['a javascript: URL', 'javascript:alert(1)', state, {}],
    ['a data: URL', 'data:text/html,<script>parent.postMessage(1,"*")</script>', state, {}],
    ['an empty URL', '', state, {}],
    ['an empty state', authUrl, '', {}],
    ['a state that is not a string', authUrl, 42 as unknown as string, {}],
    ['a zero timeout', authUrl, state, { timeoutMs: 0 }],
    ['a negative timeout', authUrl, state, { timeoutMs: -1 }],
    ['a NaN timeout', authUrl, state, { timeoutMs: Number.NaN }],
    ['a timeout past what setTimeout keeps', authUrl, state, { timeoutMs: 2 ** 31 }],
  ])('refuses %s with INVALID_ARGUMENT before any iframe loads', async (_, url, givenState, options) => {
    await expect(runSilentAuthorization(url, givenState, options)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    })
    expect(browser.frames).toHaveLength(0)
    expect(browser.listeners.size).toBe(0)
  })

  it('refuses with UNSUPPORTED outside a browser page', async () => {
    vi.unstubAllGlobals()
    await expect(runSilentAuthorization(authUrl, state)).rejects.toMatchObject({
      code: 'UNSUPPORTED',
      message: 'A silent login runs in a browser page only',
    })
  })

  it('refuses with UNSUPPORTED on a cross-origin isolated page', async () => {
    vi.stubGlobal('crossOriginIsolated', true)
    await expect(runSilentAuthorization(authUrl, state)).rejects.toMatchObject({ code: 'UNSUPPORTED' })
    expect(browser.frames).toHaveLength(0)
  })
})
