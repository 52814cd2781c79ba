import { describe, expect, it } from 'vitest'
import { isNotificationSigned, signNotification } from './notification-signature.ts'

describe('payment notification signatures', () => {
  const now = new Date('2026-11-26T12:00:00Z')
  const body = '{"type":"payment.updated"}'

  it('accepts its own signature and refuses another secret, another body, an old one or garbage', () => {
    const header = signNotification('secret', body, now)
    expect(isNotificationSigned('secret', body, header, now)).toBe(true)
    expect(isNotificationSigned('other', body, header, now)).toBe(false)
    expect(isNotificationSigned('secret', `${body} `, header, now)).toBe(false)
    expect(isNotificationSigned('secret', body, header, new Date(now.getTime() + 301_000))).toBe(false)
    for (const garbage of [null, '', 't=,v1=', 'v1=zz', `t=1,v1=${'0'.repeat(64)}`, 't=1e3,v1=00'])
      expect(isNotificationSigned('secret', body, garbage, now)).toBe(false)
  })
})
