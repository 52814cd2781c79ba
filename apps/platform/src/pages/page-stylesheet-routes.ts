import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { z } from 'zod'
import { acceptsGzip } from '../http/accept-encoding.ts'
import type { Api } from '../http/api.ts'
import { matchesETag } from '../http/entity-tags.ts'
import { ApplicationError } from '../http/errors.ts'
import { pageStyles } from './page-styles.ts'

/** The first 16 hex digits of the style sheet's SHA-256: a new sheet is a new address. */
const STYLESHEET_HASH = createHash('sha256').update(pageStyles).digest('hex').slice(0, 16)

const STYLESHEET_FILE = `hosted-${STYLESHEET_HASH}.css`

/**
 * Where every server-rendered page links its style sheet (decision 103): named by its content, so a
 * browser and a proxy may keep it for a year and a changed sheet is fetched at its new address.
 */
export const PAGE_STYLESHEET_PATH = `/_assets/${STYLESHEET_FILE}`

/** A year, and never asked again while kept: the address changes with the content. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The style sheet's two answers, plain and gzipped, prepared once. */
function prepareVariants() {
  const plain = new TextEncoder().encode(pageStyles)
  return {
    plain: { bytes: plain, etag: `"${STYLESHEET_HASH}"`, encoding: undefined },
    gzip: {
      bytes: new Uint8Array(gzipSync(plain, { level: 9 })),
      etag: `"${STYLESHEET_HASH}-gzip"`,
      encoding: 'gzip',
    },
  } as const
}

/**
 * A function that answers a request for `file` under `/_assets/`: the style sheet gzipped for a client that
 * accepts it (the bytes prepared once, when it is made), with an ETag per encoding and a 304 for a client
 * that has it; `undefined` for any other file.
 */
export function createPageStylesheetAnswer() {
  const variants = prepareVariants()
  return (
    file: string,
    request: { acceptEncoding?: string | undefined; ifNoneMatch?: string | undefined },
  ) => {
    if (file !== STYLESHEET_FILE) return undefined
    const variant = acceptsGzip(request.acceptEncoding) ? variants.gzip : variants.plain
    const headers: Record<string, string> = {
      'cache-control': IMMUTABLE,
      etag: variant.etag,
      vary: 'accept-encoding',
    }
    if (matchesETag(request.ifNoneMatch, variant.etag)) return new Response(null, { status: 304, headers })
    return new Response(variant.bytes, {
      headers: {
        ...headers,
        'content-type': 'text/css; charset=utf-8',
        'content-length': String(variant.bytes.byteLength),
        ...(variant.encoding ? { 'content-encoding': variant.encoding } : {}),
      },
    })
  }
}

/**
 * `GET /_assets/{file}`: the pages' style sheet at its content-hashed address (`createPageStylesheetAnswer`);
 * any other file is a 404. Not a page: no nonce, no CSP of its own needed.
 */
export function registerPageStylesheetRoutes(api: Api) {
  const answer = createPageStylesheetAnswer()
  api.route(
    {
      method: 'get',
      path: '/_assets/:file',
      operationId: 'pageStylesheet',
      summary: 'The style sheet of the platform’s pages, at the content-hashed address they link',
      tag: 'System',
      auth: 'none',
      params: z.object({ file: z.string() }),
      response: z.string().describe('a CSS style sheet'),
    },
    async ({ params }, c) => {
      const response = answer(params.file, {
        acceptEncoding: c.req.header('accept-encoding'),
        ifNoneMatch: c.req.header('if-none-match'),
      })
      if (!response)
        throw new ApplicationError('ROUTE_NOT_FOUND', `No asset ${params.file}`, { path: c.req.path })
      return response
    },
  )
}
