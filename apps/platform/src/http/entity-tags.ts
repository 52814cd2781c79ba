/**
 * Whether an `If-None-Match` header names `etag`, or is `*`. Tags compare weakly (RFC 9110 §8.8.3.2, as it
 * asks for GET and HEAD): `W/"a"` and `"a"` are the same tag, whichever side is weak.
 */
export function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare
  })
}
