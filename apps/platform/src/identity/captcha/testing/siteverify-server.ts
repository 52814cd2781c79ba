import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One form a siteverify endpoint received. */
export type SiteverifyRequest = Record<string, string>

/** What the fake provider does with one request: answer a body (with a status), or hang. */
export type SiteverifyBehaviour =
  | { status?: number; body: unknown }
  | { hang: true }
  | { raw: string; contentType?: string }

/**
 * A siteverify endpoint on 127.0.0.1 that plays a reCAPTCHA-, hCaptcha- or Turnstile-compatible
 * provider over real HTTP: it records every form it gets and answers as `respond` decides.
 */
export async function startSiteverifyServer(respond: (form: SiteverifyRequest) => SiteverifyBehaviour) {
  const received: SiteverifyRequest[] = []
  const hanging = new Set<() => void>()
  const server: Server = createServer((request, response) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      text += chunk
    })
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(text))
      received.push({
        ...form,
        $contentType: request.headers['content-type'] ?? '',
        $method: request.method ?? '',
      })
      const behaviour = respond(form)
      if ('hang' in behaviour) {
        hanging.add(() => response.destroy())
        return
      }
      if ('raw' in behaviour) {
        response.writeHead(200, { 'content-type': behaviour.contentType ?? 'text/html' })
        response.end(behaviour.raw)
        return
      }
      response.writeHead(behaviour.status ?? 200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(behaviour.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    received,
    async close() {
      for (const end of hanging) end()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
