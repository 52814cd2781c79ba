import { Document } from '../../pages/document.tsx'
import { graphQLExplorerScript } from './graphql-explorer-script.ts'
import type { ExplorerInput, ExplorerResult } from './run-explorer-query.ts'

/** The query the explorer opens with: a first page of the catalogue, which any visitor may read. */
export const EXAMPLE_QUERY = `query FirstProducts($limit: Int) {
  products(query: { paging: { limit: $limit } }) {
    products {
      id
      name
      slug
      price { formatted { price } }
    }
    metadata { count total }
  }
}
`

export const EXAMPLE_VARIABLES = '{ "limit": 3 }'

/**
 * The GraphQL explorer: a query, its variables and a credential, run against `POST /graphql/{version}`;
 * the answer below the form, and each version's schema (SDL) to read. For development only.
 */
export function GraphQLExplorerPage(props: {
  path: string
  versions: readonly { version: string; sdl: string }[]
  input: ExplorerInput
  result?: ExplorerResult | undefined
  referencePath: string
}) {
  const { input, result } = props
  return (
    <Document title="GraphQL explorer · Aisle" scripts={[graphQLExplorerScript]}>
      <main className="explorer">
        <h1>GraphQL explorer</h1>
        <p className="warning" role="note">
          For development: the platform does not serve this page in production (
          <code>NODE_ENV=production</code>
          ). Queries run against <code>POST /graphql/{'{version}'}</code> with the credential below, as an
          app's would; the <a href={props.referencePath}>API reference</a> lists the JSON API.
        </p>
        <form method="post" action={props.path} data-explorer="">
          <div className="filters">
            <div className="field">
              <label htmlFor="version">Schema version</label>
              <select id="version" name="version" defaultValue={input.version}>
                {props.versions.map(({ version }) => (
                  <option key={version}>{version}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="clientId">
                OAuth client id{' '}
                <span className="hint">(a visitor token of it when no credential is given)</span>
              </label>
              <input id="clientId" name="clientId" type="text" defaultValue={input.clientId} size={38} />
            </div>
          </div>
          <div className="filters">
            <div className="field">
              <label htmlFor="authorization">
                Authorization <span className="hint">(an access token, or a merchant API key)</span>
              </label>
              <input
                id="authorization"
                name="authorization"
                type="text"
                defaultValue={input.authorization}
                size={50}
                autoComplete="off"
              />
            </div>
            <div className="field">
              <label htmlFor="siteId">
                aisle-site-id <span className="hint">(with an API key)</span>
              </label>
              <input id="siteId" name="siteId" type="text" defaultValue={input.siteId} size={38} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="query">Query</label>
            <textarea id="query" name="query" defaultValue={input.query} spellCheck={false} />
          </div>
          <div className="field">
            <label htmlFor="variables">
              Variables <span className="hint">(JSON)</span>
            </label>
            <textarea id="variables" name="variables" defaultValue={input.variables} spellCheck={false} />
          </div>
          <div className="actions">
            <button type="submit" className="primary">
              Run
            </button>
            <span className="hint">Ctrl+Enter runs the query too.</span>
          </div>
        </form>
        <section aria-label="Answer" hidden={!result}>
          <h2 id="explorer-status">{result?.status === undefined ? 'Not sent' : `HTTP ${result.status}`}</h2>
          <pre>
            <code id="explorer-output">{result?.text}</code>
          </pre>
        </section>
        {props.versions.map(({ version, sdl }) => (
          <details key={version}>
            <summary>The {version} schema (SDL)</summary>
            <pre className="sdl">{sdl}</pre>
          </details>
        ))}
      </main>
    </Document>
  )
}
