import { RouterContextProvider } from 'react-router'
import { createAisleMiddleware } from '../aisle.server'

/** The root's middleware as the tests' platform sees it: a shop that offers no display currency. */
const aisleMiddleware = createAisleMiddleware(async () => [])

/** What a route handler may end with: a Response, `data(...)`, or a plain value. */
type HandlerResult = unknown

/** A `data(...)` result, as React Router returns it from loaders and actions. */
interface DataWithInit {
  type: 'DataWithResponseInit'
  data: unknown
  init: ResponseInit | null
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === 'object' && value !== null && (value as DataWithInit).type === 'DataWithResponseInit'
  )
}

function toResponse(result: HandlerResult): Response {
  if (result instanceof Response) return result
  if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined)
  return Response.json(result)
}

/**
 * Runs a route's loader or action as React Router does for one request: inside the root's
 * `createAisleMiddleware` (one SDK client, the session cookie set on the way out), a thrown `Response` or
 * `data(...)` answering like a returned one. The SDK calls go to the global `fetch`: stub it to play the
 * platform.
 */
export async function callRoute<Params extends Record<string, string>>(
  handler: (args: Parameters<typeof aisleMiddleware>[0] & { params: Params }) => unknown,
  request: Request,
  params: Params = {} as Params,
): Promise<{ response: Response; body: unknown; setCookies: string[] }> {
  const context = new RouterContextProvider()
  const args = {
    request,
    context,
    params,
    url: new URL(request.url),
    pattern: new URL(request.url).pathname,
  }
  const response = (await aisleMiddleware(args, async () => {
    try {
      return toResponse(await handler(args))
    } catch (thrown) {
      return toResponse(thrown)
    }
  })) as Response
  const text = await response.clone().text()
  return { response, body: text ? JSON.parse(text) : undefined, setCookies: response.headers.getSetCookie() }
}
