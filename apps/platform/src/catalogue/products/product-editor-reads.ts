import type { Db } from '../../db/db.ts'
import type { MerchantCaller } from '../../http/caller.ts'
import { findSiteMediaFiles } from '../../media/media-file-store.ts'
import { toWireImage } from '../../media/media-wire.ts'
import { formatMoney, toMinor } from '../../money/money.ts'
import { convertMinor } from '../../sites/display-currencies/display-currencies.ts'
import { listDisplayCurrencies } from '../../sites/display-currencies/display-currency-store.ts'

/** An image or video the editor lists: its id, a small picture of it (a video's poster's, if any) and its name. */
export interface EditorImage {
  id: string
  thumbnailUrl: string
  title: string
  /** `'video'` for a video, which needs a poster among the images (decision 052). */
  mediaType?: 'video'
}

/**
 * The uploads of the site among these ids, in their order, as the editor lists them: images uploaded
 * for a product whose save was refused are shown again. Ids of no upload of the site are left out.
 */
export async function findEditorImages(
  deps: { db: Db; publicUrl: string },
  caller: MerchantCaller,
  ids: readonly string[],
): Promise<EditorImage[]> {
  if (ids.length === 0) return []
  const files = await findSiteMediaFiles(deps.db, caller.siteId, ids)
  return ids.flatMap((id) => {
    const file = files.get(id)
    if (!file) return []
    const title = file.fileName ?? ''
    if (file.contentType.startsWith('video/'))
      return [{ id, thumbnailUrl: '', title, mediaType: 'video' as const }]
    const { thumbnail } = toWireImage({ ...file, altText: '' }, deps.publicUrl)
    return [{ id, thumbnailUrl: thumbnail.url, title }]
  })
}

/** A product's price in one of the display currencies the merchant offers, at the store's rate. */
export interface DisplayPrice {
  currency: string
  rate: number
  price: string
  discountedPrice: string
}

/**
 * A price (in the store's currency, major units) in each display currency the site offers, converted
 * at the store's rates as shoppers see it: read-only, since the rate sets it, not the product.
 */
export async function findDisplayPrices(
  db: Db,
  caller: MerchantCaller,
  price: { price: number; discountedPrice: number },
): Promise<DisplayPrice[]> {
  const { site } = caller
  const currencies = await listDisplayCurrencies(db, site.id)
  const list = toMinor(price.price, site.currency)
  const discounted = toMinor(price.discountedPrice, site.currency)
  return currencies.map((display) => ({
    currency: display.currency,
    rate: display.rate,
    price: formatMoney(convertMinor(list, site.currency, display), display.currency, site.locale),
    discountedPrice: formatMoney(
      convertMinor(discounted, site.currency, display),
      display.currency,
      site.locale,
    ),
  }))
}
