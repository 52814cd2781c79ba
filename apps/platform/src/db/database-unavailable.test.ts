import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailableError } from './database-unavailable.ts'

function withCode(code: string, message = 'failed') {
  return Object.assign(new Error(message), { code })
}

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a server shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['a connection exception', withCode('08006')],
    ['a server out of connections', withCode('53300', 'sorry, too many clients already')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a pool that could not connect in time', new Error('timeout exceeded when trying to connect')],
    ['a wrapped refusal', new Error('could not save', { cause: withCode('ECONNREFUSED') })],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true)
  })

  it.each([
    ['a syntax error', withCode('42601')],
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a write on a standby', withCode('25006', 'cannot execute INSERT in a read-only transaction')],
    ['an invalid input', withCode('22P02')],
    ['a plain error', new Error('boom')],
    ['a thrown string', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false)
  })
})
