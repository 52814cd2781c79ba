import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestClock } from '../../testing/test-platform.ts'
import { createHttpCaptchaVerifier } from './http-captcha-verifier.ts'
import { type SiteverifyBehaviour, startSiteverifyServer } from './testing/siteverify-server.ts'

const SOLVED_AT = '2026-06-01T11:59:30Z'

describe('the HTTP captcha verifier against a siteverify endpoint on 127.0.0.1', () => {
  const clock = createTestClock(new Date('2026-06-01T12:00:00Z'))
  const behaviours: Record<string, SiteverifyBehaviour> = {
    good: { body: { success: true, challenge_ts: SOLVED_AT, hostname: 'shop.example' } },
    'good-no-timestamp': { body: { success: true, hostname: 'shop.example' } },
    refused: { body: { success: false, 'error-codes': ['invalid-input-response'] } },
    'refused-without-codes': { body: { success: false } },
    duplicate: { body: { success: false, 'error-codes': ['timeout-or-duplicate'] } },
    stale: { body: { success: true, challenge_ts: '2026-06-01T11:57:59Z', hostname: 'shop.example' } },
    'other-host': { body: { success: true, challenge_ts: SOLVED_AT, hostname: 'evil.example' } },
    'truthy-string': { body: { success: 'true', challenge_ts: SOLVED_AT, hostname: 'shop.example' } },
    'bad-timestamp': { body: { success: true, challenge_ts: 'yesterday', hostname: 'shop.example' } },
    'server-error': { status: 500, body: { success: true } },
    html: { raw: '<html>maintenance</html>' },
    'json-null': { raw: 'null', contentType: 'application/json' },
    slow: { hang: true },
  }
  let provider: Awaited<ReturnType<typeof startSiteverifyServer>>
  let verifier: ReturnType<typeof createHttpCaptchaVerifier>
  beforeAll(async () => {
    provider = await startSiteverifyServer((form) => behaviours[form.response ?? ''] ?? behaviours.refused!)
    verifier = createHttpCaptchaVerifier({
      provider: 'recaptcha',
      verifyUrl: provider.url,
      secrets: { invisible: 'invisible-secret', visible: 'visible-secret' },
      siteKeys: { invisible: 'invisible-key', visible: 'visible-key' },
      hostnames: ['shop.example'],
      timeoutMs: 300,
      clock,
    })
  })
  afterAll(() => provider.close())

  it('posts the secret of the answer’s key, the answer, the site key and the client address as a form', async () => {
    const verdict = await verifier.verify({ kind: 'visible', token: 'good', remoteAddress: '203.0.113.9' })
    expect(verdict).toEqual({ ok: true })
    expect(provider.received.at(-1)).toEqual({
      secret: 'visible-secret',
      response: 'good',
      sitekey: 'visible-key',
      remoteip: '203.0.113.9',
      $contentType: 'application/x-www-form-urlencoded',
      $method: 'POST',
    })
    await verifier.verify({ kind: 'invisible', token: 'good' })
    expect(provider.received.at(-1)).toMatchObject({ secret: 'invisible-secret', sitekey: 'invisible-key' })
    expect(provider.received.at(-1)).not.toHaveProperty('remoteip')
  })

  it('accepts an answer without a timestamp (Turnstile and hCaptcha may leave it out)', async () => {
    expect(await verifier.verify({ kind: 'invisible', token: 'good-no-timestamp' })).toEqual({ ok: true })
  })

  it.each([
    ['refused', ['invalid-input-response']],
    ['refused-without-codes', ['unsuccessful']],
    ['duplicate', ['timeout-or-duplicate']],
    ['stale', ['timeout-or-duplicate']],
    ['other-host', ['hostname-mismatch']],
    ['truthy-string', ['unsuccessful']],
    ['bad-timestamp', ['bad-challenge-timestamp']],
    ['server-error', ['verifier-unavailable', 'status-500']],
    ['html', ['verifier-unavailable']],
    ['json-null', ['verifier-unavailable']],
    ['slow', ['verifier-unavailable']],
  ])('refuses the answer "%s" with %j', async (token, reasons) => {
    expect(await verifier.verify({ kind: 'visible', token })).toEqual({ ok: false, reasons })
  })

  it('refuses when the provider cannot be reached at all', async () => {
    const unreachable = createHttpCaptchaVerifier({
      provider: 'hcaptcha',
      verifyUrl: 'http://127.0.0.1:9/siteverify',
      secrets: { invisible: 's', visible: 's' },
      siteKeys: { invisible: 'k', visible: 'k' },
      timeoutMs: 300,
      clock,
    })
    expect(await unreachable.verify({ kind: 'visible', token: 'good' })).toEqual({
      ok: false,
      reasons: ['verifier-unavailable'],
    })
  })
})
