import { describe, expect, it } from 'vitest'
import { isReplicaReadRequest, isWriteSeenByReplicaReads, toCallerKey } from './read-routing.ts'

describe('isReplicaReadRequest', () => {
  it.each([
    ['GET', '/stores/v1/products/query-platformized'],
    ['GET', '/stores/v1/products/0b7c3f5e-2a4d-4c1b-9e8f-1a2b3c4d5e6f'],
    ['GET', '/stores/v2/collections/slug/shoes'],
    ['GET', '/stores/v1/variants/query'],
    ['GET', '/stores-reader/v1/products/query-platformized'],
    ['GET', '/v2/collections/slug/shoes'],
    ['HEAD', '/media/0b7c3f5e-2a4d-4c1b-9e8f-1a2b3c4d5e6f/400w.webp'],
  ])('lets a replica answer %s %s', (method, path) => {
    expect(isReplicaReadRequest(method, path)).toBe(true)
  })

  it.each([
    ['GET', '/ecom/v1/carts/current'],
    ['GET', '/ecom/v1/orders'],
    ['GET', '/identity/v1/members/me'],
    ['GET', '/dashboard/products'],
    ['GET', '/health'],
    ['GET', '/storesfront'],
    ['POST', '/stores/v1/products/query-platformized'],
    ['PATCH', '/stores/v1/products/0b7c3f5e-2a4d-4c1b-9e8f-1a2b3c4d5e6f'],
    ['OPTIONS', '/stores/v1/products/query-platformized'],
  ])('sends %s %s to the primary', (method, path) => {
    expect(isReplicaReadRequest(method, path)).toBe(false)
  })
})

describe('toCallerKey', () => {
  it('is the same for a credential with or without the Bearer prefix, and never the credential', () => {
    const key = toCallerKey('token-123')
    expect(toCallerKey('Bearer token-123')).toBe(key)
    expect(toCallerKey('bearer   token-123 ')).toBe(key)
    expect(key).not.toContain('token-123')
    expect(toCallerKey('token-124')).not.toBe(key)
  })

  it('is none without a credential', () => {
    expect(toCallerKey(null)).toBeUndefined()
    expect(toCallerKey('')).toBeUndefined()
    expect(toCallerKey('Bearer ')).toBeUndefined()
  })
})

describe('isWriteSeenByReplicaReads', () => {
  it.each([
    // A shopper's own rows: no catalogue or media read shows them.
    ['insert into carts (id) values ($1) on conflict (id) do update set updated_date = $2', false],
    [
      'with gone as (delete from cart_line_items where cart_id = $1) insert into cart_line_items (id) values ($2)',
      false,
    ],
    ['update checkouts set email = $2 where id = $1', false],
    [
      'with c as (update carts set updated_date = $2 where id = $1 returning id) insert into events (id) select id from c',
      false,
    ],
    // The catalogue, tokens, sites and anything unknown are seen.
    ['update products set name = $2 where id = $1', true],
    ['with c as (update carts set x = 1 returning id) update product_variants set quantity = 0', true],
    ['insert into oauth_tokens (id) values ($1)', true],
    ['delete from oauth_tokens where id = $1', true],
    ['update sites set name = $2 where id = $1', true],
    ['update "products" set name = $2', true],
    ['select pg_advisory_xact_lock($1)', true],
    // A lock is no write of its table.
    ['select * from carts where id = $1 for update', true],
    ['update carts set x = 1 where id = (select id from sites where id = $1 for no key update)', false],
  ])('%s: %s', (sql, expected) => {
    expect(isWriteSeenByReplicaReads(sql)).toBe(expected)
  })
})
