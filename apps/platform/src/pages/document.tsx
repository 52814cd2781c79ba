import { createContext, type ReactNode, use } from 'react'
import { FAVICON_PATH } from './favicon-routes.ts'
import { PAGE_STYLESHEET_PATH } from './page-stylesheet-routes.ts'
import { ShopFrameHeader, shopBrandStyle, useShopBrand } from './shop-frame.tsx'

/** The CSP nonce of the page being rendered: inline styles and scripts carry it to be allowed. */
export const NonceContext = createContext('')

/** Where the page being rendered names its icon: its shop's (`toShopIconPath`), or the platform's. */
export const IconContext = createContext(FAVICON_PATH)

/** The nonce of the page being rendered, for an inline `<script>` or `<style>`. */
export function useNonce(): string {
  return use(NonceContext)
}

/**
 * The HTML document around every server-rendered page: the style sheet linked at its content-hashed
 * address (kept by browsers and proxies, decision 103), and the page's small scripts (progressive enhancement only: every page works without them) at the end of the body.
 * A shop's page (rendered with a `brand`) wears its colours and opens with its header.
 */
export function Document(props: { title: string; children: ReactNode; scripts?: readonly string[] }) {
  const nonce = useNonce()
  const icon = use(IconContext)
  const brand = useShopBrand()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{props.title}</title>
        {/* A shop's icon may be any picture its owner uploaded; the platform's is SVG. */}
        <link rel="icon" type={icon === FAVICON_PATH ? 'image/svg+xml' : undefined} href={icon} />
        <link rel="stylesheet" href={PAGE_STYLESHEET_PATH} />
        {brand ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: two checked #rrggbb colours in a fixed rule
          <style nonce={nonce} dangerouslySetInnerHTML={{ __html: shopBrandStyle(brand) }} />
        ) : null}
      </head>
      <body>
        {brand ? <ShopFrameHeader brand={brand} /> : null}
        {props.children}
        {props.scripts?.map((script) => (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant scripts, allowed by nonce
          <script key={script} nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
        ))}
      </body>
    </html>
  )
}
