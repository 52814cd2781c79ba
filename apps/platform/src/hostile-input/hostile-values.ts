import { createFuzzObject, type FuzzValue, RawJson } from './json-text.ts'
import type { Random } from './seeded-random.ts'

/**
 * Strings that break naive text handling: lone and reversed surrogates, NUL and other controls,
 * line and paragraph separators (they end a JavaScript string literal), bidi overrides, BOM, joiners,
 * combining marks, case mappings that change length, astral characters, and markup or SQL shapes.
 */
export const UNICODE_EDGE_CASES: readonly string[] = [
  '\ud800',
  '\udfff',
  'a\udc00b\ud800',
  '\u0000',
  'a\u0000b',
  '\u2028\u2029',
  '\u200f\u202eevil\u202c',
  '\u202a\u202b\u202d\u2066\u2067\u2068\u2069',
  '\ufeffbom',
  '\u200b\u200c\u200d\u2060',
  'e\u0301\u0327\u0338',
  'Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319',
  '\u0085\u000b\u000c\r\n\t',
  '\u001b[31mred\u001b[0m',
  '\uffff\ufffe\ufffd',
  '\ue000\uf8ff',
  '𝕏🏳️‍🌈👩‍👩‍👧‍👦',
  'İıßﬁ',
  '＜script＞',
  '<script>alert(1)</script>',
  '"\'><img src=x onerror=alert(1)>',
  "'; drop table products; --",
  `{{7*7}}\${7*7}`,
  '%s%n%x',
  '../../../../etc/passwd',
  '\\',
  '',
  ' ',
]

/** The edge cases a database or a JSON column cannot store as they are: lone surrogates, NUL. */
export const STORAGE_BREAKING_TEXT: readonly string[] = ['\ud800', '\udfff', '\udc00\ud800', '\u0000']

/** The redirect-URI corpus of SECURITY.md's platform test catalogue, and a few SSRF targets. */
export const HOSTILE_URLS: readonly string[] = [
  'http://localhost:3000/callback/',
  'http://localhost:3000/Callback',
  'http://localhost:3000/callback?extra=1',
  'http://localhost:3000/callback#frag',
  'https://localhost:3000/callback',
  'http://localhost:3001/callback',
  'https://good.com.evil.com/',
  'https://good.com@evil.com/',
  '//evil.com',
  '/\\evil.com',
  '%2F..%2F',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::1]:22/',
  'file:///etc/passwd',
  'http://0x7f000001/',
  'https://exa mple.com/',
  'https://例え.テスト/\u202e',
]

/** Number literals JavaScript cannot hold exactly, or at all. */
export const OVERLONG_NUMBERS: readonly string[] = [
  '1e309',
  '-1e309',
  '1e-400',
  '123456789012345678901234567890',
  '9007199254740993',
  '-9223372036854775809',
  '0.1000000000000000055511151231257827',
  `1${'0'.repeat(400)}`,
  `0.${'0'.repeat(400)}1`,
  '-0',
  '1E+2',
  '2.5e-3',
]

/** Strings that look like non-finite numbers (the wire sends NaN and Infinity as strings), and lookalikes. */
export const NUMBER_LOOKALIKES: readonly string[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  'nan',
  'inf',
  '1e1000',
  '0x10',
  ' 1',
  '1_000',
  '1,5',
  '',
]

/** Bodies that are not JSON, or JSON of the wrong kind. */
export const BAD_JSON_TEXTS: readonly string[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '[1,2',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\uDFFF\\uD800"}',
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  '{"a":1,"a":2}',
  '{"a":"\u0001"}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":"\\x41"}',
  '/* comment */ {}',
  '{"a":1} // trailing',
  '\u0000',
  ' ',
  '{"a":"\\',
  '[[[[[[[[[[',
]

/** Query strings a parser must survive. */
export const BAD_QUERY_STRINGS: readonly string[] = [
  '?%',
  '?q=%',
  '?q=%zz',
  '?q=%E0%A4%A',
  '?q=%C0%AF',
  '?q=%ED%A0%80',
  '?q=%00',
  '?&&&==&=&',
  '?q=1&q=2&q=3',
  '?__proto__[x]=1&constructor[prototype][y]=2',
  '?q[]=1&q[a]=2',
  '?q=+%20+',
  '?q=eyJxdWVyeSI6',
  '?q=W10',
  '?q=bnVsbA',
  '?q=====',
  '?;q=1',
  '?q=\u2028',
  '?session=%FF%FE',
  '?%%%%%=%%%%',
]

/** Path segments a router and its parameter parsers must survive (already percent-encoded where needed). */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%00',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  '%5C',
  '%E2%80%A8',
  '%E2%80%AE',
  '%F0%9F%92%A9',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '%20',
  '%3Cscript%3E',
]

/** Authorization values that are not a valid credential in interesting ways. */
export function hostileAuthorizations(random: Random, validTokens: readonly string[]): string[] {
  const token = validTokens.length > 0 ? random.pick(validTokens) : 'x'
  return [
    '',
    'Bearer',
    'Bearer ',
    'Bearer  ',
    `Bearer ${'x'.repeat(random.pick([600, 5_000, 70_000]))}`,
    'Basic dXNlcjpwYXNz',
    'Bearer null',
    `Bearer ${token}x`,
    `${token.slice(0, -1)}`,
    `bearer ${token} ${token}`,
    `aisle_key_${'A'.repeat(43)}`,
    'aisle_key_',
    `Bearer \u00ff\u00fe${token}`,
    `Digest username="x", realm="y"`,
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    `${token},${token}`,
  ]
}

/** A string of `length` characters mixing ASCII, multi-byte characters and surrogate pairs. */
export function hugeString(random: Random, length: number): string {
  const unit = random.pick(['a', 'é', '€', '😀', 'x\u0301', '\u2028'])
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length)
}

/** How long a huge value is: under and over the body limit of 1 MiB. */
export function hugeLength(random: Random): number {
  return random.pick([5_000, 70_000, 300_000, 900_000, 1_100_000])
}

/** An array of many items of one kind. */
export function hugeArray(random: Random): FuzzValue[] {
  const length = random.pick([1_000, 10_000, 100_000])
  const item = random.pick<FuzzValue>([0, 'x', null, createFuzzObject([['quantity', 1]]), []])
  return Array.from({ length }, () => item)
}

/** Arrays or objects nested `depth` deep, as raw text (a recursive writer would overflow first). */
export function deepNesting(random: Random): RawJson {
  const depth = random.pick([65, 100, 1_000, 10_000, 100_000, 400_000])
  if (random.chance(0.5)) return new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)
  return new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)
}

/** Random bytes, often not UTF-8 (overlong forms, lone continuation bytes, encoded surrogates). */
export function randomBytes(random: Random): Uint8Array {
  const prefix = random.pick([
    [0xc0, 0xaf],
    [0xed, 0xa0, 0x80],
    [0x80],
    [0xff, 0xfe],
    [0xef, 0xbb, 0xbf, 0x7b],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [0xff, 0xd8, 0xff],
    [],
  ])
  const rest = Array.from({ length: random.pick([0, 16, 1_000, 50_000]) }, () => random.int(0, 255))
  return Uint8Array.from([...prefix, ...rest])
}
