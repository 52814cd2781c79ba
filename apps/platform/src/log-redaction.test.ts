import { describe, expect, it } from 'vitest'
import { createLogger } from './log.ts'
import { isSecretName, REDACTED, redactFields, redactText } from './log-redaction.ts'

describe('fields named like a secret', () => {
  it('are replaced whatever they hold, at any depth, and in Headers', () => {
    const headers = new Headers({
      authorization: 'Bearer abc',
      cookie: 'aisle_owner=xyz',
      accept: 'text/html',
    })
    expect(
      redactFields({
        authorization: 'anything',
        headers,
        body: {
          password: 'hunter2hunter2',
          refreshToken: 'r',
          nested: [{ apiKey: 'k', client_secret: 's' }],
        },
        'set-cookie': 'session=1',
        card: { number: '4242424242424242', cvc: '123' },
        cardLast4: '4242',
      }),
    ).toEqual({
      authorization: REDACTED,
      headers: { authorization: REDACTED, cookie: REDACTED, accept: 'text/html' },
      body: {
        password: REDACTED,
        refreshToken: REDACTED,
        nested: [{ apiKey: REDACTED, client_secret: REDACTED }],
      },
      'set-cookie': REDACTED,
      card: REDACTED,
      cardLast4: '4242',
    })
  })

  it('are told apart from names that only look close: a storage key, a request id, a token count', () => {
    for (const name of [
      'accessToken',
      'access_token',
      'x-api-key',
      'DB_PASSWORD',
      'privateKey',
      'cvv',
      'sessionId',
    ])
      expect(isSecretName(name), name).toBe(true)
    for (const name of ['key', 'requestId', 'path', 'method', 'durationMs', 'cardBrand', 'email', 'keyId'])
      expect(isSecretName(name), name).toBe(false)
  })
})

describe('credential shapes in text', () => {
  it.each([
    ['Authorization: Bearer eyJhbGciOi.abc.def failed', `Authorization: Bearer ${REDACTED} failed`],
    ['basic dXNlcjpwYXNz sent', `basic ${REDACTED} sent`],
    ['key aisle_key_AbC-123_x revoked', `key aisle_key_${REDACTED} revoked`],
    ['connect postgres://aisle:s3cret@db:5432/aisle', `connect postgres://aisle:${REDACTED}@db:5432/aisle`],
    [
      'GET /_auth/verify-email?token=abc123&next=/ 302',
      `GET /_auth/verify-email?token=${REDACTED}&next=/ 302`,
    ],
    [
      'https://s3/b/k?X-Amz-Credential=AK%2F1&X-Amz-Signature=ff00',
      `https://s3/b/k?X-Amz-Credential=${REDACTED}&X-Amz-Signature=${REDACTED}`,
    ],
    ['id token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', `id token ${REDACTED}`],
    ['card 4242 4242 4242 4242 declined', 'card [redacted card number] declined'],
    ['card 4000-0000-0000-0002', 'card [redacted card number]'],
  ])('%s', (text, expected) => {
    expect(redactText(text)).toBe(expected)
  })

  it('leaves numbers that are no card alone: ids, timestamps, amounts', () => {
    const text = 'order 10042 at 1764234000000, 4242424242424241 units, total 12999'
    expect(redactText(text)).toBe(text)
  })

  it('are cut from messages, error messages and stacks the logger writes', () => {
    const lines: string[] = []
    const logger = createLogger('info', (line) => lines.push(line))
    const error = new Error('login failed for postgres://app:pa55word@db/aisle with Bearer tok3n')
    logger.error('failed with Bearer tok3n', { error, url: 'http://x/cb?code=c0de' })
    const written = lines.join('')
    expect(written).not.toMatch(/pa55word|tok3n|c0de/)
    expect(JSON.parse(written).error.stack).toContain(`postgres://app:${REDACTED}@db/aisle`)
  })

  it('cut Stripe secret keys and webhook signing secrets from any text (decision 061)', () => {
    const lines: string[] = []
    const logger = createLogger('info', (line) => lines.push(line))
    const error = new Error('Stripe refused sk_live_51AbCdEfGh0123 and whsec_Zy9+x/8=w_-7')
    logger.error('with rk_test_51Restricted99 set', { error, settings: 'sk_test_51Key0 whsec_abc' })
    const written = lines.join('')
    expect(written).not.toMatch(/51AbCdEfGh0123|Zy9|51Restricted99|51Key0|whsec_abc/)
    expect(written).toContain(`sk_live_${REDACTED}`)
    expect(written).toContain(`whsec_${REDACTED}`)
  })
})
