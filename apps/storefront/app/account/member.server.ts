import {
  type Identity,
  isAisleError,
  type ListMyOrdersOptions,
  type ListMyOrdersResponse,
  type Membership,
  type Order,
} from '@aisle/sdk'
import type { AisleClient } from '../platform/aisle.server'

/**
 * The name a member is greeted with: their nickname, else their first and last names, else the part of
 * their e-mail before the `@`; undefined when the identity has none of them.
 */
export function toMemberName(identity: Identity): string | undefined {
  const profile = identity.identityProfile
  const full = [profile?.firstName, profile?.lastName].filter((part) => part?.trim()).join(' ')
  const name = profile?.nickname?.trim() || full.trim() || identity.email?.address?.split('@')[0]
  return name || undefined
}

/** Answers undefined instead of an Aisle error: what the page can show without it, it shows. */
async function orUndefined<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call()
  } catch (error) {
    if (isAisleError(error)) return undefined
    throw error
  }
}

/** The signed-in member's identity, read with their tokens; undefined for a visitor or when unreachable. */
export async function findMember(client: AisleClient): Promise<Identity | undefined> {
  if (!(await client.auth.loggedIn())) return undefined
  return orUndefined(() => client.members.getMyMember())
}

/** A page of the shopper's orders (member or visitor), newest first; undefined when they cannot be read now. */
export function findMyOrders(
  client: AisleClient,
  page: ListMyOrdersOptions = { limit: 20 },
): Promise<ListMyOrdersResponse | undefined> {
  return orUndefined(() => client.orders.listMyOrders(page))
}

/** One of the shopper's own orders; undefined when it is not theirs, does not exist or cannot be read. */
export function findMyOrder(client: AisleClient, orderId: string): Promise<Order | undefined> {
  return orUndefined(() => client.orders.getMyOrder(orderId))
}

/** The plans the member holds (sessions left, expiry); undefined when they cannot be read now. */
export async function findMyMemberships(client: AisleClient): Promise<Membership[] | undefined> {
  return (await orUndefined(() => client.memberships.listMyMemberships()))?.memberships
}
