// The server's entry: React DOM renders the whole page, then sends it as one body.
import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, ServerRouter } from 'react-router'
import { getConfig } from './platform/config.server'
import { PageStylesContext } from './rendering/page-styles'
import { NonceContext } from './security/nonce'
import { createNonce, setPageSecurityPolicy } from './security/security-headers.server'
import pageStyles from './styles.css?inline'

/** For `server.js`: the headers its static files carry too (read from the build's entry module). */
export { COMMON_SECURITY_HEADERS } from './security/security-headers.server'

/** How long a render may take before it is cut short (React Router reads this export too). */
export const streamTimeout = 5_000

/**
 * Renders the page with React DOM and answers once all of it is ready: every loader has answered before
 * rendering starts and no page suspends on data, so waiting costs nothing, and a crawler and a shopper get
 * the same complete HTML with its final status. React Router's default entry would tell them apart with `isbot`.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> | Response {
  // Each page's own nonce: its scripts carry it, and its policy allows no other inline script. The other
  // security headers are the root middleware's (`securityHeadersMiddleware`), on every answer.
  const nonce = createNonce()
  const config = getConfig()
  const platform = [new URL(config.apiUrl).origin, new URL(config.readOnlyApiUrl).origin]
  setPageSecurityPolicy(responseHeaders, nonce, { platform })
  // A HEAD answer has the page's status and headers, without rendering it.
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  return new Promise((resolve, reject) => {
    let status = responseStatusCode
    let isReady = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <PageStylesContext value={pageStyles}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageStylesContext>
      </NonceContext>,
      {
        nonce,
        // Every Suspense boundary (`HydrateLater`) written in place: past this many bytes of page React
        // would send a boundary hidden, to be shown by an inline script, so it would not show without script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          isReady = true
          clearTimeout(timeout)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          // The whole page is ready: its bytes go out as one body (one write to the socket), not as React's
          // many small chunks through a Node stream turned into a web stream and back (decision 098).
          const answered = { status, headers: responseHeaders }
          const chunks: Buffer[] = []
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, done) {
                chunks.push(chunk)
                done()
              },
              final(done) {
                resolve(new Response(Buffer.concat(chunks), answered))
                done()
              },
            }),
          )
        },
        onShellError: reject,
        onError(error) {
          status = 500
          // An error before the page is ready rejects (React Router logs it); after, only this log tells.
          if (isReady) console.error(error)
        },
      },
    )
    const timeout = setTimeout(abort, streamTimeout + 1_000)
  })
}
