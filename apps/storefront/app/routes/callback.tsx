import { isAisleError } from '@aisle/sdk'
import { data, Link, redirect } from 'react-router'
import {
  finishHostedLogin,
  HOSTED_LOGIN_MESSAGES,
  readOAuthCookie,
  serializeOAuthCookie,
} from '../account/hosted-login.server'
import { toAccountFormLink, toSafeReturnPath } from '../account/return-to'
import { getAisle } from '../platform/aisle.server'
import { NO_STORE_CACHE_CONTROL } from '../platform/cache-control'
import { isHttpsRequest } from '../platform/session-cookie'
import { toPrivatePageMeta } from '../seo/page-meta'
import type { Route } from './+types/callback'

export function meta({ matches }: Route.MetaArgs) {
  return toPrivatePageMeta(matches, 'Sign-in not finished')
}

// The loader's Set-Cookie clears the spent transaction.
export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const headers = new Headers({ 'Cache-Control': NO_STORE_CACHE_CONTROL })
  const cleared = loaderHeaders.get('Set-Cookie')
  if (cleared) headers.set('Set-Cookie', cleared)
  return headers
}

// The platform's hosted login comes back here with `code` and `state` (or `error`) in the query. The
// transaction cookie is spent whatever happens: a code is good once.
export async function loader({ request, context }: Route.LoaderArgs) {
  const oauthData = readOAuthCookie(request)
  const clear = { 'Set-Cookie': serializeOAuthCookie(undefined, isHttpsRequest(request)) }
  const client = getAisle(context).client
  const returnTo = toSafeReturnPath(
    oauthData?.originalUri ?? new URL(request.url).searchParams.get('returnTo'),
  )
  let failure: Awaited<ReturnType<typeof finishHostedLogin>>
  try {
    failure = await finishHostedLogin(client, client.auth.parseFromUrl(request.url, 'query'), oauthData)
  } catch (error) {
    // parseFromUrl refuses a parameter given twice: a tampered link.
    if (!isAisleError(error)) throw error
    failure = 'mismatch'
  }
  if (!failure) return redirect(returnTo, { headers: clear })
  return data(
    { message: HOSTED_LOGIN_MESSAGES[failure], retryLink: toAccountFormLink('/account/login', returnTo) },
    { status: failure === 'unavailable' ? 503 : 400, headers: clear },
  )
}

export default function CallbackPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page-message">
      <h1>We couldn’t sign you in</h1>
      <p>{loaderData.message}</p>
      <p>
        <Link to={loaderData.retryLink}>Try signing in again</Link>
      </p>
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </section>
  )
}
