import { createPublicKey, randomUUID } from 'node:crypto'
import type { Db } from '../../db/db.ts'
import { queryOne } from '../../db/db.ts'
import { type FieldViolation, ValidationError } from '../../http/errors.ts'
import type { JwkSet } from '../../oauth/id-token.ts'

/** An identity provider whose ID tokens log the site's members in. */
export interface IdpConnection {
  id: string
  siteId: string
  name: string
  issuer: string
  audience: string
  jwks: JwkSet
  createdDate: Date
}

interface ConnectionRow {
  id: string
  site_id: string
  name: string
  issuer: string
  audience: string
  jwks: JwkSet
  created_date: Date
}

function toConnection(row: ConnectionRow): IdpConnection {
  return {
    id: row.id,
    siteId: row.site_id,
    name: row.name,
    issuer: row.issuer,
    audience: row.audience,
    jwks: row.jwks,
    createdDate: new Date(row.created_date),
  }
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k'] as const

/** Violations of a key set: public RSA (2048 bits at least), EC P-256 or Ed25519 keys that load, with distinct ids. */
function keySetViolations(jwks: JwkSet): FieldViolation[] {
  const violations: FieldViolation[] = []
  const ids = new Set<string>()
  jwks.keys.forEach((key, index) => {
    const field = `jwks.keys.${index}`
    if (PRIVATE_MEMBERS.some((member) => member in key))
      violations.push({
        field,
        description: 'must be a public key (no private or symmetric part)',
        violatedRule: 'FIELD_NOT_ALLOWED',
      })
    else {
      try {
        const loaded = createPublicKey({ key, format: 'jwk' })
        if (loaded.asymmetricKeyType === 'rsa' && (loaded.asymmetricKeyDetails?.modulusLength ?? 0) < 2048)
          violations.push({
            field,
            description: 'must be an RSA key of 2048 bits at least',
            violatedRule: 'MIN_SIZE',
          })
      } catch {
        violations.push({ field, description: 'is not a public RSA, EC or OKP key', violatedRule: 'FORMAT' })
      }
    }
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
 * Registers an identity provider for a site: its issuer, the audience its ID tokens name (this
 * platform's client id there) and its public signing keys.
 *
 * @throws ValidationError for a key set with a private, broken or duplicate key.
 */
export async function createIdpConnection(
  db: Db,
  input: { siteId: string; name: string; issuer: string; audience: string; jwks: JwkSet },
  now: Date,
): Promise<IdpConnection> {
  const violations = keySetViolations(input.jwks)
  if (violations.length > 0) throw new ValidationError(violations)
  const row = await queryOne<ConnectionRow>(
    db,
    `insert into idp_connections (id, site_id, name, issuer, audience, jwks, created_date)
     values ($1, $2, $3, $4, $5, $6, $7) returning *`,
    [randomUUID(), input.siteId, input.name, input.issuer, input.audience, JSON.stringify(input.jwks), now],
  )
  if (!row) throw new Error('the identity-provider connection was not stored')
  return toConnection(row)
}

/** The site's enabled connections, oldest first. */
export async function listIdpConnections(db: Db, siteId: string): Promise<IdpConnection[]> {
  const rows = await db.query<ConnectionRow>(
    'select * from idp_connections where site_id = $1 and disabled_date is null order by created_date, id',
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
    'select * from idp_connections where id = $1 and site_id = $2 and disabled_date is null',
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
