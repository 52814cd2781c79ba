import { lockCheckout, setCheckoutCallbacks } from '../checkout/checkout-store.ts'
import type { Db } from '../db/db.ts'
import { queryOne } from '../db/db.ts'
import { identityOf, recordEvent } from '../events/event-outbox.ts'
import type { ShopperCaller } from '../http/caller.ts'
import { invalidField } from '../http/errors.ts'
import { hashToken } from '../oauth/opaque-token.ts'
import { assertMayBuyPlan } from '../plans/plan-purchase-limit.ts'
import { findPlan } from '../plans/plan-store.ts'
import { resolveCallbacks, type StoredCallbacks } from './redirect-callbacks.ts'
import { type RedirectKind, redirectKinds } from './redirect-kinds.ts'
import {
  type CallbackUrlField,
  type KindInput,
  kindOf,
  type RedirectSessionInput,
} from './redirect-session-input.ts'
import { createRedirectSession, type StoredAuthorizationRequest } from './redirect-session-store.ts'
import { findClientRegistration, isRegisteredUri } from './redirect-uri.ts'

/** A session as its kind's checks leave it, ready to store. */
interface PreparedSession {
  clientId: string
  kind: RedirectKind
  input: Record<string, unknown>
  callbacks: StoredCallbacks
  memberSessionTokenHash?: string | undefined
}

/** A stored session: its id, its token (for the URL; only the hash is stored) and its kind. */
export interface CreatedRedirectSession {
  id: string
  token: string
  kind: RedirectKind
  expiresAt: Date
}

/** The client `clientId` names, when it belongs to the caller's site. */
async function requireSiteClient(db: Db, caller: ShopperCaller, clientId: string, field: string) {
  const client = await findClientRegistration(db, clientId)
  if (!client || client.siteId !== caller.siteId)
    throw invalidField(field, 'is not an OAuth client of this site', 'VALIDATION')
  return client
}

/**
 * auth: the client of the caller's site, a redirect URI registered for it (exact match; the first
 * registered when none is given) and a PKCE S256 challenge.
 */
async function prepareAuth(
  db: Db,
  caller: ShopperCaller,
  auth: KindInput<'auth'>,
  body: RedirectSessionInput,
): Promise<PreparedSession> {
  const { authRequest, prompt } = auth
  const client = await requireSiteClient(db, caller, authRequest.clientId, 'auth.authRequest.clientId')
  const redirectUri = authRequest.redirectUri ?? client.redirectUris[0]
  if (redirectUri === undefined || !isRegisteredUri(client.redirectUris, redirectUri))
    throw invalidField('auth.authRequest.redirectUri', 'is not a redirect URI registered for the client')
  const input: StoredAuthorizationRequest = {
    redirectUri,
    isRedirectUriGiven: authRequest.redirectUri !== undefined,
    codeChallenge: authRequest.codeChallenge,
    codeChallengeMethod: 'S256',
    responseMode: authRequest.responseMode,
    state: authRequest.state,
    prompt,
  }
  return {
    clientId: client.id,
    kind: 'auth',
    input: { ...input },
    callbacks: resolveCallbacks(client, body.callbacks, body.preferences),
    memberSessionTokenHash: authRequest.sessionToken ? hashToken(authRequest.sessionToken) : undefined,
  }
}

/**
 * ecomCheckout: an open checkout of the caller (made from their own cart), locked until the session is
 * stored; the session's callbacks become the checkout's, so the hosted checkout returns the buyer there.
 */
async function prepareCheckout(
  tx: Db,
  caller: ShopperCaller,
  input: KindInput<'ecomCheckout'>,
  callbacks: StoredCallbacks,
): Promise<Record<string, unknown>> {
  const checkout = await lockCheckout(tx, input.checkoutId)
  const isCallers =
    checkout?.site_id === caller.siteId &&
    checkout.owner_kind === caller.kind &&
    checkout.owner_id === caller.subjectId
  if (!checkout || !isCallers)
    throw invalidField('ecomCheckout.checkoutId', 'names no checkout of the caller', 'VALIDATION')
  if (checkout.status !== 'OPEN')
    throw invalidField(
      'ecomCheckout.checkoutId',
      'names a checkout that is closed (its order was placed, or it was abandoned)',
    )
  const { thankYouPageUrl, postFlowUrl, cartPageUrl } = callbacks
  await setCheckoutCallbacks(tx, checkout.id, { thankYouPageUrl, postFlowUrl, cartPageUrl })
  return { checkoutId: checkout.id }
}

/** storesProduct: a product of the caller's site that shoppers may see, by its slug. */
async function prepareProduct(
  db: Db,
  caller: ShopperCaller,
  input: KindInput<'storesProduct'>,
): Promise<Record<string, unknown>> {
  const product = await queryOne<{ id: string }>(
    db,
    'select id from products where site_id = $1 and slug = $2 and visible',
    [caller.siteId, input.productSlug],
  )
  if (!product) throw invalidField('storesProduct.productSlug', 'names no product of this site')
  return { productSlug: input.productSlug, productId: product.id }
}

/**
 * paidPlansCheckout: a member who bought the plan as many times as one member may is refused now
 * (`PLAN_PURCHASE_LIMIT_REACHED`, decision 051), not on the page the session leads to. A visitor is asked
 * to sign in there; an unknown plan is said to be gone there.
 */
async function preparePlanCheckout(
  db: Db,
  caller: ShopperCaller,
  input: KindInput<'paidPlansCheckout'>,
): Promise<Record<string, unknown>> {
  const plan = caller.kind === 'member' ? await findPlan(db, caller.siteId, input.planId) : undefined
  if (plan) await assertMayBuyPlan(db, plan, caller.subjectId)
  return { ...input }
}

/**
 * The session an input asks for, checked: the client (the caller's own, or the one `logout` names),
 * every callback URL on an origin registered for it (a login's or logout's `postFlowUrl` registered
 * exactly), and the kind's own rules.
 */
async function prepareSession(
  tx: Db,
  caller: ShopperCaller,
  body: RedirectSessionInput,
): Promise<PreparedSession> {
  const kind = kindOf(body)
  if (body.auth) return prepareAuth(tx, caller, body.auth, body)
  const client = body.logout
    ? await requireSiteClient(tx, caller, body.logout.clientId, 'logout.clientId')
    : await requireSiteClient(tx, caller, caller.clientId, kind)
  const exact: CallbackUrlField[] = kind === 'login' || kind === 'logout' ? ['postFlowUrl'] : []
  const callbacks = resolveCallbacks(client, body.callbacks, body.preferences, exact)
  const prepared = { clientId: client.id, kind, callbacks }
  if (body.ecomCheckout)
    return { ...prepared, input: await prepareCheckout(tx, caller, body.ecomCheckout, callbacks) }
  if (body.storesProduct) return { ...prepared, input: await prepareProduct(tx, caller, body.storesProduct) }
  if (body.paidPlansCheckout)
    return { ...prepared, input: await preparePlanCheckout(tx, caller, body.paidPlansCheckout) }
  if (body.membersAccount) {
    const section = body.membersAccount.section ?? body.preferences.membersAccountSection ?? 'ACCOUNT_INFO'
    return { ...prepared, input: { section } }
  }
  return { ...prepared, input: { ...body[kind] } }
}

/**
 * Creates the redirect session an input asks for, in one transaction: the kind's checks, the session
 * (ten minutes, single use), the event "redirect session created" caused by the caller, and for
 * `ecomCheckout` the callbacks on the checkout.
 *
 * @throws ValidationError naming the field that breaks a rule; nothing is stored then.
 */
export async function createRedirectSessionFor(
  db: Db,
  caller: ShopperCaller,
  body: RedirectSessionInput,
  now: Date,
): Promise<CreatedRedirectSession> {
  return db.transaction(async (tx) => {
    const prepared = await prepareSession(tx, caller, body)
    const stored = await createRedirectSession(
      tx,
      {
        ...prepared,
        memberSessionTokenHash: prepared.memberSessionTokenHash,
        siteId: caller.siteId,
        creator: { role: caller.kind, id: caller.subjectId },
        preferences: body.preferences,
      },
      now,
    )
    const payload = {
      id: stored.id,
      kind: prepared.kind,
      locationType: redirectKinds[prepared.kind].locationType,
      clientId: prepared.clientId,
      callbacks: prepared.callbacks,
      createdDate: now.toISOString(),
      expiresAt: stored.expiresAt.toISOString(),
    }
    await recordEvent(
      tx,
      {
        siteId: caller.siteId,
        type: 'redirect_session.created',
        entityId: stored.id,
        payload,
        identity: identityOf(caller),
      },
      now,
    )
    return { ...stored, kind: prepared.kind }
  })
}
