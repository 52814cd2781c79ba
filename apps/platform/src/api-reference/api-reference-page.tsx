import { renderToStaticMarkup } from 'react-dom/server'
import { Document } from '../pages/document.tsx'
import { type JsonSchema, SchemaView } from './schema-view.tsx'

interface Parameter {
  name: string
  in: string
  required?: boolean
  schema?: JsonSchema
}

interface Content {
  [mediaType: string]: { schema?: JsonSchema }
}

interface Operation {
  operationId?: string
  summary?: string
  tags?: string[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Content }
  responses?: Record<string, { description?: string; content?: Content; $ref?: string }>
  security?: Record<string, unknown>[]
}

/** The parts of the OpenAPI document (as `http/openapi.ts` writes it) that the page draws. */
export interface ReferenceDocument {
  info: { title: string; version: string; description?: string }
  servers?: { url: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: {
    schemas?: Record<string, JsonSchema>
    responses?: Record<string, { description?: string; content?: Content }>
    securitySchemes?: Record<string, { description?: string; name?: string; in?: string }>
  }
}

interface Entry {
  method: string
  path: string
  operation: Operation
}

/** The operations of the document grouped by their first tag, tags in alphabetical order. */
export function groupByTag(document: ReferenceDocument): [string, Entry[]][] {
  const groups = new Map<string, Entry[]>()
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? 'Other'
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }])
    }
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b))
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')
const anchorOf = (entry: Entry) =>
  `op-${entry.operation.operationId ?? slug(`${entry.method} ${entry.path}`)}`

const CREDENTIAL_NAMES: Record<string, string> = { accessToken: 'an access token', apiKey: 'an API key' }

/** Who may call: `no credential`, `an access token`, `an API key`, or either. */
function credentialsOf(operation: Operation): string {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement))
  if (schemes.length === 0) return 'no credential'
  return schemes.map((scheme) => CREDENTIAL_NAMES[scheme] ?? scheme).join(' or ')
}

function ContentView(props: { content: Content | undefined }) {
  const entries = Object.entries(props.content ?? {})
  if (entries.length === 0) return <p className="muted">No body.</p>
  return (
    <>
      {entries.map(([mediaType, { schema }]) => (
        <div key={mediaType}>
          <p className="small">
            <code>{mediaType}</code>
          </p>
          <SchemaView schema={schema} />
        </div>
      ))}
    </>
  )
}

function OperationView(props: { entry: Entry }) {
  const { method, path, operation } = props.entry
  const parameters = operation.parameters ?? []
  return (
    <details className="operation" id={anchorOf(props.entry)}>
      <summary>
        <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>{' '}
        <span className="muted">{operation.summary}</span>
      </summary>
      <p className="small">
        <code>{operation.operationId}</code> · called with {credentialsOf(operation)}
      </p>
      {parameters.length > 0 && (
        <>
          <h4>Parameters</h4>
          <table>
            <thead>
              <tr>
                <th>name</th>
                <th>in</th>
                <th>schema</th>
              </tr>
            </thead>
            <tbody>
              {parameters.map((parameter) => (
                <tr key={`${parameter.in} ${parameter.name}`}>
                  <td>
                    <code>{parameter.name}</code>{' '}
                    {parameter.required && <span className="badge">required</span>}
                  </td>
                  <td>{parameter.in}</td>
                  <td>
                    <SchemaView schema={parameter.schema} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {operation.requestBody && (
        <>
          <h4>Request body{operation.requestBody.required ? '' : ' (optional)'}</h4>
          <ContentView content={operation.requestBody.content} />
        </>
      )}
      <h4>Responses</h4>
      {Object.entries(operation.responses ?? {}).map(([status, response]) => (
        <div key={status} className="response">
          <p>
            <strong>{status}</strong>{' '}
            {response.$ref ? (
              <a href={`#response-${response.$ref.slice(response.$ref.lastIndexOf('/') + 1)}`}>
                {response.$ref.slice(response.$ref.lastIndexOf('/') + 1)}
              </a>
            ) : (
              <span className="muted">{response.description}</span>
            )}
          </p>
          {!response.$ref && <ContentView content={response.content} />}
        </div>
      ))}
    </details>
  )
}

/**
 * The API reference: every operation of the OpenAPI document grouped by tag, each with its parameters,
 * request body and responses as schema trees, and the shared schemas and credentials at the end.
 * `explorerPath` links the GraphQL explorer where the platform serves one (not in production).
 */
function ApiReference(props: { document: ReferenceDocument; explorerPath?: string | undefined }) {
  const { document } = props
  const groups = groupByTag(document)
  const operations = groups.reduce((count, [, entries]) => count + entries.length, 0)
  return (
    <main className="reference">
      <h1>
        {document.info.title} API <span className="muted">{document.info.version}</span>
      </h1>
      <p>
        {operations} operations, drawn from the platform's <a href="/openapi.json">OpenAPI document</a>{' '}
        (OpenAPI 3.1, generated from the schemas that validate each request).
        {document.servers?.[0] && (
          <>
            {' '}
            Server: <code>{document.servers[0].url}</code>.
          </>
        )}
        {props.explorerPath && (
          <>
            {' '}
            Try GraphQL queries in the <a href={props.explorerPath}>GraphQL explorer</a> (development only).
          </>
        )}
      </p>
      <nav aria-label="Tags">
        <h2>Contents</h2>
        <ul className="reference-contents">
          {groups.map(([tag, entries]) => (
            <li key={tag}>
              <a href={`#tag-${slug(tag)}`}>{tag}</a> <span className="muted">({entries.length})</span>
            </li>
          ))}
          <li>
            <a href="#credentials">Credentials</a>, <a href="#schemas">shared schemas</a>
          </li>
        </ul>
      </nav>
      {groups.map(([tag, entries]) => (
        <section key={tag} id={`tag-${slug(tag)}`} aria-label={tag}>
          <h2>{tag}</h2>
          {entries.map((entry) => (
            <OperationView key={`${entry.method} ${entry.path}`} entry={entry} />
          ))}
        </section>
      ))}
      <section id="credentials" aria-label="Credentials">
        <h2>Credentials</h2>
        <dl className="facts">
          {Object.entries(document.components?.securitySchemes ?? {}).map(([name, scheme]) => (
            <div key={name} className="contents">
              <dt>
                <code>{name}</code>
              </dt>
              <dd>
                {scheme.in} <code>{scheme.name}</code>: {scheme.description}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section id="schemas" aria-label="Shared schemas">
        <h2>Shared schemas</h2>
        {Object.entries(document.components?.responses ?? {}).map(([name, response]) => (
          <div key={name} id={`response-${name}`}>
            <h3>{name} (response)</h3>
            <p className="muted">{response.description}</p>
            <ContentView content={response.content} />
          </div>
        ))}
        {Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`}>
            <h3>{name}</h3>
            <SchemaView schema={schema} />
          </div>
        ))}
      </section>
    </main>
  )
}

/**
 * The reference's `<main>` as HTML, drawn once per document: a megabyte of markup that takes React
 * seconds to draw, the same for every request (it holds no nonce: no style or script of its own).
 */
export function renderApiReference(document: ReferenceDocument, explorerPath?: string): string {
  return renderToStaticMarkup(<ApiReference document={document} explorerPath={explorerPath} />)
}

/** The API reference page around the `<main>` that `renderApiReference` drew. */
export function ApiReferencePage(props: { title: string; mainHtml: string }) {
  return (
    <Document title={`API reference · ${props.title}`}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: markup React drew from our own document */}
      <div className="contents" dangerouslySetInnerHTML={{ __html: props.mainHtml }} />
    </Document>
  )
}
