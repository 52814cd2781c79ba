import { randomBytes } from 'node:crypto'
import type { ReactElement, ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { IconContext, NonceContext } from './document.tsx'
import { FAVICON_PATH, toShopIconPath } from './favicon-routes.ts'
import { type ShopBrand, ShopBrandContext } from './shop-frame.tsx'

export interface PageOptions {
  status?: number
  headers?: Record<string, string>
  /** Origins images may come from besides the page's own (the platform's public URL for media). */
  imageOrigins?: readonly string[]
  /** Where the page's script may send requests (`connect-src`); none by default. */
  connectSources?: readonly string[]
  /** The shop the page belongs to: its icon is the page's (the platform's by default). */
  siteId?: string | undefined
  /** The shop's name, logo, colours and home, when the page is one of its hosted pages (`loadShopBrand`). */
  brand?: ShopBrand | undefined
}

/**
 * Headers every server-rendered page answers with: a CSP that allows only the page's nonce for
 * scripts, and for styles the nonce and the platform's own style sheet (`'self'`, decision 103), forms posting to the same origin, and no framing (clickjacking); no caching,
 * because pages show one person's data and forms carry their CSRF token.
 */
export function pageSecurityHeaders(
  nonce: string,
  imageOrigins: readonly string[] = [],
  connectSources: readonly string[] = [],
): Record<string, string> {
  const images = ["'self'", 'data:', ...imageOrigins].join(' ')
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': [
      "default-src 'none'",
      ...(connectSources.length > 0 ? [`connect-src ${connectSources.join(' ')}`] : []),
      `script-src 'nonce-${nonce}'`,
      `style-src 'self' 'nonce-${nonce}'`,
      `img-src ${images}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
  }
}

function toIconPath(options: PageOptions): string {
  return options.siteId ? toShopIconPath(options.siteId) : FAVICON_PATH
}

function render(element: ReactNode, nonce: string, options: PageOptions): string {
  return renderToStaticMarkup(
    <NonceContext value={nonce}>
      <IconContext value={toIconPath(options)}>
        <ShopBrandContext value={options.brand}>{element}</ShopBrandContext>
      </IconContext>
    </NonceContext>,
  )
}

/** Where the page's pictures may come from: what the caller names, and the origin of the shop's logo. */
function imageOriginsOf(options: PageOptions): readonly string[] {
  const logo = options.brand?.logo?.url
  return logo ? [...(options.imageOrigins ?? []), new URL(logo).origin] : (options.imageOrigins ?? [])
}

/**
 * Renders a page (a `Document` element) to a complete HTML response with its security headers.
 *
 * @example
 * return renderPage(<Document title="Sign in"><LoginForm /></Document>, { status: 401 })
 */
export function renderPage(element: ReactElement, options: PageOptions = {}): Response {
  const nonce = randomBytes(16).toString('base64')
  const html = `<!doctype html>${render(element, nonce, options)}`
  const response = new Response(html, {
    status: options.status ?? 200,
    headers: {
      ...pageSecurityHeaders(nonce, imageOriginsOf(options), options.connectSources),
      ...options.headers,
    },
  })
  wholePages.set(response, html)
  return response
}

/** Each page `renderPage` drew whole, with its HTML, while the answer lives. */
const wholePages = new WeakMap<Response, string>()

/**
 * The HTML of `response` when `renderPage` drew it whole and nothing has replaced it since; nothing for a
 * streamed page or any other answer. A wrapper (the test-mode banner) splices that text instead of piping
 * the body through a stream (decision 097).
 */
export function findWholePageHtml(response: Response): string | undefined {
  return wholePages.get(response)
}

const SLOT = '<template id="stream-slot"></template>'

/** Where `streamPage` writes the parts it streams. */
export function StreamSlot() {
  return <template id="stream-slot" />
}

/**
 * Streams a page: everything before its `<StreamSlot />` at once, then each part as it is produced
 * (the browser shows them as they arrive, without script), then the rest. For long work with progress.
 */
export function streamPage(
  element: ReactElement,
  parts: AsyncIterable<ReactNode>,
  options: PageOptions = {},
): Response {
  const nonce = randomBytes(16).toString('base64')
  const html = `<!doctype html>${render(element, nonce, options)}`
  const at = html.indexOf(SLOT)
  if (at < 0) throw new Error('streamPage needs a <StreamSlot /> in the page')
  const encoder = new TextEncoder()
  const iterator = parts[Symbol.asyncIterator]()
  let started = false
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(html.slice(0, at)))
        return
      }
      const next = await iterator.next()
      if (next.done) {
        controller.enqueue(encoder.encode(html.slice(at + SLOT.length)))
        controller.close()
        return
      }
      controller.enqueue(encoder.encode(render(next.value, nonce, options)))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
  return new Response(body, {
    status: options.status ?? 200,
    headers: { ...pageSecurityHeaders(nonce, imageOriginsOf(options)), ...options.headers },
  })
}
