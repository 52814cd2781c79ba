import { createContext, use } from 'react'

/**
 * What a shop's hosted pages wear (decision 087): its name and logo in a header, its colours, and the way
 * back to it. Loaded by `loadShopBrand`; a page without one is the platform's own (the API reference, the
 * local inbox).
 */
export interface ShopBrand {
  name: string
  /** The header's background, `#rrggbb`, checked for white text (`updateShopDetails`). */
  brandColour: string
  /** Primary buttons and links, `#rrggbb`, checked for white text and so readable on white too. */
  accentColour: string
  /** The shop's logo, shown beside its name; undefined when it has none. */
  logo?: { url: string; width: number; height: number } | undefined
  /**
   * Where "Back to <shop>" leads: the origin of a URL checked against the shop's registered origins when
   * its session was made (a redirect session's callback, an OAuth client's redirect URI), never a URL from
   * the page's own query. Undefined leaves the link out.
   */
  homeUrl?: string | undefined
}

/** The brand of the shop the page being rendered belongs to; undefined for the platform's own pages. */
export const ShopBrandContext = createContext<ShopBrand | undefined>(undefined)

/** The brand of the page being rendered, if it is a shop's. */
export function useShopBrand(): ShopBrand | undefined {
  return use(ShopBrandContext)
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i

/**
 * The brand's colours as the style sheet's variables: only `#rrggbb` reaches the style element (the
 * database and `updateShopDetails` check them too), so a stored value can never close the rule.
 */
export function shopBrandStyle(brand: ShopBrand): string {
  const header = HEX_COLOUR.test(brand.brandColour) ? brand.brandColour : '#24292f'
  const accent = HEX_COLOUR.test(brand.accentColour) ? brand.accentColour : '#0969da'
  return `:root{--brand:${header};--accent:${accent}}`
}

/**
 * The one header of every hosted page of a shop: its logo and name, and "Back to <shop>" when its home is
 * known. Drawn by `Document` when the page is rendered with a brand, so no page draws its own.
 */
export function ShopFrameHeader(props: { brand: ShopBrand }) {
  const { brand } = props
  return (
    <header className="shop-frame">
      <div className="shop-frame-inner">
        <span className="shop-frame-name">
          {brand.logo ? (
            <img
              className="shop-frame-logo"
              src={brand.logo.url}
              alt=""
              width={brand.logo.width}
              height={brand.logo.height}
            />
          ) : null}
          <span>{brand.name}</span>
        </span>
        {brand.homeUrl ? (
          <a className="shop-frame-back" href={brand.homeUrl}>
            <span aria-hidden="true">← </span>Back to {brand.name}
          </a>
        ) : null}
      </div>
    </header>
  )
}
