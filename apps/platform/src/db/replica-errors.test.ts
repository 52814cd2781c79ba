import { describe, expect, it } from 'vitest'
import { isReplicaFallbackError } from './replica-errors.ts'

function withCode(code: string, message = 'failed') {
  return Object.assign(new Error(message), { code })
}

describe('isReplicaFallbackError', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a server shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['a connection exception', withCode('08006')],
    ['a write on a standby', withCode('25006', 'cannot execute INSERT in a read-only transaction')],
    ['a conflict with recovery', withCode('40001', 'canceling statement due to conflict with recovery')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
  ])('asks the primary after %s', (_, error) => {
    expect(isReplicaFallbackError(error)).toBe(true)
  })

  it.each([
    ['a syntax error', withCode('42601')],
    ['a unique violation', withCode('23505')],
    ['an invalid input', withCode('22P02')],
    ['a plain error', new Error('boom')],
    ['a thrown string', 'ECONNREFUSED'],
  ])('rethrows %s', (_, error) => {
    expect(isReplicaFallbackError(error)).toBe(false)
  })
})
