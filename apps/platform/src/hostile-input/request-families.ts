import type { FuzzRoute } from './fuzz-routes.ts'
import {
  BAD_JSON_TEXTS,
  BAD_QUERY_STRINGS,
  deepNesting,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_URLS,
  hostileAuthorizations,
  hugeArray,
  hugeLength,
  hugeString,
  NUMBER_LOOKALIKES,
  OVERLONG_NUMBERS,
  randomBytes,
  STORAGE_BREAKING_TEXT,
  UNICODE_EDGE_CASES,
} from './hostile-values.ts'
import {
  createFuzzObject,
  type FuzzObject,
  type FuzzValue,
  parseFuzzJson,
  RawJson,
  toJsonText,
} from './json-text.ts'
import {
  addUnknownKeys,
  isArray,
  isNumber,
  isString,
  isUrlField,
  raw,
  removeProperty,
  replaceNode,
  wrongTypeFor,
} from './mutations.ts'
import { type KnownIds, pickKnownId, sampleFromSchema } from './schema-values.ts'
import type { Random } from './seeded-random.ts'

/** Who a request claims to be. */
export type CredentialKind = 'none' | 'visitor' | 'member' | 'merchant' | 'owner'

/**
 * The credentials of a fuzz run: a visitor's and a member's access tokens, a merchant API key, and a
 * site owner's dashboard session (its cookie header and the CSRF token of its forms).
 */
export interface FuzzCredentials {
  visitor: string
  member: string | undefined
  merchant: { key: string; siteId: string }
  owner: { cookie: string; csrf: string } | undefined
}

/** One generated request, with what is needed to report and replay it. */
export interface FuzzRequest {
  family: string
  /** `POST /stores/v1/products/:id`: the route it was generated for. */
  route: string
  credential: CredentialKind
  method: string
  /** Path and query string, already encoded (or deliberately mis-encoded). */
  target: string
  headers: [string, string][]
  body: string | Uint8Array | undefined
}

/** What a family builds a request from. */
export interface FamilyContext {
  route: FuzzRoute
  /** Every route, for the POST twin of a query GET. */
  routes: readonly FuzzRoute[]
  random: Random
  knownIds: KnownIds
  credentials: FuzzCredentials
  credential: CredentialKind
  /** JSON bodies this route accepted earlier in the run: mutating them gets past validation, deep. */
  acceptedBodies: readonly string[]
}

/** A request under construction: parts stay values until `finish` writes them. */
interface Draft {
  method: string
  params: FuzzObject
  query: FuzzObject
  /** Replaces the query written from `query`, for deliberately broken query strings. */
  rawQuery?: string
  body: FuzzValue | undefined
  /** Replaces the body written from `body`: form text, bytes, broken JSON. */
  rawBody?: string | Uint8Array
  headers: [string, string][]
}

/** A family of bad input: its name (reported with its count) and how it changes a well-formed draft. */
export interface RequestFamily {
  name: string
  /**
   * How often its draft starts from a body the route accepted before (when there is one) rather
   * than a fresh sample: a mutation of an accepted body is refused (or not) for the mutation alone.
   */
  reuse?: number
  mutate(draft: Draft, context: FamilyContext): void
}

const FORM_FIELDS = [
  'csrf',
  'email',
  'password',
  'code',
  'session',
  'quantity',
  'variantId',
  'name',
  'price',
  'state',
]

/** Percent-encodes like encodeURIComponent, writing a lone surrogate as its (invalid) three UTF-8-like bytes. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    // URIError: a lone surrogate somewhere; encode character by character.
  }
  let out = ''
  for (const char of value) {
    const code = char.charCodeAt(0)
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`
    } else {
      out += encodeURIComponent(char)
    }
  }
  return out
}

function asText(value: FuzzValue): string {
  if (typeof value === 'string') return value
  if (value instanceof RawJson) return value.text
  return toJsonText(value)
}

function credentialHeaders(context: FamilyContext): [string, string][] {
  const { credentials, random } = context
  const bearer = (token: string) => (random.chance(0.3) ? `Bearer ${token}` : token)
  switch (context.credential) {
    case 'visitor':
      return [['authorization', bearer(credentials.visitor)]]
    case 'member':
      return credentials.member ? [['authorization', bearer(credentials.member)]] : []
    case 'merchant':
      return [
        ['authorization', credentials.merchant.key],
        ['aisle-site-id', credentials.merchant.siteId],
      ]
    case 'owner':
      return credentials.owner
        ? [
            ['cookie', credentials.owner.cookie],
            ['sec-fetch-site', 'same-origin'],
          ]
        : []
    default:
      return []
  }
}

/** The schema of the POST twin of a query GET (`q` carries its body, base64url-encoded). */
function queryBodySchema(context: FamilyContext) {
  return context.routes.find((route) => route.path === context.route.path && route.method === 'POST')?.body
}

function sampleQuery(context: FamilyContext): FuzzObject {
  const { route, random } = context
  const query = createFuzzObject()
  for (const parameter of route.query) {
    if (!parameter.isRequired && !random.chance(0.5)) continue
    const twin = parameter.name === 'q' ? queryBodySchema(context) : undefined
    if (twin && random.chance(0.7)) {
      const json = toJsonText(sampleFromSchema(twin, { random, knownIds: context.knownIds, root: twin }))
      query.q = Buffer.from(json).toString('base64url')
      continue
    }
    const sampling = { random, knownIds: context.knownIds, root: parameter.schema }
    const value = sampleFromSchema(parameter.schema, sampling, 0, parameter.name)
    query[parameter.name] = asText(value)
  }
  return query
}

/** What a path parameter names: `checkoutId` itself, or for `:id` the segment before it (`products`). */
function pathParameterHint(path: string, name: string): string {
  if (name !== 'id') return name
  const segments = path.split('/')
  return segments[segments.indexOf(':id') - 1] ?? name
}

/** A well-formed request for the route: schema-derived values, the family's credential. */
function createDraft(context: FamilyContext, reuse: number): Draft {
  const { route, random, knownIds } = context
  const params = createFuzzObject(
    route.params.map((parameter) => {
      const sampling = { random, knownIds, root: parameter.schema }
      const hint = pathParameterHint(route.path, parameter.name)
      return [parameter.name, asText(sampleFromSchema(parameter.schema, sampling, 0, hint))]
    }),
  )
  const headers = credentialHeaders(context)
  let body: FuzzValue | undefined
  let rawBody: string | Uint8Array | undefined
  if (route.body) {
    body =
      context.acceptedBodies.length > 0 && random.chance(reuse)
        ? parseFuzzJson(random.pick(context.acceptedBodies))
        : sampleFromSchema(route.body, { random, knownIds, root: route.body })
    headers.push(['content-type', 'application/json'])
  } else if (route.upload) {
    rawBody = randomBytes(random)
    headers.push(['content-type', random.pick(route.upload)])
  } else if (route.method !== 'GET' && route.method !== 'DELETE') {
    const form = new URLSearchParams()
    const owner = context.credential === 'owner' ? context.credentials.owner : undefined
    // The owner's token gets a form past its CSRF check, to the handler.
    if (owner && random.chance(0.8)) form.append('csrf', owner.csrf)
    for (let index = random.int(0, 4); index > 0; index--) {
      const field = random.pick(FORM_FIELDS)
      const known = pickKnownId(knownIds, field, random)
      form.append(field, random.pick(['', 'x', '1', 'a@example.com', ...(known ? [known] : [])]))
    }
    rawBody = form.toString()
    headers.push(['content-type', 'application/x-www-form-urlencoded'])
  }
  if (route.method !== 'GET' && random.chance(0.1))
    headers.push(['idempotency-key', `fuzz-${random.int(0, 1e9)}`])
  if (random.chance(0.1)) {
    headers.push([
      'origin',
      random.pick(['http://localhost:3000', 'null', 'https://evil.example', 'http://platform.test']),
    ])
  }
  return {
    method: route.method,
    params,
    query: sampleQuery(context),
    body,
    headers,
    ...(rawBody === undefined ? {} : { rawBody }),
  }
}

/**
 * The value tree a value family works on: the JSON body when there is one, else the query, else the
 * path parameters (created empty when the route has none, so that something always changes).
 */
function target(draft: Draft, random: Random): { get: () => FuzzValue; set: (value: FuzzValue) => void } {
  if (draft.body !== undefined && draft.rawBody === undefined && random.chance(0.85)) {
    return { get: () => draft.body!, set: (value) => (draft.body = value) }
  }
  if (Object.keys(draft.query).length > 0 || Object.keys(draft.params).length === 0) {
    return { get: () => draft.query, set: (value) => (draft.query = toQueryObject(value)) }
  }
  return { get: () => draft.params, set: (value) => (draft.params = toQueryObject(value)) }
}

function toQueryObject(value: FuzzValue): FuzzObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RawJson)
    ? value
    : createFuzzObject([['q', value]])
}

/** A family that changes one node of the body (or query, or path) tree. */
function valueFamily(
  name: string,
  make: (old: FuzzValue, random: Random) => FuzzValue,
  accepts?: Parameters<typeof replaceNode>[3],
): RequestFamily {
  return {
    name,
    mutate(draft, context) {
      const tree = target(draft, context.random)
      tree.set(replaceNode(tree.get(), context.random, (old) => make(old, context.random), accepts))
    },
  }
}

/** A string with an edge case in it: replacing it, or inserted at a random place. */
function withEdgeCase(old: FuzzValue, random: Random): FuzzValue {
  const edge = random.pick(random.chance(0.4) ? STORAGE_BREAKING_TEXT : UNICODE_EDGE_CASES)
  if (typeof old !== 'string' || random.chance(0.3)) return edge
  const at = random.int(0, old.length)
  return `${old.slice(0, at)}${edge}${old.slice(at)}`
}

/** The families, in the order the schedule cycles through them. */
export const REQUEST_FAMILIES: readonly RequestFamily[] = [
  // Mostly fresh samples: they find the bodies the other families then mutate.
  { name: 'schema-derived', reuse: 0.2, mutate() {} },
  valueFamily('wrong types', wrongTypeFor),
  {
    name: 'missing fields',
    mutate(draft, context) {
      const tree = target(draft, context.random)
      tree.set(removeProperty(tree.get(), context.random))
    },
  },
  {
    name: 'unknown and prototype keys',
    mutate(draft, context) {
      const tree = target(draft, context.random)
      tree.set(addUnknownKeys(tree.get(), context.random))
    },
  },
  valueFamily('huge strings', (_, random) => hugeString(random, hugeLength(random)), isString),
  valueFamily('huge arrays', (_, random) => hugeArray(random), isArray),
  valueFamily('deep nesting', (_, random) => deepNesting(random)),
  {
    name: 'unicode edge cases',
    mutate(draft, context) {
      // Into a few strings at once, often inside the text that was there: a free-text field keeps
      // its shape and passes validation, so the character reaches the store.
      const { random } = context
      const tree = target(draft, random)
      for (let count = random.int(1, 3); count > 0; count--) {
        tree.set(replaceNode(tree.get(), random, (old) => withEdgeCase(old, random), isString))
      }
    },
  },
  valueFamily('overlong numbers', (_, random) => raw(random.pick(OVERLONG_NUMBERS)), isNumber),
  valueFamily(
    'NaN and Infinity',
    (_, random) =>
      random.chance(0.8)
        ? random.pick(NUMBER_LOOKALIKES)
        : raw(random.pick(['NaN', 'Infinity', '-Infinity'])),
    isNumber,
  ),
  valueFamily('hostile URLs', (_, random) => random.pick(HOSTILE_URLS), isUrlField),
  {
    name: 'bad JSON',
    mutate(draft, context) {
      const text = context.random.pick(BAD_JSON_TEXTS)
      if (draft.method === 'GET') {
        draft.query.q = Buffer.from(text).toString(context.random.chance(0.5) ? 'base64url' : 'utf8')
        return
      }
      draft.rawBody = text
      draft.headers = draft.headers.filter(([name]) => name !== 'content-type')
      draft.headers.push(['content-type', 'application/json'])
    },
  },
  {
    name: 'bad percent-encoding',
    mutate(draft, context) {
      const { random } = context
      const names = Object.keys(draft.params)
      if (names.length > 0 && random.chance(0.6)) {
        draft.params[random.pick(names)] = new RawJson(random.pick(HOSTILE_PATH_SEGMENTS))
        return
      }
      draft.rawQuery = `?${random.pick(['q', 'session', 'limit', 'clientId', 'x'])}=${random.pick(HOSTILE_PATH_SEGMENTS)}`
    },
  },
  {
    name: 'bad query strings',
    mutate(draft, context) {
      draft.rawQuery = context.random.pick(BAD_QUERY_STRINGS)
    },
  },
  {
    name: 'wrong content type',
    mutate(draft, context) {
      const { random } = context
      const kept = draft.headers.filter(([name]) => name !== 'content-type')
      const types = random.pick([
        ['application/json', 'text/plain'],
        ['application/json', 'application/json'],
        ['text/plain'],
        ['application/x-www-form-urlencoded'],
        ['multipart/form-data; boundary=x'],
        ['application/json; charset=utf-16'],
        ['application/json;charset="bogus"'],
        ['image/svg+xml'],
        [''],
        ['application/json\u00ff'],
      ])
      draft.headers = [...kept, ...types.map((type) => ['content-type', type] as [string, string])]
    },
  },
  {
    name: 'huge headers',
    mutate(draft, context) {
      const { random } = context
      const name = random.pick([
        'x-request-id',
        'cookie',
        'idempotency-key',
        'accept-language',
        'x-forwarded-for',
        'if-none-match',
        'user-agent',
      ])
      const value = random.pick(['a', 'é', ';', ' ', '=']).repeat(random.pick([8_192, 20_000, 70_000]))
      draft.headers.push([name, name === 'cookie' ? `aisle_session=${value}` : value])
    },
  },
  {
    name: 'bad Authorization',
    mutate(draft, context) {
      const { random, credentials } = context
      const tokens = [credentials.visitor, credentials.member ?? '', credentials.merchant.key].filter(Boolean)
      draft.headers = draft.headers.filter(([name]) => name !== 'authorization' && name !== 'aisle-site-id')
      draft.headers.push(['authorization', random.pick(hostileAuthorizations(random, tokens))])
      if (random.chance(0.5)) {
        draft.headers.push([
          'aisle-site-id',
          random.pick(['', 'x', '00000000-0000-0000-0000-000000000000', credentials.merchant.siteId]),
        ])
      }
    },
  },
  {
    name: 'form and binary bodies',
    mutate(draft, context) {
      const { random } = context
      if (draft.method === 'GET') {
        draft.rawQuery = `?${new URLSearchParams([[random.pick(FORM_FIELDS), random.pick(UNICODE_EDGE_CASES)]])}`
        return
      }
      draft.headers = draft.headers.filter(([name]) => name !== 'content-type')
      if (random.chance(0.5)) {
        const form = new URLSearchParams()
        for (const field of FORM_FIELDS)
          if (random.chance(0.4)) form.append(field, random.pick(UNICODE_EDGE_CASES))
        draft.rawBody = form.toString()
        draft.headers.push(['content-type', 'application/x-www-form-urlencoded'])
      } else {
        draft.rawBody = randomBytes(random)
        draft.headers.push([
          'content-type',
          random.pick(['application/json', 'image/png', 'application/octet-stream']),
        ])
      }
    },
  },
  {
    name: 'wrong method',
    mutate(draft, context) {
      // TRACE and CONNECT never reach the app: the Request constructor refuses them (and
      // @hono/node-server answers TRACE as a GET).
      const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND', 'PURGE'].filter(
        (method) => method !== draft.method,
      )
      draft.method = context.random.pick(others)
    },
  },
]

function writePath(template: string, params: FuzzObject): string {
  return template.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_, name: string) => {
    const value = params[name]
    if (value instanceof RawJson) return value.text
    return encodeSegment(value === undefined ? '' : asText(value))
  })
}

function writeQuery(draft: Draft): string {
  if (draft.rawQuery !== undefined) return draft.rawQuery
  const entries = Object.keys(draft.query).map((key) => {
    const value = draft.query[key]!
    return `${encodeSegment(key)}=${value instanceof RawJson ? value.text : encodeSegment(asText(value))}`
  })
  return entries.length > 0 ? `?${entries.join('&')}` : ''
}

function finish(draft: Draft, context: FamilyContext, family: string): FuzzRequest {
  const hasNoBody = draft.method === 'GET' || draft.method === 'HEAD'
  const body = hasNoBody
    ? undefined
    : (draft.rawBody ?? (draft.body === undefined ? undefined : toJsonText(draft.body)))
  return {
    family,
    route: `${context.route.method} ${context.route.path}`,
    credential: context.credential,
    method: draft.method,
    target: `${writePath(context.route.path, draft.params)}${writeQuery(draft)}`,
    headers: draft.headers,
    body,
  }
}

/** Builds one request of `family` for the context's route. */
export function buildRequest(family: RequestFamily, context: FamilyContext): FuzzRequest {
  const draft = createDraft(context, family.reuse ?? 0.8)
  family.mutate(draft, context)
  return finish(draft, context, family.name)
}
