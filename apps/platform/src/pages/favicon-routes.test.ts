import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import type { Db } from '../db/db.ts'
import { databaseKinds, openTestDatabase } from '../testing/test-database.ts'
import { TEST_PUBLIC_URL } from '../testing/test-platform.ts'
import { FAVICON_PATH } from './favicon-routes.ts'

// Browsers ask every site for /favicon.ico on the first visit: the platform answers it, and its pages name
// the SVG icon.

describe.each(databaseKinds())('the favicon on %s', (kind) => {
  let db: Db
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    db = await openTestDatabase(kind, 'empty')
    app = createApp({ db, publicUrl: TEST_PUBLIC_URL })
  })
  afterAll(() => db.close())

  it.each(['/favicon.ico', FAVICON_PATH])('answers %s with the SVG icon, cached for a week', async (path) => {
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toBe('public, max-age=604800')
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  })

  it('is named by the pages the platform renders (the API reference, the dashboard sign-in)', async () => {
    for (const path of ['/docs', '/dashboard/login']) {
      const response = await app.request(`${TEST_PUBLIC_URL}${path}`)
      expect(response.status, path).toBe(200)
      const head = (await response.text()).split('</head>')[0]
      expect(head, path).toContain(`<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}"/>`)
    }
  })
})
