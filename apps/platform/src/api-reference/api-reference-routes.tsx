import { z } from 'zod'
import type { Api } from '../http/api.ts'
import { renderPage } from '../pages/render-page.tsx'
import { ApiReferencePage, type ReferenceDocument, renderApiReference } from './api-reference-page.tsx'

/** Where the API reference page is served. */
export const API_REFERENCE_PATH = '/docs'

/**
 * `GET /docs`: the API reference page of the platform's OpenAPI document, drawn by the platform itself
 * (no viewer from elsewhere, the pages' CSP). `document` is read at the first request: the document
 * lists every route, this one included, so it is complete only once the app has registered them all.
 */
export function registerApiReferenceRoutes(
  api: Api,
  deps: { document: () => ReferenceDocument; explorerPath?: string | undefined },
) {
  let mainHtml: string | undefined
  api.route(
    {
      method: 'get',
      path: API_REFERENCE_PATH,
      operationId: 'apiReference',
      summary: 'The API reference: every operation of the OpenAPI document, by tag, as a page',
      tag: 'Developer pages',
      auth: 'none',
      response: z.string().describe('an HTML page'),
    },
    async () => {
      const document = deps.document()
      mainHtml ??= renderApiReference(document, deps.explorerPath)
      return renderPage(<ApiReferencePage title={document.info.title} mainHtml={mainHtml} />)
    },
  )
}
