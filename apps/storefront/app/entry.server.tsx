// The server's entry: Preact (aliased as React in vite.config.ts) renders the whole page before it is sent.
import { options } from 'preact'
import { renderToStringAsync } from 'preact-render-to-string'
import { type EntryContext, ServerRouter } from 'react-router'
import { dropReactOnlyProps, onEveryVNode } from './rendering/preact-document'

onEveryVNode(options, dropReactOnlyProps)

/**
 * Renders the page to one string, waiting for every suspended part (React Router's hand-over of the
 * loaders' data to the browser suspends): the loaders have all answered by now, so streaming would win
 * nothing, and Preact's streamed boundaries would land after `</html>`.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  // A HEAD answer has the page's status and headers, without rendering it.
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    })
  }
  const html = await renderToStringAsync(<ServerRouter context={routerContext} url={request.url} />)
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(`<!DOCTYPE html>${html}`, {
    status: responseStatusCode,
    headers: responseHeaders,
  })
}
