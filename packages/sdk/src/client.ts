import type { AuthStrategy } from './auth/auth-strategy.js'
import { invalidArgument } from './http/aisle-error.js'
import { type ApiFamily, toApiPrefixes } from './http/api-prefixes.js'
import { createGraphQLCall, type GraphQLCall } from './http/create-graphql-call.js'
import { createHttpClient, type HttpClient } from './http/create-http-client.js'
import { type FetchFunction, toBoundFetch } from './http/fetch-function.js'
import { toHosts } from './http/hosts.js'
import type { WebhookSubscriptionsOf } from './webhooks/webhook-events.js'

/**
 * A module: a function that receives the client's request pipeline (and what the client's modules
 * share) and returns the module's calls. `currentCart`, `products`, `collections`, `redirects`, ... are
 * modules; so can an app's own be.
 */
export type AisleModule<T extends object = object> = (http: HttpClient, context: ModuleContext) => T

/** What a module gets from its client besides the pipeline. */
export interface ModuleContext {
  /**
   * Hooks that `createClient` runs once every module is bound, with the client and the `modules` it
   * was given: how one module extends the others (the `webhooks` module adds their `on<Event>` calls).
   */
  afterCreate: ((client: Readonly<Record<string, unknown>>, modules: AisleModules) => void)[]
}

/** The `modules` option: each key becomes a property of the client. */
export type AisleModules = Record<string, AisleModule>

/** Options of {@link createClient}. */
export interface CreateClientOptions<M extends AisleModules, A extends AuthStrategy> {
  /** How calls are authorised, e.g. `OAuthStrategy({ clientId })`; available as `client.auth`. */
  auth: A
  /** The modules to bind, e.g. `{ currentCart, products }`. */
  modules: M
  /** Absolute URL of the platform, e.g. `http://127.0.0.1:4000`; a trailing slash is fine. */
  baseUrl: string
  /** Host for GETs other than the current cart; defaults to `baseUrl`. */
  readOnlyBaseUrl?: string | undefined
  /** The `fetch` to call; defaults to `globalThis.fetch`. */
  fetch?: FetchFunction | undefined
  /** Extra headers sent on every call, the token requests included. */
  headers?: HeadersInit | undefined
  /**
   * Path prefixes of an environment whose gateway mounts an API family elsewhere, e.g.
   * `{ stores: '/catalog' }`; the others keep their defaults (`/ecom`, `/stores`, `/redirects`,
   * `/identity`, `/oauth2`, `/graphql`).
   */
  apiPrefixes?: Partial<Record<ApiFamily, string>> | undefined
}

/**
 * A client: its modules bound, plus `auth`, `fetchWithAuth` and `graphql`. With the `webhooks` module,
 * `currentCart`, `products`, `collections` and `redirects` also have their `on<Event>` calls.
 */
export type AisleClient<
  M extends AisleModules = Record<never, AisleModule>,
  A extends AuthStrategy = AuthStrategy,
> = {
  readonly [K in keyof M]: ReturnType<M[K]> & WebhookSubscriptionsOf<M, ReturnType<M[K]>>
} & {
  /** The auth strategy given to {@link createClient}. */
  readonly auth: A
  /** See {@link HttpClient.fetchWithAuth}. */
  fetchWithAuth: HttpClient['fetchWithAuth']
  /**
   * Sends a GraphQL query: `POST /graphql/{version}` (default `alpha`) with `{ query, variables }`;
   * resolves `{ data, errors? }` as sent.
   */
  graphql: GraphQLCall
}

const reservedNames = new Set(['auth', 'fetchWithAuth', 'graphql'])

/**
 * Creates a client of the platform: binds each module to one request pipeline (hosts, prefixes, wire
 * transforms, token flow, errors) and attaches the auth strategy to it.
 *
 * @throws {AisleError} `INVALID_ARGUMENT` for a missing or malformed `baseUrl`/`readOnlyBaseUrl`, a bad
 * `apiPrefixes` entry, or a module named like a client property (`auth`, `fetchWithAuth`, `graphql`).
 * @example
 * ```ts
 * import { OAuthStrategy, createClient, currentCart, products } from '@aisle/sdk'
 *
 * const client = createClient({
 *   auth: OAuthStrategy({ clientId: 'f3c1...' }),
 *   modules: { currentCart, products },
 *   baseUrl: 'http://127.0.0.1:4000',
 * })
 * const { items } = await client.products.queryProducts().limit(12).find()
 * ```
 */
export function createClient<M extends AisleModules, A extends AuthStrategy>(
  options: CreateClientOptions<M, A>,
): AisleClient<M, A> {
  const hosts = toHosts(options.baseUrl, options.readOnlyBaseUrl)
  const { auth, modules } = options
  for (const name of Object.keys(modules)) {
    if (reservedNames.has(name)) {
      throw invalidArgument(`"modules.${name}" clashes with a client property: choose another name`)
    }
  }
  const http = createHttpClient({
    hosts,
    fetch: toBoundFetch(options.fetch),
    headers: options.headers,
    auth,
    prefixes: toApiPrefixes(options.apiPrefixes),
  })
  auth.attach?.({
    fetchWithoutAuth: http.fetchWithoutAuth,
    request: http.request,
    toPath: http.toPath,
    baseUrl: hosts.baseUrl,
  })

  const client: Record<string, unknown> = {
    auth,
    fetchWithAuth: http.fetchWithAuth,
    graphql: createGraphQLCall(http),
  }
  const context: ModuleContext = { afterCreate: [] }
  for (const [name, module] of Object.entries(modules)) client[name] = module(http, context)
  for (const hook of context.afterCreate) hook(client, modules)
  return client as AisleClient<M, A>
}
