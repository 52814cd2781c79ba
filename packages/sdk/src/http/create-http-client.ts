import type { AuthStrategy } from '../auth/auth-strategy.js'
import { AisleError, type FailedRequest } from './aisle-error.js'
import { type ApiFamily, toApiPath } from './api-prefixes.js'
import type { FetchFunction } from './fetch-function.js'
import { type Hosts, toHost } from './hosts.js'
import { toAisleError, toNetworkError, toSystemErrorMessage } from './to-aisle-error.js'
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
  params?: Record<string, string | number | boolean | undefined>
  /** JSON body, sent through {@link toWire}. */
  body?: unknown
  /** Fields of the answer that hold numbers (see {@link NumberFields}). */
  numberFields?: NumberFields
  /** The request to send instead when this GET's query string would pass {@link maxQueryStringLength}. */
  fallback?: Omit<RequestOptions, 'fallback' | 'numberFields'>
}

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
}

/** Everything the pipeline depends on; {@link createClient} passes them. */
export interface HttpClientOptions {
  hosts: Hosts
  fetch: FetchFunction
  headers?: HeadersInit | undefined
  auth: AuthStrategy
}

/** Builds the request pipeline of one client. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { hosts, auth } = options
  const clientHeaders = new Headers(options.headers)

  async function send(
    url: string,
    init: RequestInit,
    authHeaders: Record<string, string>,
  ): Promise<Response> {
    const headers = new Headers(clientHeaders)
    for (const [name, value] of new Headers(init.headers)) headers.set(name, value)
    for (const [name, value] of Object.entries(authHeaders)) headers.set(name, value)
    try {
      return await options.fetch(url, { ...init, headers })
    } catch (error) {
      if (isAbort(error)) throw error
      throw toNetworkError(error, { method: init.method ?? 'GET', url })
    }
  }

  function toUrl(pathOrUrl: string, method: string): string {
    if (pathOrUrl.startsWith('/')) return toHost(hosts, method, pathOrUrl) + pathOrUrl
    if ([hosts.baseUrl, hosts.readOnlyBaseUrl].some((host) => isUnder(pathOrUrl, host))) return pathOrUrl
    throw new AisleError({
      code: 'INVALID_ARGUMENT',
      message: `"pathOrUrl" must be a path or a URL on baseUrl or readOnlyBaseUrl, got ${JSON.stringify(pathOrUrl)}`,
    })
  }

  async function fetchWithAuth(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = toUrl(pathOrUrl, init.method ?? 'GET')
    const authHeaders = await auth.getAuthHeaders()
    const response = await send(url, init, authHeaders)
    if (response.status !== 401 || !auth.renewAfterUnauthorized) return response
    if (!(await auth.renewAfterUnauthorized(authHeaders))) return response
    void response.body?.cancel().catch(() => undefined)
    return send(url, init, await auth.getAuthHeaders())
  }

  async function fetchWithoutAuth(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    return send(toUrl(pathOrUrl, init.method ?? 'GET'), init, {})
  }

  async function request<T>(requestOptions: RequestOptions): Promise<T> {
    const target = toTarget(requestOptions)
    const headers: Record<string, string> = { accept: 'application/json' }
    const init: RequestInit = { method: target.method, headers }
    if (target.body !== undefined) {
      headers['content-type'] = 'application/json'
      init.body = JSON.stringify(toWire(target.body))
    }
    const response = await fetchWithAuth(target.url, init)
    return (await readAnswer(response, target, requestOptions.numberFields ?? noNumberFields)) as T
  }

  function toTarget(requestOptions: RequestOptions): FailedRequest & { body?: unknown } {
    const path = toApiPath(requestOptions.api, requestOptions.path)
    const search = toSearch(requestOptions.params)
    const { fallback } = requestOptions
    if (requestOptions.method === 'GET' && fallback && search.length > maxQueryStringLength) {
      return toTarget(fallback)
    }
    const url = toHost(hosts, requestOptions.method, path) + path + (search ? `?${search}` : '')
    return { method: requestOptions.method, url, body: requestOptions.body }
  }

  return { request, fetchWithAuth, fetchWithoutAuth }
}

async function readAnswer(response: Response, request: FailedRequest, numberFields: NumberFields) {
  const requestId = response.headers.get('x-request-id') ?? undefined
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    if (isAbort(error)) throw error
    throw toNetworkError(error, request)
  }
  if (response.status !== 200) {
    const { status, statusText } = response
    throw toAisleError({ status, statusText, requestId, body: parseJsonOrUndefined(text) }, request)
  }
  if (text === '') return {}
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (cause) {
    throw new AisleError({
      code: 'INVALID_RESPONSE',
      message: toSystemErrorMessage(requestId),
      status: response.status,
      requestId,
      request,
      cause,
    })
  }
  return fromWire(body, numberFields)
}

function toSearch(params: RequestOptions['params']): string {
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

function isUnder(url: string, host: string): boolean {
  if (!url.startsWith(host)) return false
  const next = url.charAt(host.length)
  return next === '' || next === '/' || next === '?' || next === '#'
}

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'AbortError' || name === 'TimeoutError'
}
