import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitBody } from './body-limit.ts'

class TooLarge extends Error {}

/** Sends `body` to the server, with its length declared or chunked; answers status and text. */
function send(
  port: number,
  method: string,
  body: string | undefined,
  mode: 'declared' | 'chunked',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> =
      mode === 'declared'
        ? { 'content-length': String(Buffer.byteLength(body ?? '')) }
        : { 'transfer-encoding': 'chunked' }
    const outgoing = request({ host: '127.0.0.1', port, method, path: '/echo', headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    outgoing.on('error', reject)
    if (body && mode === 'chunked') {
      // In pieces, so the limiter counts across chunks.
      for (let at = 0; at < body.length; at += 16) outgoing.write(body.slice(at, at + 16))
    } else if (body) outgoing.write(body)
    outgoing.end()
  })
}

describe('limitBody over a real socket', () => {
  let server: ReturnType<typeof serve>
  let port: number
  const reads: number[] = []
  beforeAll(async () => {
    const app = new Hono()
    app.onError((error, c) => (error instanceof TooLarge ? c.text('too large', 413) : c.text('broken', 500)))
    app.use(
      limitBody(64, () => {
        throw new TooLarge()
      }),
    )
    app.on(['GET', 'POST', 'PUT'], '/echo', async (c) => {
      const text = c.req.method === 'GET' ? '' : await c.req.text()
      reads.push(text.length)
      return c.text(`read ${text.length}: ${text}`)
    })
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
    })
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it.each(['declared', 'chunked'] as const)(
    'passes a body of the limit, %s, to the route whole',
    async (mode) => {
      const body = 'y'.repeat(64)
      expect(await send(port, 'POST', body, mode)).toEqual({ status: 200, text: `read 64: ${body}` })
    },
  )

  it.each(['declared', 'chunked'] as const)(
    'refuses a body one byte over the limit, %s, before the route reads it',
    async (mode) => {
      const before = reads.length
      expect(await send(port, 'PUT', 'z'.repeat(65), mode)).toEqual({ status: 413, text: 'too large' })
      expect(reads.length).toBe(before)
    },
  )

  it('lets GET and an empty POST through', async () => {
    expect((await send(port, 'GET', undefined, 'declared')).status).toBe(200)
    expect(await send(port, 'POST', '', 'declared')).toEqual({ status: 200, text: 'read 0: ' })
  })
})
