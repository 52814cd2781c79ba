import { type GraphQLSchema, printSchema } from 'graphql'
import { z } from 'zod'
import type { Api } from '../../http/api.ts'
import { isCrossSiteRequest } from '../../pages/csrf.ts'
import { Document } from '../../pages/document.tsx'
import { readForm } from '../../pages/form-fields.ts'
import { renderPage } from '../../pages/render-page.tsx'
import { createAlphaSchema, type GraphQLVersion, graphQLVersions } from '../schema.ts'
import { EXAMPLE_QUERY, EXAMPLE_VARIABLES, GraphQLExplorerPage } from './graphql-explorer-page.tsx'
import { type ExplorerInput, runExplorerQuery, type SendRequest } from './run-explorer-query.ts'

/** Where the explorer is served, beside the local inbox: a page for development only. */
export const GRAPHQL_EXPLORER_PATH = '/_dev/graphql'

export interface GraphQLExplorerDeps {
  publicUrl: string
  /** The OAuth client whose visitor tokens the explorer fetches by default (the demo store's). */
  clientId?: string | undefined
  /** Sends a request to the platform's own app (the page without script runs the query through it). */
  send: SendRequest
  /** The API reference page, linked from the explorer. */
  referencePath: string
}

// Every served version, or this does not compile.
const schemas: Record<GraphQLVersion, () => GraphQLSchema> = { alpha: createAlphaSchema }

const Html = z.string().describe('an HTML page')
const page = { tag: 'Developer pages', auth: 'none', path: GRAPHQL_EXPLORER_PATH, response: Html } as const

/**
 * `GET /_dev/graphql`, the GraphQL explorer, and `POST /_dev/graphql`, the same page with the answer of
 * the query its form held. Only registered outside production (`main.ts`: `NODE_ENV`).
 */
export function registerGraphQLExplorerRoutes(api: Api, deps: GraphQLExplorerDeps) {
  const versions = graphQLVersions.map((version) => ({ version, sdl: printSchema(schemas[version]()) }))
  const render = (input: ExplorerInput, result?: Awaited<ReturnType<typeof runExplorerQuery>>) => {
    const response = renderPage(
      <GraphQLExplorerPage
        path={GRAPHQL_EXPLORER_PATH}
        versions={versions}
        input={input}
        result={result}
        referencePath={deps.referencePath}
      />,
    )
    // The script sends the query from the page, to this same origin.
    const policy = response.headers.get('content-security-policy') ?? ''
    response.headers.set(
      'content-security-policy',
      policy.replace("default-src 'none'", "default-src 'none'; connect-src 'self'"),
    )
    return response
  }

  api.route(
    {
      ...page,
      method: 'get',
      operationId: 'graphqlExplorer',
      summary:
        'The GraphQL explorer: type a query and its variables, run it (served only outside production)',
    },
    async () =>
      render({
        version: graphQLVersions[0],
        query: EXAMPLE_QUERY,
        variables: EXAMPLE_VARIABLES,
        authorization: '',
        siteId: '',
        clientId: deps.clientId ?? '',
      }),
  )

  api.route(
    {
      ...page,
      method: 'post',
      operationId: 'runGraphqlExplorerQuery',
      summary: 'The GraphQL explorer with the answer of the query its form held (the page without script)',
    },
    async (_input, c) => {
      // The form runs queries with the credential typed into it: another site may not post it.
      if (isCrossSiteRequest(c.req.raw.headers, [new URL(deps.publicUrl).origin])) {
        return renderPage(
          <Document title="Refused · GraphQL explorer">
            <main>
              <h1>Refused</h1>
              <p>The explorer runs queries posted from its own page only.</p>
            </main>
          </Document>,
          { status: 403 },
        )
      }
      const form = await readForm(c)
      const input: ExplorerInput = {
        version: form.text('version'),
        query: form.text('query'),
        variables: form.text('variables'),
        authorization: form.text('authorization'),
        siteId: form.text('siteId'),
        clientId: form.text('clientId'),
      }
      const result = await runExplorerQuery(deps.send, deps.publicUrl, input)
      // The visitor token fetched for this run stays in the form: the next run is the same visitor.
      return render({ ...input, authorization: result.authorization }, result)
    },
  )
}
