/** What the explorer's form holds. */
export interface ExplorerInput {
  version: string
  query: string
  /** JSON text, or empty. */
  variables: string
  /** An access token or a merchant API key; empty: a visitor token of `clientId` is fetched first. */
  authorization: string
  /** The `aisle-site-id` header an API key needs. */
  siteId: string
  clientId: string
}

/** The answer the explorer shows, and the credential it ran with (kept in the form for the next run). */
export interface ExplorerResult {
  status: number | undefined
  text: string
  authorization: string
}

/** A request to the platform's own app, as the explorer's script would send it from the page. */
export type SendRequest = (request: Request) => Promise<Response>

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const pretty = (text: string) => {
  const json = parse(text)
  return json === undefined ? text : JSON.stringify(json, null, 2)
}

/**
 * Runs the explorer's query the way its script does in the browser, for the page without script:
 * a visitor token of `clientId` when no credential is given, then `POST /graphql/{version}`.
 */
export async function runExplorerQuery(
  send: SendRequest,
  publicUrl: string,
  input: ExplorerInput,
): Promise<ExplorerResult> {
  let variables: unknown
  try {
    variables = input.variables.trim() === '' ? undefined : JSON.parse(input.variables)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return {
      status: undefined,
      text: `The variables are not JSON: ${reason}`,
      authorization: input.authorization,
    }
  }
  let authorization = input.authorization.trim()
  if (!authorization && input.clientId.trim()) {
    const answer = await send(
      new Request(new URL('/oauth2/token', publicUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: input.clientId.trim(), grantType: 'anonymous' }),
      }),
    )
    const text = await answer.text()
    const token = answer.ok
      ? (parse(text) as { access_token?: unknown } | undefined)?.access_token
      : undefined
    if (typeof token !== 'string') return { status: answer.status, text: pretty(text), authorization: '' }
    authorization = token
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (authorization) headers.authorization = authorization
  if (input.siteId.trim()) headers['aisle-site-id'] = input.siteId.trim()
  const answer = await send(
    new Request(new URL(`/graphql/${encodeURIComponent(input.version)}`, publicUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: input.query, variables }),
    }),
  )
  return { status: answer.status, text: pretty(await answer.text()), authorization }
}
