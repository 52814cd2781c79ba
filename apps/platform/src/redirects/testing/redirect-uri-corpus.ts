/** SECURITY.md's test catalogue, "redirect_uri exact match", against `https://good.com/callback`. */
export const REGISTERED = 'https://good.com/callback'
export const REDIRECT_URI_CORPUS = [
  ['a trailing slash', 'https://good.com/callback/'],
  ['a case change in the path', 'https://good.com/Callback'],
  ['a case change in the host', 'https://GOOD.com/callback'],
  ['an extra query parameter', 'https://good.com/callback?next=1'],
  ['a fragment', 'https://good.com/callback#frag'],
  ['http instead of https', 'http://good.com/callback'],
  ['another port', 'https://good.com:8443/callback'],
  ['a suffix domain', 'https://good.com.evil.com/callback'],
  ['user info', 'https://good.com@evil.com/callback'],
  ['a scheme-relative URL', '//evil.com/callback'],
  ['a backslash path', '/\\evil.com'],
  ['an encoded traversal', 'https://good.com/callback%2F..%2F'],
  ['a javascript: URL', 'javascript:alert(1)//https://good.com/callback'],
  ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['a relative path', '/callback'],
  ['the empty string', ''],
] as const
