import { createPublicKey, type JsonWebKey, randomUUID } from 'node:crypto'
import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import { isAllowedOutboundUrl } from '../../http/outbound-request.ts'
import type { JwkSet } from '../../oauth/id-token.ts'

/**
 * Where a connection's keys come from: pasted once (`jwks`), a JWKS URL the provider publishes them at
 * (`jwksUrl`), or the issuer's OpenID discovery document (`discovery`, whose `jwks_uri` names it).
 */
export type IdpKeySource = { jwks: JwkSet } | { jwksUrl: string } | { discovery: true }

/** An identity provider whose ID tokens log the site's members in. */
export interface IdpConnection {
  id: string
  siteId: string
  name: string
  issuer: string
  audience: string
  /** Pasted keys; `undefined` for keys the provider publishes. */
  jwks: JwkSet | undefined
  jwksUrl: string | undefined
  discovery: boolean
  /** Whether the site is in local development mode (its own setting; the platform may still not allow it). */
  siteLocalDevelopment: boolean
  createdDate: Date
}

interface ConnectionRow {
  id: string
  site_id: string
  name: string
  issuer: string
  audience: string
  jwks: JwkSet | null
  jwks_url: string | null
  discovery: boolean
  site_local_development: boolean
  created_date: Date
}

const connectionColumns = `c.id, c.site_id, c.name, c.issuer, c.audience, c.jwks, c.jwks_url, c.discovery,
  c.created_date, s.local_development as site_local_development`

function toConnection(row: ConnectionRow): IdpConnection {
  return {
    id: row.id,
    siteId: row.site_id,
    name: row.name,
    issuer: row.issuer,
    audience: row.audience,
    jwks: row.jwks ?? undefined,
    jwksUrl: row.jwks_url ?? undefined,
    discovery: row.discovery,
    siteLocalDevelopment: row.site_local_development,
    createdDate: new Date(row.created_date),
  }
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const

/** Why a key cannot be a provider's signing key (private or symmetric, not loading, RSA under 2048 bits), if it cannot. */
function keyViolation(key: JsonWebKey): Omit<FieldViolation, 'field'> | undefined {
  if (PRIVATE_MEMBERS.some((member) => member in key))
    return {
      description: 'must be a public key (no private or symmetric part)',
      violatedRule: 'FIELD_NOT_ALLOWED',
    }
  try {
    const loaded = createPublicKey({ key, format: 'jwk' })
    if (loaded.asymmetricKeyType === 'rsa' && (loaded.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
      return { description: 'must be an RSA key of 2048 bits at least', violatedRule: 'MIN_SIZE' }
  } catch {
    return { description: 'is not a public RSA, EC or OKP key', violatedRule: 'FORMAT' }
  }
  return undefined
}

/** The keys of a set the provider publishes that can sign its tokens: public keys that load, kept as they are. */
export function usableKeys(jwks: JwkSet): JsonWebKey[] {
  return jwks.keys.filter((key) => keyViolation(key) === undefined)
}

/** Violations of a key set: public RSA (2048 bits at least), EC P-256 or Ed25519 keys that load, with distinct ids. */
function keySetViolations(jwks: JwkSet): FieldViolation[] {
  const violations: FieldViolation[] = []
  const ids = new Set<string>()
  jwks.keys.forEach((key, index) => {
    const field = `jwks.keys.${index}`
    const violation = keyViolation(key)
    if (violation) violations.push({ field, ...violation })
    const kid = (key as { kid?: unknown }).kid
    if (typeof kid === 'string') {
      if (ids.has(kid))
        violations.push({
          field: `${field}.kid`,
          description: 'is used by another key',
          violatedRule: 'VALIDATION',
        })
      ids.add(kid)
    }
  })
  return violations
}

/**
 * What the platform allows its sites: with `localDevelopmentSites`, a site in local development mode may
 * name loopback and private addresses (and `http`) for its provider's keys, as for its webhook receivers.
 */
export interface IdpUrlPolicy {
  localDevelopmentSites: boolean
}

const localUrlRefused =
  'must be an https URL of a public host: http and loopback or private addresses are for sites in local development mode'

/** Violations of where the keys come from: exactly one source, and a URL the platform may fetch from. */
async function keySourceViolations(
  db: Db,
  input: { siteId: string; issuer: string } & Partial<{ jwks: JwkSet; jwksUrl: string; discovery: boolean }>,
  policy: IdpUrlPolicy,
): Promise<FieldViolation[]> {
  const sources = [input.jwks !== undefined, input.jwksUrl !== undefined, input.discovery === true]
  if (sources.filter(Boolean).length !== 1)
    return [
      {
        field: 'jwks',
        description:
          'exactly one of jwks (the keys), jwksUrl or discovery (the issuer’s OpenID configuration) is required',
        violatedRule: 'VALIDATION',
      },
    ]
  if (input.jwks) return keySetViolations(input.jwks)
  const [field, url] = input.jwksUrl !== undefined ? ['jwksUrl', input.jwksUrl] : ['issuer', input.issuer]
  if (isAllowedOutboundUrl(url, { localDevelopment: false })) return []
  const local =
    policy.localDevelopmentSites &&
    (
      await queryOne<{ local_development: boolean }>(
        db,
        'select local_development from sites where id = $1',
        [input.siteId],
      )
    )?.local_development === true
  if (local && isAllowedOutboundUrl(url, { localDevelopment: true })) return []
  return [{ field, description: localUrlRefused, violatedRule: 'FORMAT' }]
}

/**
 * Registers an identity provider for a site: its issuer, the audience its ID tokens name (this
 * platform's client id there) and where its public signing keys are: pasted (`jwks`), at a JWKS URL
 * (`jwksUrl`), or named by the issuer's OpenID discovery document (`discovery`). A URL the keys are
 * fetched from follows the webhook receivers' rules: `https` to a public host, loopback and private
 * hosts only for a site in local development mode where the platform allows it.
 *
 * @throws ValidationError for no or several key sources, a key set with a private, broken or duplicate
 * key, or a URL the platform may not fetch from.
 */
export async function createIdpConnection(
  db: Db,
  input: { siteId: string; name: string; issuer: string; audience: string } & Partial<{
    jwks: JwkSet
    jwksUrl: string
    discovery: boolean
  }>,
  now: Date,
  policy: IdpUrlPolicy,
): Promise<IdpConnection> {
  const violations = await keySourceViolations(db, input, policy)
  if (violations.length > 0) throw new ValidationError(violations)
  const row = await queryOne<ConnectionRow>(
    db,
    `with c as (
       insert into idp_connections (id, site_id, name, issuer, audience, jwks, jwks_url, discovery, created_date)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *
     )
     select ${connectionColumns} from c join sites s on s.id = c.site_id`,
    [
      randomUUID(),
      input.siteId,
      input.name,
      input.issuer,
      input.audience,
      input.jwks ? JSON.stringify(input.jwks) : null,
      input.jwksUrl ?? null,
      input.discovery === true,
      now,
    ],
  )
  if (!row) throw new Error('the identity-provider connection was not stored')
  return toConnection(row)
}

/** The site's enabled connections, oldest first. */
export async function listIdpConnections(db: Db, siteId: string): Promise<IdpConnection[]> {
  const rows = await db.query<ConnectionRow>(
    `select ${connectionColumns} from idp_connections c join sites s on s.id = c.site_id
      where c.site_id = $1 and c.disabled_date is null order by c.created_date, c.id`,
    [siteId],
  )
  return rows.map(toConnection)
}

/** The site's enabled connection with this id, if any. */
export async function findIdpConnection(
  db: Db,
  siteId: string,
  id: string,
): Promise<IdpConnection | undefined> {
  const row = await queryOne<ConnectionRow>(
    db,
    `select ${connectionColumns} from idp_connections c join sites s on s.id = c.site_id
      where c.id = $1 and c.site_id = $2 and c.disabled_date is null`,
    [id, siteId],
  )
  return row && toConnection(row)
}

/** Disables a connection of the site; its tokens log nobody in any more. Returns whether it was enabled. */
export async function disableIdpConnection(db: Db, siteId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    'update idp_connections set disabled_date = $3 where id = $1 and site_id = $2 and disabled_date is null returning id',
    [id, siteId, now],
  )
  return rows.length > 0
}
