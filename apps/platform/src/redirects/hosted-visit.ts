import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { Db } from '../db/db.ts'
import type { AppEnv } from '../http/api.ts'
import { isUuid } from '../http/validation.ts'
import { isCrossSiteRequest, isCsrfTokenValid } from '../pages/csrf.ts'
import { type FormFields, readForm } from '../pages/form-fields.ts'
import {
  redirectFromHostedPage,
  renderFormRefused,
  renderUnusableLink,
  renderVisitEnded,
} from './hosted/hosted-redirect-pages.tsx'
import { brandOfSessionToken } from './hosted/redirect-session-brand.ts'
import {
  findRedirectSession,
  findVisitedSession,
  HOSTED_VISIT_TTL_SECONDS,
  type RedirectKind,
  type RedirectSession,
  spendRedirectSession,
  spendRedirectSessionForVisit,
} from './redirect-session-store.ts'

/** A page kept open after its session was spent: the session and the token its forms carry. */
export interface HostedVisit {
  session: RedirectSession
  /** The synchroniser token of the page's forms, derived from the visit cookie (which the page never shows). */
  csrfToken: string
}

/** One cookie per visit, so two open pages of one browser keep their own. */
function visitCookieName(sessionId: string): string {
  return `aisle_visit_${sessionId.replaceAll('-', '')}`
}

function isHttps(c: Context<AppEnv>, publicUrl: string): boolean {
  return new URL(c.req.url).protocol === 'https:' || publicUrl.startsWith('https:')
}

function csrfTokenOf(visitToken: string): string {
  return createHash('sha256').update(`aisle-visit-form:${visitToken}`).digest('base64url')
}

/** The live session of one of `kinds` that a landing URL's `session` parameter names, if any. */
export async function findLandingSession(
  db: Db,
  token: string | undefined,
  kinds: readonly RedirectKind[],
  now: Date,
): Promise<RedirectSession | undefined> {
  const session = token ? await findRedirectSession(db, token, now) : undefined
  return session && kinds.includes(session.kind) ? session : undefined
}

/**
 * Lands a session on a page that stays open: spends the session, gives the browser the visit cookie
 * (HttpOnly; SameSite=Lax so the top-level arrival from the shop carries it; only that page's path) and
 * sends it on to the page, whose URL holds no token. `undefined` when the session was spent meanwhile.
 */
export async function openHostedVisit(
  c: Context<AppEnv>,
  deps: { db: Db; publicUrl: string; now: Date },
  session: RedirectSession,
  pagePath: string,
): Promise<Response | undefined> {
  const visitToken = await spendRedirectSessionForVisit(deps.db, session.id, deps.now)
  if (!visitToken) return undefined
  const secure = isHttps(c, deps.publicUrl) ? '; Secure' : ''
  const cookie = `${visitCookieName(session.id)}=${visitToken}; Path=${pagePath}; Max-Age=${HOSTED_VISIT_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`
  return redirectFromHostedPage(pagePath, 303, [cookie])
}

/**
 * The landing of a session whose page stays open (a checkout of plans, bookings or tickets, a product
 * page): the live session of one of `kinds` that the landing URL's `session` parameter names, spent and
 * opened as a visit of its page (`pagePathOf`); an unknown, spent or expired session, or one of another
 * kind, gets the unusable-link page.
 */
export async function landHostedSession(
  c: Context<AppEnv>,
  deps: { db: Db; publicUrl: string; now: Date },
  token: string | undefined,
  kinds: readonly RedirectKind[],
  pagePathOf: (sessionId: string) => string,
): Promise<Response> {
  const session = await findLandingSession(deps.db, token, kinds, deps.now)
  if (!session) return unusableLink(deps, token)
  return (await openHostedVisit(c, deps, session, pagePathOf(session.id))) ?? unusableLink(deps, token)
}

/** The unusable-link page in the brand of the shop its token names, spent or expired too (decision 100). */
async function unusableLink(
  deps: { db: Db; publicUrl: string },
  token: string | undefined,
): Promise<Response> {
  return renderUnusableLink((await brandOfSessionToken(deps.db, token, deps.publicUrl))?.brand)
}

/**
 * The landing of a session only a member may use (the members account): a member's
 * session opens its page (`pagePathOf`) as a visit; a visitor's is spent and answered by `forVisitor`
 * (a page asking them to sign in first). An unknown, spent or expired session gets the unusable-link page.
 */
export async function landMembersOnlySession(
  c: Context<AppEnv>,
  deps: { db: Db; publicUrl: string; now: Date },
  landing: { session: RedirectSession | undefined; token: string | undefined },
  pagePathOf: (sessionId: string) => string,
  forVisitor: (session: RedirectSession) => Promise<Response> | Response,
): Promise<Response> {
  const { session, token } = landing
  if (!session) return unusableLink(deps, token)
  if (session.creator.role === 'member')
    return (await openHostedVisit(c, deps, session, pagePathOf(session.id))) ?? unusableLink(deps, token)
  if (!(await spendRedirectSession(deps.db, session.id, deps.now))) return unusableLink(deps, token)
  return forVisitor(session)
}

/** The visit this request's cookie proves for the session id of the page's path, while it lasts. */
export async function findHostedVisit(
  c: Context<AppEnv>,
  db: Db,
  sessionId: string,
  now: Date,
): Promise<HostedVisit | undefined> {
  if (!isUuid(sessionId)) return undefined
  const visitToken = getCookie(c, visitCookieName(sessionId))
  if (!visitToken) return undefined
  const session = await findVisitedSession(db, sessionId, visitToken, now)
  return session && { session, csrfToken: csrfTokenOf(visitToken) }
}

/**
 * The form of a post to a visited page, when it came from this site's own page with the visit's token
 * (Fetch Metadata or Origin, then the synchroniser token); `undefined` when it is refused.
 */
export async function readVisitForm(
  c: Context<AppEnv>,
  visit: HostedVisit,
  publicUrl: string,
): Promise<FormFields | undefined> {
  if (isCrossSiteRequest(c.req.raw.headers, [new URL(c.req.url).origin, new URL(publicUrl).origin]))
    return undefined
  const form = await readForm(c)
  return isCsrfTokenValid(visit.csrfToken, form.text('csrf')) ? form : undefined
}

/**
 * A post to a visited page (a hosted page's form): its visit and form, or the page that refuses it: the
 * visit ended (no cookie, another session, expired), or the form is not the page's own (`readVisitForm`).
 */
export async function readHostedPost(
  c: Context<AppEnv>,
  deps: { db: Db; publicUrl: string; now: Date },
  sessionId: string,
): Promise<{ visit: HostedVisit; form: FormFields } | Response> {
  const visit = await findHostedVisit(c, deps.db, sessionId, deps.now)
  if (!visit) return renderVisitEnded()
  const form = await readVisitForm(c, visit, deps.publicUrl)
  if (!form) return renderFormRefused()
  return { visit, form }
}
