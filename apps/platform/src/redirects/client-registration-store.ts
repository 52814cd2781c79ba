import type { Db } from '../db/db.ts'

/**
 * Appends to the site's OAuth client `clientId` the URIs it does not hold yet, in the order given,
 * keeping the ones it has. Answers the client's URIs afterwards, or undefined when the site has no such
 * client. One statement, so two starts at once add each URI once.
 */
export async function appendClientReturnUris(
  db: Db,
  siteId: string,
  clientId: string,
  uris: { redirectUris: readonly string[]; postLogoutRedirectUris: readonly string[] },
): Promise<{ redirectUris: string[]; postLogoutRedirectUris: string[] } | undefined> {
  const [row] = await db.query<{ redirect_uris: string[]; post_logout_redirect_uris: string[] }>(
    `update oauth_clients set
       redirect_uris = redirect_uris || array(
         select u from unnest($3::text[]) with ordinality as given(u, n) where u <> all(redirect_uris) order by n),
       post_logout_redirect_uris = post_logout_redirect_uris || array(
         select u from unnest($4::text[]) with ordinality as given(u, n)
         where u <> all(post_logout_redirect_uris) order by n)
     where id = $1 and site_id = $2
     returning redirect_uris, post_logout_redirect_uris`,
    [clientId, siteId, [...uris.redirectUris], [...uris.postLogoutRedirectUris]],
  )
  return row && { redirectUris: row.redirect_uris, postLogoutRedirectUris: row.post_logout_redirect_uris }
}
