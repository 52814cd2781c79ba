import { redirect } from 'react-router'
import { logoutMember } from '../account/member-login.server'
import { getAisle } from '../platform/aisle.server'
import { requireSameOriginPost, toRequestOrigin } from '../platform/same-origin'
import type { Route } from './+types/account-logout'

// Signing out changes state, so only a post does it; a link here just leads to the account page.
export function loader() {
  return redirect('/account')
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOriginPost(request)
  return redirect(await logoutMember(getAisle(context).client, `${toRequestOrigin(request)}/`))
}
