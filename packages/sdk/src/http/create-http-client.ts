import type { AuthStrategy } from '../auth/auth-strategy.js'
import { AisleError, type FailedRequest, invalidArgument } from './aisle-error.js'
import { type ApiFamily, type ApiPrefixes, defaultApiPrefixes, toApiPath } from './api-prefixes.js'
import type { FetchFunction } from './fetch-function.js'
import { type Hosts, isUnder, toHost } from './hosts.js'
import { requestIdOf, toAisleError, toNetworkError, toSystemErrorMessage } from './to-aisle-error.js'
import { fromWire, type NumberFields, noNumberFields, toWire } from './wire-transform.js'

/** Longest query string a GET may carry before its fallback request is used (spec section 9). */
export const maxQueryStringLength = 4000

/** HTTP methods the platform's JSON API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One call of a module, described as data; {@link HttpClient.request} runs it. */
export interface RequestOptions {
  method: HttpMethod
  /** API family, which picks the path prefix (`ecom` -> `/ecom`). */
  api: ApiFamily
  /** The spec's path, e.g. `/v1/carts/current/add-to-cart`; path parameters already encoded. */
  path: string
  /** Query string parameters; `undefined` values are left out. */
  params?: QueryParams
  /** JSON body, reshaped for the wire (`_id` -> `id` at every depth, non-finite numbers as strings). */
  body?: unknown
  /** Fields of the answer that hold numbers (see {@link NumberFields}). */
  numberFields?: NumberFields
  /** The request to send instead when this GET's query string would pass 4,000 characters. */
  fallback?: Omit<RequestOptions, 'fallback' | 'numberFields' | 'raw'>
  /** Sends the body and reads the answer as they are, without wire transforms (GraphQL). */
  raw?: boolean
  /**
   * The key of the one entity the answer holds (`cart`, `product`): the call resolves with that entity,
   * and an answer without it is an `INVALID_RESPONSE` error.
   */
  entity?: string
}

/** Query string parameters of a call; `undefined` values are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>

/** What modules call: the request pipeline of one client. */
export interface HttpClient {
  /**
   * Runs one call: builds the URL (prefix, host, GET->POST fallback), reshapes the body for the wire,
   * authorises it (one shared refresh and one replay on 401), turns any non-200 answer into an
   * {@link AisleError} and reshapes the answer from the wire.
   *
   * @throws {AisleError} for every non-200 answer (spec section 8) and for network failures (`NETWORK_ERROR`).
   */
  request<T>(options: RequestOptions): Promise<T>
  /**
   * Authorised `fetch` through the same hosts, headers, token flow and 401 replay, answering the raw
   * `Response` whatever its status. `pathOrUrl` is a full path (`/stores/v1/products/p1`) or a URL on one
   * of the client's hosts; tokens are never sent elsewhere. Bodies must be replayable (not streams).
   *
   * @throws {AisleError} `INVALID_ARGUMENT` for a URL on another host, `NETWORK_ERROR` when no answer arrived.
   */
  fetchWithAuth(pathOrUrl: string, init?: RequestInit): Promise<Response>
  /**
   * Unauthorised `fetch` on the client's hosts with its extra headers, for the token endpoint.
   *
   * @throws {AisleError} as {@link HttpClient.fetchWithAuth}.
   */
  fetchWithoutAuth(pathOrUrl: string, init?: RequestInit): Promise<Response>
  /** The full path of a call: the client's prefix of `api` followed by `path`. */
  toPath(api: ApiFamily, path: string): string
  /**
   * The absolute URL of a page the browser navigates to (not a call the SDK makes), on `baseUrl`:
   * for example the logout URL.
   */
  toUrl(api: ApiFamily, path: string, params?: QueryParams): string
}

/** Everything the pipeline depends on; {@link createClient} passes them. */
export interface HttpClientOptions {
  hosts: Hosts
  fetch: FetchFunction
  headers?: HeadersInit | undefined
  auth: AuthStrategy
  /** The environment's prefix table; {@link defaultApiPrefixes} by default. */
  prefixes?: ApiPrefixes | undefined
}

/** Builds the request pipeline of one client. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { hosts, auth } = options
  const prefixes = options.prefixes ?? defaultApiPrefixes
  const currentCartPath = toApiPath('ecom', '/v1/carts/current', prefixes)
  // Lower-case names throughout, so that later sources override earlier ones: client, call, auth.
  const clientHeaders = toLowerCaseHeaders(options.headers)

  // `headers` has lower-case names only (the pipeline's own, or normalised from a caller's init).
  async function send(
    url: string,
    init: RequestInit,
    headers: Record<string, string>,
    authHeaders: Record<string, string>,
  ): Promise<Response> {
    try {
      return await options.fetch(url, { ...init, headers: { ...clientHeaders, ...headers, ...authHeaders } })
    } catch (error) {
      if (isAbort(error)) throw error
      throw toNetworkError(error, { method: init.method ?? 'GET', url })
    }
  }

  function resolveUrl(pathOrUrl: string, method: string): string {
    if (pathOrUrl.startsWith('/')) return toHost(hosts, method, pathOrUrl, currentCartPath) + pathOrUrl
    if ([hosts.baseUrl, hosts.readOnlyBaseUrl].some((host) => isUnder(pathOrUrl, host))) return pathOrUrl
    throw invalidArgument(
      `"pathOrUrl" must be a path or a URL on baseUrl or readOnlyBaseUrl, got ${JSON.stringify(pathOrUrl)}`,
    )
  }

  async function sendWithAuth(url: string, init: RequestInit, headers: Record<string, string>) {
    const authHeaders = await auth.getAuthHeaders()
    const response = await send(url, init, headers, authHeaders)
    if (response.status !== 401 || !auth.renewAfterUnauthorized) return response
    if (!(await auth.renewAfterUnauthorized(authHeaders))) return response
    void response.body?.cancel().catch(() => undefined)
    return send(url, init, headers, await auth.getAuthHeaders())
  }

  async function fetchWithAuth(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    return sendWithAuth(resolveUrl(pathOrUrl, init.method ?? 'GET'), init, toLowerCaseHeaders(init.headers))
  }

  async function fetchWithoutAuth(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    return send(resolveUrl(pathOrUrl, init.method ?? 'GET'), init, toLowerCaseHeaders(init.headers), {})
  }

  async function request<T>(requestOptions: RequestOptions): Promise<T> {
    const target = toTarget(requestOptions)
    const headers: Record<string, string> = { accept: 'application/json' }
    const init: RequestInit = { method: target.method }
    const { raw } = requestOptions
    if (target.body !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(raw ? target.body : toWire(target.body))
    }
    const response = await sendWithAuth(target.url, init, headers)
    // The request named on errors leaves the body out: it may hold a password.
    const failed: FailedRequest = { method: target.method, url: target.url }
    const answer = await readAnswer(response, failed)
    if (raw) return answer as T
    const reshaped = fromWire(answer, requestOptions.numberFields ?? noNumberFields)
    const { entity } = requestOptions
    if (entity === undefined) return reshaped as T
    const found = (reshaped as Record<string, unknown>)[entity]
    if (typeof found === 'object' && found !== null) return found as T
    throw invalidResponse(response, failed)
  }

  function toTarget(requestOptions: RequestOptions): FailedRequest & { body?: unknown } {
    const path = toApiPath(requestOptions.api, requestOptions.path, prefixes)
    const search = toSearch(requestOptions.params)
    const { fallback } = requestOptions
    if (requestOptions.method === 'GET' && fallback && search.length > maxQueryStringLength) {
      return toTarget(fallback)
    }
    const url =
      toHost(hosts, requestOptions.method, path, currentCartPath) + path + (search ? `?${search}` : '')
    return { method: requestOptions.method, url, body: requestOptions.body }
  }

  const toPath = (api: ApiFamily, path: string) => toApiPath(api, path, prefixes)

  function toUrl(api: ApiFamily, path: string, params?: QueryParams): string {
    const search = toSearch(params)
    return hosts.baseUrl + toPath(api, path) + (search ? `?${search}` : '')
  }

  return { request, fetchWithAuth, fetchWithoutAuth, toPath, toUrl }
}

async function readAnswer(response: Response, request: FailedRequest): Promise<unknown> {
  const requestId = requestIdOf(response)
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    if (isAbort(error)) throw error
    throw toNetworkError(error, request)
  }
  if (response.status !== 200) {
    const { status, statusText } = response
    throw await toAisleError({ status, statusText, requestId, body: parseJsonOrUndefined(text) }, request)
  }
  if (text === '') return {}
  try {
    return JSON.parse(text)
  } catch (cause) {
    throw invalidResponse(response, request, cause)
  }
}

// A 200 whose body is not the JSON the call expects: the platform's fault, so a system error.
function invalidResponse(response: Response, request: FailedRequest, cause?: unknown): AisleError {
  const requestId = requestIdOf(response)
  return new AisleError({
    code: 'INVALID_RESPONSE',
    message: toSystemErrorMessage(requestId),
    status: response.status,
    requestId,
    request,
    cause,
  })
}

function toLowerCaseHeaders(headers: HeadersInit | undefined): Record<string, string> {
  return headers === undefined ? {} : Object.fromEntries(new Headers(headers))
}

function toSearch(params: QueryParams | undefined): string {
  if (!params) return ''
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.append(name, String(value))
  }
  return search.toString()
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'AbortError' || name === 'TimeoutError'
}
