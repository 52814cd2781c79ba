import { createHash, createHmac } from 'node:crypto'

/** An access key pair (and, for temporary credentials, the session token). */
export interface SigV4Credentials {
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
}

/** The request to sign: its URL's path and query must already be URI-encoded the way they are sent. */
export interface SigV4Request {
  method: string
  url: URL
  /** Headers to send and sign besides `host` (taken from the URL) and the ones signing adds. */
  headers: Record<string, string>
  /** Hex SHA-256 of the body (`EMPTY_PAYLOAD_SHA256` for none), or `UNSIGNED-PAYLOAD`. */
  payloadHash: string
}

/** Who signs, for which region and service, at what time. */
export interface SigV4Signer {
  credentials: SigV4Credentials
  region: string
  service: string
  date: Date
}

const ALGORITHM = 'AWS4-HMAC-SHA256'

/** Lowercase hex SHA-256. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

/** The hash of an empty body. */
export const EMPTY_PAYLOAD_SHA256 = sha256Hex('')

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest()

/** `2015-08-30T12:36:00.000Z` as `20150830T123600Z`, the form `x-amz-date` takes. */
export function toAmzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** RFC 3986 encoding of one URI component, as SigV4 wants it (`!'()*` encoded too). */
export function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
}

/**
 * The canonical request of SigV4 and the list of signed headers. The path is used as sent (S3 rules:
 * encoded once, never normalised), so callers build it from encoded segments.
 */
export function canonicalRequest(request: SigV4Request): { canonical: string; signedHeaders: string } {
  const headers = new Map<string, string>([['host', request.url.host]])
  for (const [name, value] of Object.entries(request.headers))
    headers.set(name.toLowerCase(), value.trim().replace(/\s+/g, ' '))
  const names = [...headers.keys()].sort()
  const signedHeaders = names.join(';')
  const canonical = [
    request.method.toUpperCase(),
    request.url.pathname || '/',
    canonicalQuery(request.url),
    ...names.map((name) => `${name}:${headers.get(name)}`),
    '',
    signedHeaders,
    request.payloadHash,
  ].join('\n')
  return { canonical, signedHeaders }
}

/** The key of one day, region and service, derived from the secret. */
function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request')
}

/**
 * Signs a request with AWS Signature Version 4 (header form). Returns the headers to send: the
 * request's own, `x-amz-date`, `x-amz-security-token` for temporary credentials, and `authorization`.
 */
export function signRequest(request: SigV4Request, signer: SigV4Signer): Record<string, string> {
  const stamp = toAmzDate(signer.date)
  const day = stamp.slice(0, 8)
  const headers: Record<string, string> = { ...request.headers, 'x-amz-date': stamp }
  if (signer.credentials.sessionToken) headers['x-amz-security-token'] = signer.credentials.sessionToken
  const { canonical, signedHeaders } = canonicalRequest({ ...request, headers })
  const scope = `${day}/${signer.region}/${signer.service}/aws4_request`
  const stringToSign = [ALGORITHM, stamp, scope, sha256Hex(canonical)].join('\n')
  const key = signingKey(signer.credentials.secretAccessKey, day, signer.region, signer.service)
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex')
  headers.authorization = `${ALGORITHM} Credential=${signer.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
  return headers
}
