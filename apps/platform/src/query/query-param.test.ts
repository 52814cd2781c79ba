import { describe, expect, it } from 'vitest'
import { ValidationError } from '../http/errors.ts'
import { parseQueryParam } from './query-request.ts'

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('parseQueryParam', () => {
  const body = { query: { filter: { slug: 'classic-tee' }, paging: { limit: 3, offset: 0 } } }

  it('reads the query from .r, the Wix client’s name for q, as it reads it from q', () => {
    expect(parseQueryParam({ '.r': encode(body) })).toEqual(parseQueryParam({ q: encode(body) }))
    expect(parseQueryParam({ '.r': encode(body) }).query.paging).toEqual({ limit: 3, offset: 0 })
  })

  it('refuses q and .r together, whatever they hold', () => {
    const both = () => parseQueryParam({ q: encode(body), '.r': encode(body) })
    expect(both).toThrow(ValidationError)
    expect(both).toThrow(/\.r/)
  })

  it('names .r in the violation of a malformed .r', () => {
    try {
      parseQueryParam({ '.r': 'not base64url!' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).toBody()).toMatchObject({
        details: { validationError: { fieldViolations: [{ field: '.r', violatedRule: 'FORMAT' }] } },
      })
    }
  })
})
