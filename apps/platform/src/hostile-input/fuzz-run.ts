import type { Db } from '../db/db.ts'
import {
  changedTables,
  type DataFingerprint,
  listTables,
  readDataFingerprint,
  readNextTransactionId,
  TABLES_A_REFUSAL_MAY_WRITE,
} from './data-fingerprint.ts'
import { errorAnswerSchemaFor } from './error-answer.ts'
import type { FuzzRoute } from './fuzz-routes.ts'
import {
  buildRequest,
  type CredentialKind,
  type FuzzCredentials,
  type FuzzRequest,
  REQUEST_FAMILIES,
} from './request-families.ts'
import type { KnownIds } from './schema-values.ts'
import { createRandom, type Random, requestSeed } from './seeded-random.ts'

/** Anything that answers a `Request` in process: the platform's Hono app. */
export interface RequestHandler {
  request(input: string, init: RequestInit): Response | Promise<Response>
}

export interface FuzzRunOptions {
  app: RequestHandler
  db: Db
  publicUrl: string
  routes: readonly FuzzRoute[]
  credentials: FuzzCredentials
  knownIds: KnownIds
  seed: number
  requests: number
  /**
   * Replays a failure: the run stops after the request of this index and reports only its problems
   * (the requests before it are sent, since the data and the bodies to mutate depend on them).
   */
  onlyIndex?: number | undefined
  /** Errors the app logged since the last call (an unhandled error is logged before its 500). */
  takeLoggedErrors?: () => string[]
  /**
   * Called after each answer, before the data check: may renew a credential the request ended (the
   * owner's session after a logout), since only a refused request's writes are checked.
   */
  onAnswered?: (request: FuzzRequest, status: number | undefined) => Promise<void>
}

/** A request that broke a rule, with what is needed to send it again. */
export interface FuzzFailure {
  index: number
  problem: string
  status: number | undefined
  request: FuzzRequest
  loggedErrors: string[]
}

/** The figures of a run, per family of bad input. */
export interface FuzzReport {
  seed: number
  requests: number
  routes: number
  durationMs: number
  families: { family: string; tried: number; refused: number; accepted: number }[]
  statuses: Record<string, number>
  credentials: Record<CredentialKind, number>
  /** Routes that accepted at least one request (the others were only ever refused: shallower coverage). */
  routesThatAccepted: number
  /** Refused requests whose data was checked unchanged (by the transaction id, else by the fingerprint). */
  refusalsChecked: number
  /** Refused requests that wrote to tables a refusal may write (audit, throttles), by table. */
  refusalWritesByTable: Record<string, number>
  failures: FuzzFailure[]
}

// Pages and files a browser navigates to: their errors are pages (or nothing), not JSON.
const BROWSER_PREFIXES = ['/_', '/dashboard', '/media/', '/identity/v1/logout', '/test-provider/']

/** Mostly the credential the route expects, sometimes any other (the wrong kind must be refused too). */
function credentialFor(route: FuzzRoute, random: Random, credentials: FuzzCredentials): CredentialKind {
  const shoppers: CredentialKind[] = credentials.member ? ['visitor', 'member'] : ['visitor']
  const owner: CredentialKind[] = credentials.owner ? ['owner'] : []
  const expected: Record<string, CredentialKind[]> = {
    merchant: ['merchant'],
    shopper: shoppers,
    shopperToken: shoppers,
    caller: [...shoppers, 'merchant'],
    none: ['none', 'none', 'visitor'],
  }
  const isDashboard = route.path.startsWith('/dashboard') && owner.length > 0
  const fitting = isDashboard ? owner : (expected[route.auth] ?? ['none'])
  return random.pick(random.chance(0.75) ? fitting : ['none', 'merchant', ...shoppers, ...owner])
}

// Routes with a JSON body have the most to break: they get this many turns per cycle to the others' one.
const BODY_ROUTE_TURNS = 3

/**
 * The order routes are visited in, per cycle: a seeded shuffle in which a route with a JSON body
 * appears `BODY_ROUTE_TURNS` times, so every route gets its share of every family.
 */
function scheduleRoutes(routes: readonly FuzzRoute[], random: Random): number[] {
  const order = routes.flatMap((route, index) =>
    Array.from({ length: route.body ? BODY_ROUTE_TURNS : 1 }, () => index),
  )
  for (let index = order.length - 1; index > 0; index--) {
    const other = random.int(0, index)
    ;[order[index], order[other]] = [order[other]!, order[index]!]
  }
  return order
}

/** Accepted JSON bodies per route (`POST /path`), a few each, for later requests to mutate. */
type AcceptedBodies = Map<string, string[]>

const ACCEPTED_BODIES_PER_ROUTE = 8
const MAX_KEPT_BODY_LENGTH = 20_000

function keepAcceptedBody(accepted: AcceptedBodies, request: FuzzRequest, random: Random) {
  const isJson = request.headers.some(
    ([name, value]) => name === 'content-type' && value === 'application/json',
  )
  if (!isJson || typeof request.body !== 'string' || request.body.length > MAX_KEPT_BODY_LENGTH) return
  try {
    JSON.parse(request.body)
  } catch {
    return
  }
  const kept = accepted.get(request.route) ?? []
  if (kept.length < ACCEPTED_BODIES_PER_ROUTE) kept.push(request.body)
  else kept[random.int(0, kept.length - 1)] = request.body
  accepted.set(request.route, kept)
}

/**
 * Generates request `index` of the run `seed`: the same seed, index and accepted bodies always give
 * the same request.
 */
export function generateRequest(
  options: Omit<FuzzRunOptions, 'app' | 'db' | 'requests'>,
  index: number,
  accepted: AcceptedBodies = new Map(),
): FuzzRequest {
  const { routes } = options
  const order = scheduleRoutes(routes, createRandom(options.seed))
  const slot = index % order.length
  const routeIndex = order[slot]!
  const cycle = Math.floor(index / order.length)
  const family = REQUEST_FAMILIES[(cycle + slot) % REQUEST_FAMILIES.length]!
  const random = createRandom(requestSeed(options.seed, index))
  const route = routes[routeIndex]!
  return buildRequest(family, {
    route,
    routes,
    random,
    knownIds: options.knownIds,
    credentials: options.credentials,
    credential: credentialFor(route, random, options.credentials),
    acceptedBodies: accepted.get(`${route.method} ${route.path}`) ?? [],
  })
}

function checkAnswer(
  request: FuzzRequest,
  status: number,
  contentType: string,
  text: string,
  retryAfter: string | null,
): string | undefined {
  if (status >= 500) return `answered ${status}`
  // A refusal for too many requests says when to come back (RFC 9110 §10.2.3), in whole seconds.
  if (status === 429 && !/^[1-9]\d*$/.test(retryAfter ?? ''))
    return `answered 429 without a Retry-After of whole seconds (${JSON.stringify(retryAfter)})`
  // A HEAD answer has the headers of the GET and no body.
  if (status < 400 || request.method === 'HEAD') return undefined
  const isJson = contentType.includes('application/json')
  const path = request.target.split('?')[0]!
  if (!isJson) {
    const isBrowserPage = BROWSER_PREFIXES.some((prefix) => path.startsWith(prefix))
    return isBrowserPage ? undefined : `answered ${status} as ${contentType || 'no type'}, not JSON`
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return `answered ${status} with a JSON type but no JSON: ${text.slice(0, 120)}`
  }
  const checked = errorAnswerSchemaFor(request.route).safeParse(json)
  if (checked.success) return undefined
  return `answered ${status} with an error body outside the normalised shape: ${JSON.stringify(json).slice(0, 300)}`
}

/** Sends one request to the app in process; `undefined` status when the app threw instead of answering. */
async function send(options: FuzzRunOptions, request: FuzzRequest) {
  try {
    const response = await options.app.request(`${options.publicUrl}${request.target}`, {
      method: request.method,
      headers: request.headers,
      body: request.body as BodyInit | undefined,
    })
    const text = await response.text()
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      retryAfter: response.headers.get('retry-after'),
      text,
    }
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  }
}

/**
 * Sends `requests` generated requests, one at a time, and checks each: no 5xx (nor a throw), every
 * JSON error answer in the normalised shape, API errors in JSON, a 429 with `Retry-After`, and no data
 * changed by a refused request nor by any GET or HEAD (the next transaction id did not move, or no
 * table outside `TABLES_A_REFUSAL_MAY_WRITE` changed).
 */
export async function runFuzz(options: FuzzRunOptions): Promise<FuzzReport> {
  const started = performance.now()
  const tables = await listTables(options.db)
  let baseline: DataFingerprint = await readDataFingerprint(options.db, tables)
  let nextTransaction = await readNextTransactionId(options.db)
  const families = new Map(
    REQUEST_FAMILIES.map((family) => [family.name, { tried: 0, refused: 0, accepted: 0 }]),
  )
  const statuses: Record<string, number> = {}
  const credentials: Record<CredentialKind, number> = {
    none: 0,
    visitor: 0,
    member: 0,
    merchant: 0,
    owner: 0,
  }
  const failures: FuzzFailure[] = []
  let refusalsChecked = 0
  const refusalWritesByTable: Record<string, number> = {}
  const accepted: AcceptedBodies = new Map()
  const routesThatAccepted = new Set<string>()
  const keeping = createRandom(options.seed ^ 0x5eed)
  options.takeLoggedErrors?.()

  const last = Math.min(options.requests, (options.onlyIndex ?? Number.POSITIVE_INFINITY) + 1)
  for (let index = 0; index < last; index++) {
    const request = generateRequest(options, index, accepted)
    const answer = await send(options, request)
    const status = 'status' in answer ? answer.status : undefined
    const counts = families.get(request.family)!
    counts.tried++
    credentials[request.credential]++
    statuses[String(status ?? 'threw')] = (statuses[String(status ?? 'threw')] ?? 0) + 1
    const isRefused = status !== undefined && status >= 400
    if (isRefused) counts.refused++
    else counts.accepted++
    const fail = (problem: string) => {
      if (options.onlyIndex !== undefined && index !== options.onlyIndex) return
      failures.push({ index, problem, status, request, loggedErrors: options.takeLoggedErrors?.() ?? [] })
    }
    if (status !== undefined && status < 300) {
      keepAcceptedBody(accepted, request, keeping)
      routesThatAccepted.add(request.route)
    }

    const problem =
      'error' in answer
        ? `the app threw: ${answer.error}`
        : checkAnswer(request, answer.status, answer.contentType, answer.text, answer.retryAfter)
    if (problem) fail(problem)
    await options.onAnswered?.(request, status)

    const afterTransaction = await readNextTransactionId(options.db)
    if (afterTransaction !== nextTransaction) {
      const fingerprint = await readDataFingerprint(options.db, tables)
      // A GET or HEAD changes nothing, answered or refused (SECURITY.md H-3): safe methods stay safe.
      const isSafeMethod = request.method === 'GET' || request.method === 'HEAD'
      if (isSafeMethod && !isRefused) {
        const forbidden = changedTables(baseline, fingerprint).filter(
          ({ table }) => !(table in TABLES_A_REFUSAL_MAY_WRITE),
        )
        if (forbidden.length > 0) {
          const tables = forbidden.map((t) => `${t.table} (${t.rowsBefore} -> ${t.rowsAfter} rows)`)
          fail(`a ${request.method} request (${status}) changed data: ${tables.join(', ')}`)
        }
      }
      if (isRefused) {
        const changed = changedTables(baseline, fingerprint)
        for (const { table } of changed) refusalWritesByTable[table] = (refusalWritesByTable[table] ?? 0) + 1
        const forbidden = changed.filter(({ table }) => !(table in TABLES_A_REFUSAL_MAY_WRITE))
        if (forbidden.length > 0) {
          const tables = forbidden.map((t) => `${t.table} (${t.rowsBefore} -> ${t.rowsAfter} rows)`)
          fail(`a refused request (${status}) changed data: ${tables.join(', ')}`)
        }
      }
      baseline = fingerprint
      nextTransaction = afterTransaction
    }
    if (isRefused) refusalsChecked++
    options.takeLoggedErrors?.()
  }

  return {
    seed: options.seed,
    requests: [...families.values()].reduce((sum, family) => sum + family.tried, 0),
    routes: options.routes.length,
    durationMs: Math.round(performance.now() - started),
    families: [...families].map(([family, counts]) => ({ family, ...counts })),
    statuses,
    credentials,
    routesThatAccepted: routesThatAccepted.size,
    refusalsChecked,
    refusalWritesByTable,
    failures,
  }
}

/** A failure as text: the problem, the request (long parts cut) and how to replay it alone. */
export function describeFailure(failure: FuzzFailure, seed: number): string {
  const cut = (text: string, length = 300) =>
    text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text
  const { request } = failure
  const body =
    request.body === undefined
      ? 'no body'
      : typeof request.body === 'string'
        ? `body ${JSON.stringify(cut(request.body))}`
        : `body of ${request.body.length} bytes ${Buffer.from(request.body.slice(0, 40)).toString('hex')}…`
  return [
    `#${failure.index} [${request.family}] ${failure.problem}`,
    `  replay: FUZZ_SEED=${seed} FUZZ_ONLY=${failure.index}`,
    `  route ${request.route} as ${request.credential}`,
    `  ${request.method} ${cut(request.target)}`,
    ...request.headers.map(([name, value]) => `  ${name}: ${cut(value, 120)}`),
    `  ${body}`,
    ...failure.loggedErrors.map((error) => `  logged: ${cut(error, 2_000)}`),
  ].join('\n')
}
