import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerClientError } from './client-error.ts'

/** Sends raw bytes on a new connection and reads everything until the server closes it. */
function sendRaw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8')
    })
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n')
  const [statusLine = '', ...headers] = head.split('\r\n')
  return { statusLine, headers: headers.map((line) => line.toLowerCase()), json: JSON.parse(body) }
}

describe('answerClientError on a real server', () => {
  let server: ReturnType<typeof serve>
  let port: number
  beforeAll(async () => {
    const app = new Hono().get('/', (c) => c.text('ok'))
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    server.on('clientError', answerClientError)
    await new Promise<void>((resolve) => server.once('listening', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('answers headers over Node’s 16 KiB limit with 431 in the normalised shape, then closes', async () => {
    const raw = await sendRaw(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    const answer = parseAnswer(raw)
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large')
    expect(answer.headers).toContain('content-type: application/json; charset=utf-8')
    expect(answer.headers).toContain('connection: close')
    expect(answer.json.details.applicationError.code).toBe('REQUEST_HEADER_FIELDS_TOO_LARGE')
  })

  it('answers a request that is not HTTP with 400 in the normalised shape', async () => {
    const answer = parseAnswer(await sendRaw(port, 'GARBAGE\r\n\r\n'))
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request')
    expect(answer.json).toEqual({
      message: 'The request is not well-formed HTTP',
      details: {
        applicationError: {
          description: 'The request is not well-formed HTTP',
          code: 'BAD_REQUEST',
          data: {},
        },
      },
    })
  })

  it('still serves well-formed requests', async () => {
    const raw = await sendRaw(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(raw.startsWith('HTTP/1.1 200 OK')).toBe(true)
    expect(raw.endsWith('ok')).toBe(true)
  })
})
