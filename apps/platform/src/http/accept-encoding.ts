/**
 * Whether an `Accept-Encoding` header accepts gzip (RFC 9110 §12.5.3): `gzip` or `x-gzip`, else `*`, with
 * a non-zero weight.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  let named: boolean | undefined
  let any: boolean | undefined
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim())
    const weight = parameters.find((parameter) => parameter.startsWith('q='))
    const accepted = weight === undefined || Number(weight.slice(2)) > 0
    if (coding === 'gzip' || coding === 'x-gzip') named = named === undefined ? accepted : named && accepted
    else if (coding === '*') any = accepted
  }
  return named ?? any ?? false
}
