/**
 * A one-page PDF of text lines (Helvetica, A4), written byte for byte the same every time: the demo
 * digital product's printable file, made here rather than fetched.
 */
export function printablePdf(title: string, lines: readonly string[]): Uint8Array {
  // PDF strings escape backslashes and parentheses; the text is plain ASCII.
  const text = (value: string) => value.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')
  const rows = [
    'BT /F1 24 Tf 56 780 Td',
    `(${text(title)}) Tj`,
    '/F1 12 Tf 0 -36 Td 16 TL',
    ...lines.map((line) => `(${text(line)}) '`),
    'ET',
    // A ruled box to draw in, under the text.
    '0.6 G 56 120 483 460 re S',
    ...Array.from({ length: 22 }, (_, index) => `56 ${140 + index * 20} m 539 ${140 + index * 20} l S`),
  ]
  const content = rows.join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(body)
}
