import type { ByteRange } from './media-storage.ts'

/**
 * The one byte range a `Range` header asks of an object of `size` bytes (RFC 9110, section 14): `bytes=a-b`,
 * `bytes=a-` or the last n bytes `bytes=-n`, its end cut to the object's. `undefined` when the whole object
 * is answered instead: no header, one the server may ignore (another unit, a malformed one, several
 * ranges); `'unsatisfiable'` when every byte asked for lies past the end (answered 416).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim())
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '') {
    if (last === '') return undefined
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}
