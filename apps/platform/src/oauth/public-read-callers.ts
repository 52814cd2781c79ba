import type { Context } from 'hono'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/db.ts'
import type { AppEnv, Authenticate } from '../http/api.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { isApiKey } from '../sites/api-key-store.ts'
import type { Site } from '../sites/site-store.ts'
import { readCredential } from './authenticate.ts'
import { hashToken } from './opaque-token.ts'
import { findAccessToken, type IssuedAccessToken } from './token-store.ts'

/** How long a checked access token is trusted for public reads without asking the database again. */
export const TOKEN_TRUST_MS = 30_000
/** How often the process asks whether a site it remembers has changed. */
export const SITE_POLL_MS = 100
/** Tokens remembered at most; the oldest go first. */
const MAX_TOKENS = 50_000

interface TrustedToken {
  caller: Omit<ShopperCaller, 'site'>
  /** When the token itself expires (epoch ms). */
  expiresAt: number
  /** Until when it is trusted without a new check (epoch ms). */
  trustedUntil: number
}

interface RememberedSite {
  site: Site
  /** The row version (`xmin`) the site was read at: any change to the row changes it. */
  rowVersion: string
}

/**
 * Whether a write statement may change a site's row: it names `sites`, or a catalogue table whose
 * changes bump `sites.catalogue_version` through their triggers (migration 005). Other writes (carts,
 * tokens, events, orders' own rows) leave the remembered sites as they are; a write this misses would
 * still be seen by the next poll.
 */
export function mayChangeSites(sql: string): boolean {
  return /\b(sites|products|product_variants|collections|product_collections)\b/i.test(sql)
}

/**
 * Resolves the callers of public catalogue reads (products, variants, collections: what any visitor of
 * the site may see) mostly without the database, so that a cached catalogue answer costs no statement:
 *
 * - An access token checked in the database is trusted for {@link TOKEN_TRUST_MS} (never past its own
 *   expiry). A token revoked meanwhile can read the public catalogue until then, nothing else: every other
 *   route checks its token in the database on every request.
 * - A site (its currency, locale and catalogue version, which keys the read cache) is remembered with its
 *   row version. Every {@link SITE_POLL_MS} one statement asks for the row versions of the remembered
 *   sites and forgets those that changed, so a change made by another process (or by hand) is seen within
 *   that time; `forgetSites` (called after every write statement of this process that may change a site
 *   row, see {@link mayChangeSites}) makes this process's own changes seen at once. While the poll fails or
 *   falls behind, nothing is remembered.
 * - API keys and in-process callers always go to `authenticate`.
 */
export function createPublicReadCallers(deps: {
  db: Db
  clock: Clock
  authenticate: Authenticate
  pollMs?: number
  /**
   * Whether a request may be answered with what this process remembers (every one by default); one that
   * may not goes to `authenticate`: with read replicas, a read a replica answers (decision 112).
   */
  isTrusting?: (c: Context<AppEnv>) => boolean
}) {
  const { db, clock, authenticate } = deps
  const pollMs = deps.pollMs ?? SITE_POLL_MS
  const tokens = new Map<string, TrustedToken>()
  const sites = new Map<string, RememberedSite>()
  /** When the last poll that answered started (epoch ms); sites are trusted only shortly after it. */
  let lastPollStarted = Number.NEGATIVE_INFINITY
  let polling = false
  /** Bumped by every `forgetSites`: a site read before it is not remembered after it. */
  let generation = 0

  const isPollCurrent = () => clock().getTime() - lastPollStarted < pollMs * 3

  async function poll() {
    if (polling) return
    polling = true
    const started = clock().getTime()
    try {
      const ids = [...sites.keys()]
      if (ids.length > 0) {
        const rows = await db.query<{ id: string; row_version: string }>(
          'select id, xmin::text as row_version from sites where id = any($1::uuid[])',
          [ids],
        )
        const current = new Map(rows.map((row) => [row.id, row.row_version]))
        for (const [id, remembered] of sites) if (current.get(id) !== remembered.rowVersion) sites.delete(id)
      }
      lastPollStarted = started
    } catch {
      // The database is out of reach: remember nothing until a poll answers again.
      lastPollStarted = Number.NEGATIVE_INFINITY
      sites.clear()
    } finally {
      polling = false
    }
  }
  const timer = setInterval(() => void poll(), pollMs)
  timer.unref()

  function remember(hash: string, caller: Omit<ShopperCaller, 'site'>, expiresAt: number) {
    if (tokens.size >= MAX_TOKENS) tokens.delete(tokens.keys().next().value as string)
    tokens.set(hash, { caller, expiresAt, trustedUntil: clock().getTime() + TOKEN_TRUST_MS })
  }

  async function checkToken(hash: string): Promise<ShopperCaller | undefined> {
    const readAt = generation
    const found = await findAccessToken(db, hash, clock())
    if (!found) return undefined
    const { site, ...caller } = found.caller
    remember(hash, caller, found.expiresAt.getTime())
    if (isPollCurrent() && readAt === generation)
      sites.set(site.id, { site, rowVersion: found.siteRowVersion })
    return found.caller
  }

  /** The caller of a public read; the same answers (and 401s) as `authenticate`. */
  async function authenticatePublicRead(c: Context<AppEnv>) {
    const credential = readCredential(c.req.header('authorization'))
    if (!credential || isApiKey(credential) || deps.isTrusting?.(c) === false) return authenticate(c)
    const hash = hashToken(credential)
    const trusted = tokens.get(hash)
    const now = clock().getTime()
    const remembered = trusted && isPollCurrent() ? sites.get(trusted.caller.siteId) : undefined
    let caller: ShopperCaller | undefined
    if (trusted && remembered && now < trusted.trustedUntil && now < trusted.expiresAt)
      caller = { ...trusted.caller, site: remembered.site }
    else caller = await checkToken(hash)
    if (!caller) return authenticate(c) // answers the 401 as every route does
    c.set('corsClientId', caller.clientId)
    return caller
  }

  return {
    authenticate: authenticatePublicRead,
    /**
     * Trusts an access token this process has just issued, as if it had checked it: its site is still read
     * with the first public read that finds it not remembered.
     */
    rememberIssued(access: IssuedAccessToken) {
      remember(access.tokenHash, access.caller, access.expiresAt.getTime())
    },
    /** Forgets every remembered site: this process wrote, and a site's row may have changed. */
    forgetSites() {
      generation += 1
      sites.clear()
    },
    /** Asks now whether the remembered sites changed (the timer does it every `pollMs`). */
    poll,
    /** Stops polling (the process is closing). */
    stop() {
      clearInterval(timer)
    },
  }
}

export type PublicReadCallers = ReturnType<typeof createPublicReadCallers>
