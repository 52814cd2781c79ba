import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toPatchSchema } from './patch-schema.ts'

describe('toPatchSchema', () => {
  const Input = z.object({
    name: z.string().min(1),
    note: z.string().default(''),
    count: z.number().default(1),
  })
  const Patch = toPatchSchema(Input)

  it('leaves out what the caller left out, defaults included', () => {
    expect(Patch.parse({ name: 'x' })).toEqual({ name: 'x' })
    expect(Patch.parse({})).toEqual({})
  })

  it('still checks the fields that are there', () => {
    expect(Patch.safeParse({ name: '' }).success).toBe(false)
    expect(Patch.safeParse({ count: 'many' }).success).toBe(false)
  })
})
