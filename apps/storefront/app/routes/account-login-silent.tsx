import { data, Link, redirect } from 'react-router'
import { readField } from '../account/account-form-fields'
import { finishHostedLogin, readOAuthCookie, serializeOAuthCookie } from '../account/hosted-login.server'
import { toAccountFormLink, toSafeReturnPath } from '../account/return-to'
import { SILENT_LOGIN_MESSAGES } from '../account/silent-login.server'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { requireSameOriginPost } from '../platform/same-origin'
import { isHttpsRequest } from '../platform/session-cookie'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/account-login-silent'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Sign-in not finished')
}

export function headers(): HeadersInit {
  return { 'Cache-Control': NO_STORE_CACHE_CONTROL }
}

// Only the sign-in pages' scripts post here; a link here just leads to the sign-in page.
export function loader() {
  return redirect('/account/login')
}

// The page brings the code its hidden frame received: checked against the transaction sealed in this
// browser's cookie by the sign-in form's action, then exchanged for member tokens (the platform merges
// the visitor's cart then). The transaction is spent whatever happens: a code is good once.
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOriginPost(request)
  const form = await request.formData()
  const oauthData = readOAuthCookie(request)
  const clear = { 'Set-Cookie': serializeOAuthCookie(undefined, isHttpsRequest(request)) }
  const answered = { code: readField(form, 'code'), state: readField(form, 'state') }
  const failure = await finishHostedLogin(getAisle(context).client, answered, oauthData)
  const returnTo = toSafeReturnPath(oauthData?.originalUri)
  if (!failure) return redirect(returnTo, { headers: clear })
  return data(
    {
      message: SILENT_LOGIN_MESSAGES[failure],
      hostedLoginLink: toAccountFormLink('/account/login/hosted', returnTo),
    },
    { status: failure === 'unavailable' ? 503 : 400, headers: clear },
  )
}

// Shown only to a post that arrived as a plain form: the sign-in pages read the answer themselves.
export default function SilentLoginPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="page-message">
      <h1>We couldn’t sign you in</h1>
      <p>{actionData?.message}</p>
      <p>
        <Link to={actionData?.hostedLoginLink ?? '/account/login/hosted'} reloadDocument>
          Sign in on the shop’s account site
        </Link>
      </p>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </section>
  )
}
