import type { Context, Hono } from 'hono'
import type { z } from 'zod'
import type { Db } from '../db/db.ts'
import type {
  Caller,
  MerchantCaller,
  ShopperCaller,
  ShopperCredential,
  UncheckedAccessToken,
} from './caller.ts'
import { ApplicationError } from './errors.ts'
import { runIdempotently } from './idempotency.ts'
import { assertJsonDepth, JsonTooDeepError } from './json-depth.ts'
import { assertStorableText, parseWith } from './validation.ts'

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete'

export interface AppEnv {
  Variables: {
    requestId: string
    /** The client's address (see `findClientAddress`); `undefined` when it cannot be known. */
    clientAddress: string | undefined
    /**
     * The OAuth client whose registered origins may read the answer (CORS): the caller's, or the token
     * request's; `null` for a caller no browser may act for (a merchant API key); unset when unknown.
     */
    corsClientId: string | null | undefined
  }
}

/**
 * Who may call a route: `none` anyone; `shopper` a visitor's or member's access token; `shopperToken`
 * the same, but its handler checks the token in its own first statement (it gets a `ShopperCredential`);
 * `merchant` a merchant API key with `permission`; `caller` either of them.
 */
export type AuthMode = 'none' | 'shopper' | 'shopperToken' | 'merchant' | 'caller'

type CallerOf<A extends AuthMode> = A extends 'shopper'
  ? ShopperCaller
  : A extends 'shopperToken'
    ? ShopperCredential
    : A extends 'merchant'
      ? MerchantCaller
      : A extends 'caller'
        ? Caller
        : undefined

/** Everything the wire needs to know about one route: the single source of validation and OpenAPI. */
export interface RouteDefinition<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  A extends AuthMode = AuthMode,
> {
  method: Method
  /** Hono path syntax: `/stores/v1/products/:id`. */
  path: string
  operationId: string
  summary: string
  tag: string
  params?: P
  query?: Q
  body?: B
  response: z.ZodType
  auth: A
  /** For `merchant` routes: the API key permission required. */
  permission?: string
  cacheControl?: string
  /** The handler gets the parsed JSON as is and validates it itself (the token endpoint answers RFC 6749 errors). */
  rawBody?: boolean
  /** The body is a file of one of these content types, read by the handler (documented, not parsed). */
  upload?: readonly string[]
  /**
   * The route reads only what any visitor of the site may see (the public catalogue): its caller may be
   * resolved by the process's public-read callers (`oauth/public-read-callers.ts`) where the app has them.
   * A function decides per request, from the parsed path and body (GraphQL: a document known to read
   * only the catalogue); it must not do costly work, since it runs before the credential is checked.
   */
  publicRead?: boolean | ((input: { params: Out<P>; body: Out<B> }) => boolean)
}

export interface RouteInput<P, Q, B, C> {
  params: P
  query: Q
  body: B
  caller: C
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined

export type Handler<P, Q, B, C> = (input: RouteInput<P, Q, B, C>, c: Context<AppEnv>) => Promise<unknown>

export type Authenticate = (c: Context<AppEnv>) => Promise<Caller>

/**
 * The access token of a `shopperToken` route's request, for its handler to check; `undefined` when the
 * request carries no such token (none, or an API key), which `Authenticate` answers.
 */
export type DeferTokenCheck = (c: Context<AppEnv>) => UncheckedAccessToken | undefined

/** The router every domain registers its routes with; it keeps their definitions for OpenAPI. */
export interface Api {
  readonly hono: Hono<AppEnv>
  readonly routes: RouteDefinition[]
  route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, A extends AuthMode>(
    definition: RouteDefinition<P, Q, B, A>,
    handler: Handler<Out<P>, Out<Q>, Out<B>, CallerOf<A>>,
  ): void
}

/**
 * The caller of a call on a visitor's or member's own data (their cart): a shopper, as the call's
 * auth mode requires; 403 for a merchant.
 *
 * @throws {ApplicationError} FORBIDDEN for a merchant.
 */
export function shopperOf(caller: Caller): ShopperCaller {
  if (caller.kind !== 'merchant') return caller
  throw new ApplicationError(
    'FORBIDDEN',
    'This call acts on a visitor’s or member’s own data: use their access token',
  )
}

/** Checks that the caller may use a route of this auth mode; 403 for a credential of the wrong kind. */
function assertAllowed(definition: RouteDefinition, caller: Caller) {
  if (definition.auth === 'shopper' || definition.auth === 'shopperToken') shopperOf(caller)
  if (definition.auth === 'merchant') {
    if (caller.kind !== 'merchant') {
      throw new ApplicationError('FORBIDDEN', 'This call is for the merchant: it needs an API key')
    }
    if (definition.permission && !caller.permissions.includes(definition.permission)) {
      throw new ApplicationError('FORBIDDEN', `The API key lacks the "${definition.permission}" permission`, {
        permission: definition.permission,
      })
    }
  }
}

async function readJsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  assertJsonDepth(text)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new JsonSyntaxError(error instanceof Error ? error.message : 'invalid JSON')
  }
  assertStorableText(json)
  return json
}

/** The request body is not JSON. */
export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError'
}

/** Creates the router; `authenticate` resolves the caller of routes that need a token. */
export function createApi(
  hono: Hono<AppEnv>,
  authenticate: Authenticate,
  options: {
    db?: Db
    clock: () => Date
    authenticatePublicRead?: Authenticate | undefined
    deferTokenCheck?: DeferTokenCheck | undefined
  } = {
    clock: () => new Date(),
  },
): Api {
  const routes: RouteDefinition[] = []
  return {
    hono,
    routes,
    route(definition, handler) {
      routes.push(definition as unknown as RouteDefinition)
      hono.on(definition.method.toUpperCase(), definition.path, async (c) => {
        const params = definition.params ? parseWith(definition.params, c.req.param(), '') : undefined
        const rawQuery = c.req.query()
        assertStorableText(rawQuery)
        assertStorableText(c.req.param())
        const query = definition.query ? parseWith(definition.query, rawQuery, '') : undefined
        // A raw-body route answers malformed (or too deep) JSON in its own format: it sees `undefined`.
        const json = definition.body
          ? await readJsonBody(c).catch((error: unknown) => {
              const isUnreadable = error instanceof JsonSyntaxError || error instanceof JsonTooDeepError
              if (definition.rawBody && isUnreadable) return undefined
              throw error
            })
          : undefined
        const body = definition.body && !definition.rawBody ? parseWith(definition.body, json, '') : json
        // An idempotency key is kept per caller, so a request with one has its caller resolved first.
        const key = c.req.header('idempotency-key')
        let caller: Caller | UncheckedAccessToken | undefined
        if (definition.auth === 'shopperToken' && key === undefined) caller = options.deferTokenCheck?.(c)
        if (definition.auth !== 'none' && !caller) {
          const isPublicRead =
            typeof definition.publicRead === 'function'
              ? definition.publicRead({ params, body } as never)
              : definition.publicRead === true
          const resolve =
            isPublicRead && options.authenticatePublicRead ? options.authenticatePublicRead : authenticate
          caller = await resolve(c)
          assertAllowed(definition as RouteDefinition, caller)
        }
        const execute = async (): Promise<Response> => {
          const result = await handler({ params, query, body, caller } as never, c)
          if (result instanceof Response) return result
          if (definition.cacheControl) c.header('cache-control', definition.cacheControl)
          return c.json(result as object, 200)
        }
        const isUnkeyed = key === undefined || definition.method === 'get'
        if (isUnkeyed || !caller || caller.kind === 'unchecked' || !options.db) return execute()
        const fingerprint = `${c.req.method} ${c.req.path}?${new URL(c.req.url).search} ${definition.body ? await c.req.text() : ''}`
        return runIdempotently(options.db, { key, caller, fingerprint, now: options.clock() }, execute)
      })
    },
  }
}
