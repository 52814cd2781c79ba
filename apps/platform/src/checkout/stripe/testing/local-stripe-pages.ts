/** What the pages show of a Checkout Session (the local Stripe's `CheckoutSession`). */
interface CheckoutSession {
  id: string
  amount_total: number
  currency: string
  cancel_url: string | null
}

// The local Stripe's hosted page: a card form as Stripe Checkout draws one, in plain HTML (it stands for
// Stripe's own site, so it shares nothing with the platform's pages).

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? '',
  )
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1f36;background:#f6f9fc}
main{display:grid;gap:24px;max-width:920px;margin:0 auto;padding:24px 16px}
@media(min-width:800px){main{grid-template-columns:1fr 1fr;padding:64px 24px;gap:64px}}
.summary p{margin:0;color:#697386}
.amount{font-size:36px;font-weight:600;margin:4px 0 0}
.test{display:inline-block;background:#ffde92;color:#8d4b00;border-radius:4px;padding:0 6px;font-size:12px;font-weight:600;text-transform:uppercase}
form,.panel{background:#fff;border-radius:8px;box-shadow:0 2px 5px rgba(60,66,87,.12),0 1px 1px rgba(0,0,0,.08);padding:24px;display:grid;gap:16px}
label{display:grid;gap:6px;font-size:14px;color:#3c4257;font-weight:500}
input{font:inherit;padding:10px 12px;border:1px solid #d5dbe1;border-radius:6px;width:100%}
input:focus{outline:2px solid #635bff;outline-offset:0}
button{font:inherit;font-weight:600;border:0;border-radius:6px;padding:12px;background:#635bff;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#3c4257;border:1px solid #d5dbe1}
.error{color:#df1b41;margin:0;font-size:14px}
.hint{color:#697386;font-size:13px;margin:0}
a{color:#635bff}
h1{font-size:20px;margin:0}
.panel form{box-shadow:none;padding:0}
`

function document(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
}

/** The amount as Stripe Checkout shows it: `€24.90`. */
function money(session: CheckoutSession): string {
  const currency = session.currency.toUpperCase()
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(
    session.amount_total / 10 ** (digits ?? 2),
  )
}

function summary(session: CheckoutSession): string {
  const back = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">← Back to the shop</a>` : ''
  return `<section class="summary">${back}<p>Pay <span class="test">Test mode</span></p><p class="amount">${escapeHtml(money(session))}</p></section>`
}

/** The card form; `error` is Stripe's words for the last attempt (a decline). */
export function cardPage(session: CheckoutSession, options: { error?: string | undefined }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''
  return document(
    'Pay · local Stripe',
    `<main>${summary(session)}<form method="post" action="/pay/${escapeHtml(session.id)}" aria-label="Pay with card">
<h1>Pay with card</h1>
<label>Card number<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required></label>
<label>Expiry (MM / YY)<input name="cardExpiry" autocomplete="cc-exp" placeholder="MM / YY" value="12 / 34"></label>
<label>CVC<input name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="123"></label>
${error}
<button type="submit">Pay ${escapeHtml(money(session))}</button>
<p class="hint">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for 3-D Secure approval.</p>
</form></main>`,
  )
}

/** The 3-D Secure step: the bank's approval, which the shopper completes or fails. */
export function authenticationPage(session: CheckoutSession): string {
  const action = `/pay/${escapeHtml(session.id)}/authenticate`
  return document(
    '3-D Secure · local Stripe',
    `<main>${summary(session)}<section class="panel"><h1>3D Secure 2 test page</h1>
<p class="hint">Your bank asks you to approve this payment of ${escapeHtml(money(session))}.</p>
<form method="post" action="${action}"><input type="hidden" name="decision" value="approve"><button type="submit">Complete authentication</button></form>
<form method="post" action="${action}"><input type="hidden" name="decision" value="fail"><button type="submit" class="secondary">Fail authentication</button></form>
</section></main>`,
  )
}

export function messagePage(title: string, text: string): string {
  return document(
    title,
    `<main><section class="panel"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></section></main>`,
  )
}
