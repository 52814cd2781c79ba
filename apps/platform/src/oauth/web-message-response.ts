import { randomBytes } from 'node:crypto'

// Characters that could end a script element or an HTML comment in it, or end a line in a JavaScript
// string (U+2028, U+2029): each becomes a \u escape, which JSON and JavaScript read back as the same
// character (node-oidc-provider `web_message.js`, SCRIPT_UNSAFE).
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g

/**
 * `JSON.stringify(value)` safe inside an inline `<script>`: no `</script>`, `<!--` or line terminator
 * can break out, whatever strings the value holds.
 *
 * @see SECURITY.md W5
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    SCRIPT_UNSAFE,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** An authorization response: a code and its state, or an error (`login_required`...) and the state. */
export type AuthorizationResponseParams = Readonly<Record<string, string>>

/**
 * The `web_message` response mode's page: a script that posts
 * `{ type: 'authorization_response', response }` to the window that framed (or opened) it, with the
 * response's parameters (`code`, `state` or `error`...) at the top level too, where the spec's client
 * reads `state` (section 2; the Wix client does, decision 032), addressed to
 * the exact origin of the registered redirect URI and never to `*`, so no other page can read it
 * (SECURITY.md W1). The payload is escaped for the script context (W5) and the script allowed by nonce
 * only. It is the one page of the platform that may be framed, and only by that origin (W6); it shows
 * nothing and sends no `Referer`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.18
 */
export function renderWebMessageResponse(
  redirectUri: string,
  response: AuthorizationResponseParams,
): Response {
  const origin = new URL(redirectUri).origin
  const nonce = randomBytes(16).toString('base64')
  const payload = toScriptJson({ ...response, type: 'authorization_response', response })
  const script = `(function () {
  var target = window.opener || window.parent;
  if (target === window) return;
  target.postMessage(${payload}, ${toScriptJson(origin)});
})();`
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Signing in</title></head><body><script nonce="${nonce}">${script}</script></body></html>`
  return new Response(html, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        `frame-ancestors ${origin}`,
        "base-uri 'none'",
        "form-action 'none'",
      ].join('; '),
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'referrer-policy': 'no-referrer',
    },
  })
}
