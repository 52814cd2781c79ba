import type { ReactElement, ReactNode } from 'react'
import { z } from 'zod'
import { Document } from '../../pages/document.tsx'
import { renderPage } from '../../pages/render-page.tsx'
import type { ShopBrand } from '../../pages/shop-frame.tsx'

/** What a shopper reads when a redirect session's link is spent, expired or unknown. */
export const UNUSABLE_LINK = 'This link has expired or was already used. Go back to the shop and try again.'

/**
 * What the route of every hosted page declares: its tag, no API auth, and an HTML page or a redirect as
 * its answer. Its params and queries have no bounds: a bad value gets the hosted page from the handler,
 * not a JSON error.
 */
export const HOSTED_PAGE_ROUTE = {
  tag: 'Hosted pages',
  auth: 'none',
  response: z.string().describe('an HTML page, or a redirect'),
} as const
/** The `?session=` of a landing URL: the redirect session's token. */
export const SessionQuery = z.object({ session: z.string().optional() })
/** The `:sessionId` of a page kept open as a visit (`findHostedVisit` checks it). */
export const VisitParams = z.object({ sessionId: z.string() })

/** A link back to the client's site (a checked callback URL). */
export interface ReturnLink {
  label: string
  href: string
}

/**
 * Renders a hosted page of a redirect session with the page infrastructure's headers (CSP nonce, no
 * framing, no caching) and no `Referer` onwards: the landing URLs hold session tokens.
 */
export function renderRedirectPage(
  element: ReactElement,
  options: {
    status?: number
    setCookies?: readonly string[]
    imageOrigins?: readonly string[]
    /** The shop's header, colours and way back (`sessionBrandOf`). */
    brand?: ShopBrand | undefined
  } = {},
): Response {
  const response = renderPage(element, {
    status: options.status ?? 200,
    imageOrigins: options.imageOrigins,
    brand: options.brand,
    headers: { 'referrer-policy': 'no-referrer' },
  })
  for (const cookie of options.setCookies ?? []) response.headers.append('set-cookie', cookie)
  return response
}

/** A redirect from a hosted page: uncacheable, unframeable, sending no `Referer` onwards. */
export function redirectFromHostedPage(
  location: string,
  status: 302 | 303,
  setCookies: readonly string[] = [],
): Response {
  const headers = new Headers({
    location,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'content-security-policy': "frame-ancestors 'none'",
  })
  for (const cookie of setCookies) headers.append('set-cookie', cookie)
  return new Response(null, { status, headers })
}

/** The ways back to the shop, as links (nothing when the session named none). */
export function ReturnLinks(props: { links: readonly (ReturnLink | undefined)[] }) {
  const links = props.links.filter((link): link is ReturnLink => link !== undefined)
  if (links.length === 0) return null
  return (
    <nav className="actions" aria-label="Back to the shop">
      {links.map((link, index) => (
        <a key={link.label} className={index === 0 ? 'button primary' : 'button'} href={link.href}>
          {link.label}
        </a>
      ))}
    </nav>
  )
}

/** A hosted page that says something and offers the way back. */
export function RedirectMessagePage(props: {
  title: string
  children: ReactNode
  links?: readonly (ReturnLink | undefined)[]
}) {
  return (
    <Document title={props.title}>
      <main className="narrow">
        <h1>{props.title}</h1>
        {props.children}
        <ReturnLinks links={props.links ?? []} />
      </main>
    </Document>
  )
}

/**
 * The page of a spent, expired or unknown session link: a page, never a redirect; in its shop's brand with
 * "Back to <shop>" when the link names one (`brandOfSessionToken`, decision 100).
 */
export function renderUnusableLink(brand?: ShopBrand): Response {
  return renderRedirectPage(
    <RedirectMessagePage title="This link cannot be used">
      <p>{UNUSABLE_LINK}</p>
    </RedirectMessagePage>,
    { status: 400, brand },
  )
}

/** The page of a visit that has ended, or of a browser that never opened it. */
export function renderVisitEnded(): Response {
  return renderRedirectPage(
    <RedirectMessagePage title="This page is no longer open">
      <p>
        This page stays open for an hour in the browser that opened it. Go back to the shop and open it again.
      </p>
    </RedirectMessagePage>,
    { status: 400 },
  )
}

/** The page of a form that came from another site or without its token. */
export function renderFormRefused(): Response {
  return renderRedirectPage(
    <RedirectMessagePage title="Form refused">
      <p>The form expired or came from another site. Reload the page and try again.</p>
    </RedirectMessagePage>,
    { status: 403 },
  )
}

/** A link back to `href` when there is one. */
export function returnLink(label: string, href: string | undefined): ReturnLink | undefined {
  return href ? { label, href } : undefined
}
