import { request } from 'node:http'
import { expect, test } from '@playwright/test'

/** Posts a form to the storefront from one loopback address, as one shopper's browser would (no scripts). */
function postForm(
  url: string,
  form: Record<string, string>,
  from: string,
): Promise<{ status: number; setCookies: string[] }> {
  const target = new URL(url)
  const body = new URLSearchParams(form).toString()
  return new Promise((done, fail) => {
    const sent = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          origin: target.origin,
        },
      },
      (answer) => {
        answer.resume()
        answer.on('end', () =>
          done({ status: answer.statusCode ?? 0, setCookies: [answer.headers['set-cookie'] ?? []].flat() }),
        )
      },
    )
    sent.on('error', fail)
    sent.end(body)
  })
}

test('one shopper guessing passwords is throttled while another signs in', async ({ baseURL }) => {
  test.setTimeout(180_000)
  const abuser = '127.0.0.2'
  const shopper = '127.0.0.3'
  const email = `addresses-${Date.now()}@example.com`
  const password = 'a-long-password-for-addresses'

  // The platform's limits count in fixed 5-minute windows: start early in one, so that the attempts below
  // are counted together.
  const windowMs = 5 * 60_000
  const intoWindow = Date.now() % windowMs
  if (intoWindow > windowMs - 45_000)
    await new Promise((done) => setTimeout(done, windowMs - intoWindow + 100))

  const registered = await postForm(`${baseURL}/account/register`, { email, password, name: 'Ada' }, shopper)
  expect(registered.status).toBe(302)

  // The platform allows 30 sign-in attempts per address in 5 minutes: the abuser spends them all, and more.
  const statuses: number[] = []
  for (let attempt = 0; attempt < 32; attempt++) {
    const guess = { email: `guess-${attempt}-${Date.now()}@example.com`, password: 'not-the-password-1' }
    statuses.push((await postForm(`${baseURL}/account/login`, guess, abuser)).status)
  }
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400))
  expect(statuses.slice(30)).toEqual([429, 429])
  // The limit is the abuser's, even with the right password...
  expect((await postForm(`${baseURL}/account/login`, { email, password }, abuser)).status).toBe(429)

  // ...and not the other shopper's, who came through the same storefront.
  const signedIn = await postForm(`${baseURL}/account/login`, { email, password }, shopper)
  expect(signedIn.status).toBe(302)
  expect(signedIn.setCookies.some((cookie) => cookie.startsWith('aisle_session='))).toBe(true)
})
