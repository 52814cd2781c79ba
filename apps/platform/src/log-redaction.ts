// What the logger never writes: secrets found by the name of the field that holds them, and the shapes of
// credentials inside any text (messages, error messages and stacks, URLs, request paths).

import { isLuhnValid } from './card-number.ts'

/** What a secret is replaced with. */
export const REDACTED = '[redacted]'

// Words of a field name (`accessToken`, `set-cookie`, `x_api_key` split into words) that mark a secret.
const SECRET_WORDS = new Set([
  'authorization',
  'cookie',
  'cookies',
  'password',
  'passwd',
  'passphrase',
  'secret',
  'secrets',
  'token',
  'tokens',
  'credential',
  'credentials',
  'apikey',
  'card',
  'cardnumber',
  'pan',
  'cvc',
  'cvv',
])
// Two words that make a secret together (`apiKey`, `privateKey`), where `key` alone is a storage key.
const SECRET_PAIRS = [
  ['api', 'key'],
  ['private', 'key'],
  ['access', 'key'],
  ['secret', 'key'],
  ['session', 'id'],
]
// What may be said of a card: its brand and last four digits are not card data to protect.
const CARD_FACTS = new Set(['last4', 'brand'])

const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/** Whether a field of this name holds a secret (`authorization`, `refreshToken`, `DB_PASSWORD`, `apiKey`). */
export function isSecretName(name: string): boolean {
  const words = wordsOf(name)
  if (words.some((word) => CARD_FACTS.has(word))) return false
  if (words.some((word) => SECRET_WORDS.has(word))) return true
  return SECRET_PAIRS.some(([first, second]) =>
    words.some((word, index) => word === first && words[index + 1] === second),
  )
}

const TEXT_RULES: [RegExp, string | ((match: string) => string)][] = [
  // Authorization header values: `Bearer <token>`, `Basic <base64>`.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // Merchant API keys (`sites/api-key-store.ts`).
  [/\baisle_key_[A-Za-z0-9_-]+/g, `aisle_key_${REDACTED}`],
  // Stripe's secret and restricted keys and webhook signing secrets (decision 061).
  [/\b(sk|rk)_(test|live)_[A-Za-z0-9]+/g, `$1_$2_${REDACTED}`],
  [/\bwhsec_[A-Za-z0-9+/=_-]+/g, `whsec_${REDACTED}`],
  // A password in a URL: postgres://aisle:secret@host, smtp://user:pass@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]+@/gi, `$1:${REDACTED}@`],
  // Credentials in a query string (tokens, codes, signed S3 URLs).
  [
    /([?&;](?:access_token|refresh_token|id_token|token|code|code_verifier|client_secret|password|secret|api_key|apikey|key|signature|sig|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&\s#"']+/gi,
    `$1${REDACTED}`,
  ],
  // JSON Web Tokens (ID tokens, signed assertions).
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  // Card numbers: 13 to 19 digits, spaces or dashes between, a card's first digit and a valid Luhn sum.
  [
    /\b[2-6](?:[ -]?\d){12,18}\b/g,
    (match) => (isLuhnValid(match.replace(/\D/g, '')) ? '[redacted card number]' : match),
  ],
]

/** The text with every credential shape in it replaced. */
export function redactText(text: string): string {
  let redacted = text
  for (const [pattern, replacement] of TEXT_RULES) {
    redacted =
      typeof replacement === 'string'
        ? redacted.replace(pattern, replacement)
        : redacted.replace(pattern, replacement)
  }
  return redacted
}

/** An error as a log field: its name, message and stack (and code and cause), redacted like any text. */
function errorFields(error: Error, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const fields: Record<string, unknown> = { name: error.name, message: redactText(error.message) }
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' || typeof code === 'number') fields.code = code
  if (error.stack) fields.stack = redactText(error.stack)
  if (error.cause !== undefined) fields.cause = redactValue(error.cause, seen, depth + 1)
  return fields
}

const MAX_DEPTH = 8

function redactValue(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value)
  if (typeof value !== 'object' || value === null) return value
  if (seen.has(value) || depth > MAX_DEPTH) return '[…]'
  seen.add(value)
  if (value instanceof Error) return errorFields(value, seen, depth)
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Headers) return redactFields(Object.fromEntries(value.entries()), seen, depth + 1)
  if (Array.isArray(value)) return value.map((item) => redactValue(item, seen, depth + 1))
  return redactFields(value as Record<string, unknown>, seen, depth + 1)
}

/**
 * A log record's fields as they may be written: a field named like a secret is replaced whatever it
 * holds, errors become `{ name, message, stack }`, and every text is cleared of credential shapes.
 */
export function redactFields(
  fields: Record<string, unknown>,
  seen: WeakSet<object> = new WeakSet(),
  depth = 0,
): Record<string, unknown> {
  const redacted: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(fields)) {
    redacted[name] = isSecretName(name) ? REDACTED : redactValue(value, seen, depth)
  }
  return redacted
}
