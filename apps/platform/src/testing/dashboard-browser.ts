import { createApp } from '../app.ts'
import type { StripeSettings } from '../checkout/stripe/stripe-provider.ts'
import { saveSiteUser } from '../dashboard/session/site-user-store.ts'
import type { Db } from '../db/db.ts'
import type { TrustedProxies } from '../http/client-address.ts'
import { createArgon2idHasher } from '../passwords/argon2id-hasher.ts'
import { DEMO_SITE_ID } from '../seed/demo-store.ts'
import { createTestClock, TEST_PUBLIC_URL } from './test-platform.ts'

/** argon2id cheap enough for tests (1 MiB, one pass); the production cost is tested on its own. */
export const testHasher = createArgon2idHasher({
  parameters: { memoryCost: 1_024, timeCost: 1, parallelism: 1 },
})

export const OWNER = { email: 'owner@shop.test', password: 'correct horse battery' }

/** The real app with a cheap password hasher and a movable clock, and a site owner of the demo store. */
export async function createDashboardPlatform(
  db: Db,
  options: {
    publicUrl?: string
    bulkChunkSize?: number
    localDevelopmentSites?: boolean
    trustedProxies?: TrustedProxies
    stripe?: StripeSettings
  } = {},
) {
  const clock = createTestClock()
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL
  const app = createApp({
    db,
    publicUrl,
    clock,
    passwordHasher: testHasher,
    dashboard: { bulkChunkSize: options.bulkChunkSize ?? 100 },
    ...(options.localDevelopmentSites === undefined
      ? {}
      : { localDevelopmentSites: options.localDevelopmentSites }),
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    stripe: options.stripe,
  })
  const { user } = await saveSiteUser(db, testHasher, { siteId: DEMO_SITE_ID, ...OWNER }, clock())
  return { app, clock, publicUrl, owner: user }
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>()
  for (const match of tag.matchAll(/([a-zA-Z][\w-]*)(?:="([^"]*)")?/g))
    attributes.set(match[1]!.toLowerCase(), decode(match[2] ?? ''))
  return attributes
}

/**
 * The fields a browser would submit for the form with this `action` in a page: checked boxes only,
 * selected options, textareas; submit buttons and files left out.
 */
export function readFormFields(html: string, action: string): Record<string, string[]> {
  const start = html.indexOf(`action="${action}"`)
  if (start < 0) throw new Error(`no form posts to ${action}`)
  const body = html.slice(start, html.indexOf('</form>', start))
  const fields: Record<string, string[]> = {}
  const add = (name: string | undefined, value: string) => {
    if (name) fields[name] = [...(fields[name] ?? []), value]
  }
  for (const [tag = ''] of body.matchAll(/<input\b[^>]*>/g)) {
    const attributes = attributesOf(tag.slice(6))
    const type = attributes.get('type') ?? 'text'
    if (['submit', 'button', 'file', 'reset'].includes(type)) continue
    if ((type === 'checkbox' || type === 'radio') && !attributes.has('checked')) continue
    add(attributes.get('name'), attributes.get('value') ?? (type === 'checkbox' ? 'on' : ''))
  }
  for (const match of body.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g))
    add(attributesOf(match[1]!).get('name'), decode(match[2]!))
  for (const match of body.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const options = [...match[2]!.matchAll(/<option\b([^>]*)>/g)].map((option) => attributesOf(option[1]!))
    const chosen = options.find((option) => option.has('selected')) ?? options[0]
    add(attributesOf(match[1]!).get('name'), chosen?.get('value') ?? '')
  }
  return fields
}

export interface BrowserResponse {
  status: number
  headers: Headers
  text: string
  /** The `Location` of a redirect. */
  location: string | null
}

/**
 * A small browser for route tests: keeps cookies like Chromium (Path, Max-Age), sends same-origin Fetch
 * Metadata with form posts, and remembers the CSRF token of the last page that had one.
 */
export function createTestBrowser(
  app: { request: (input: string, init?: RequestInit, env?: unknown) => Response | Promise<Response> },
  options: { ip?: string; origin?: string } = {},
) {
  const origin = options.origin ?? TEST_PUBLIC_URL
  const cookies = new Map<string, string>()
  const env = { incoming: { socket: { remoteAddress: options.ip ?? '198.51.100.7' } } }
  let csrf = ''
  let lastPage = ''

  async function request(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const headers: Record<string, string> = { ...init.headers }
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await app.request(`${origin}${path}`, { method, headers, body: init.body }, env)
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const [name = '', value = ''] = pair.split('=')
      if (attributes.some((a) => /^max-age=0$/i.test(a))) cookies.delete(name)
      else cookies.set(name, value)
    }
    const text = await response.text()
    const token = /name="csrf" value="([^"]+)"/.exec(text)?.[1]
    if (token) csrf = token
    if (response.headers.get('content-type')?.startsWith('text/html')) lastPage = text
    return {
      status: response.status,
      headers: response.headers,
      text,
      location: response.headers.get('location'),
    }
  }

  const browser = {
    cookies,
    /** The CSRF token of the last page that had a form. */
    get csrf() {
      return csrf
    },
    get: (path: string, headers?: Record<string, string>) => request('GET', path, { headers }),
    /** Posts a URL-encoded form (with the page's token unless `fields.csrf` says otherwise). */
    post: (
      path: string,
      fields: Record<string, string | string[]> = {},
      headers: Record<string, string> = {},
    ) => {
      const body = new URLSearchParams()
      if (!('csrf' in fields)) body.append('csrf', csrf)
      for (const [name, value] of Object.entries(fields))
        for (const one of Array.isArray(value) ? value : [value]) body.append(name, one)
      return request('POST', path, {
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin,
          'sec-fetch-site': 'same-origin',
          ...headers,
        },
      })
    },
    /** Posts a multipart form with the page's token. */
    postMultipart: (path: string, data: FormData) => {
      if (!data.has('csrf')) data.append('csrf', csrf)
      return request('POST', path, { body: data, headers: { origin, 'sec-fetch-site': 'same-origin' } })
    },
    /** The fields of a form of the last page, as a browser would send them. */
    formOf: (action: string) => readFormFields(lastPage, action),
    /** Submits a form of the last page with some fields changed (`undefined` unchecks or removes). */
    submit: (
      action: string,
      changes: Record<string, string | string[] | undefined> = {},
      headers?: Record<string, string>,
    ) => {
      const fields: Record<string, string | string[]> = readFormFields(lastPage, action)
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined) delete fields[name]
        else fields[name] = value
      }
      return browser.post(action, fields, headers)
    },
    /** Signs in through the sign-in page, as a person would. */
    async signIn(email = OWNER.email, password = OWNER.password, headers?: Record<string, string>) {
      await browser.get('/dashboard/login')
      return browser.post('/dashboard/login', { email, password }, headers)
    },
  }
  return browser
}
