import type { PricePerUnitData } from '../catalogue/products/price-per-unit.ts'
import { choiceCombinations, slugify } from '../catalogue/products/product-input.ts'
import type { ProductMedia, ProductOption } from '../catalogue/products/product-store.ts'
import { hasSiteUsers, saveSiteUser } from '../dashboard/session/site-user-store.ts'
import type { Db } from '../db/db.ts'
import { ApplicationError } from '../http/errors.ts'
import { derivedSizes } from '../media/image-derivatives.ts'
import { applyDiscount } from '../money/money.ts'
import { createArgon2idHasher } from '../passwords/argon2id-hasher.ts'
import type { PasswordHasher } from '../passwords/password-hasher.ts'
import { addClientReturnUris, type ClientReturnUris } from '../redirects/client-return-uris.ts'
import { seedDemoBookings } from './demo-bookings.ts'
import { seedDemoEvents } from './demo-events.ts'
import { DEMO_CLIENT_ID, DEMO_OWNER_EMAIL } from './demo-ids.ts'
import { DEMO_PICTURE_SIZE, insertProductPictures } from './demo-pictures.ts'
import { deterministicId } from './deterministic-id.ts'

export const DEMO_SITE_ID = deterministicId('demo/site')

interface CollectionPlan {
  slug: string
  name: string
  description: string
  /** The kinds of product it holds: each noun is drawn as its kind (`pictures/product-art.ts`). */
  nouns: string[]
  basePrice: number
  options: ProductOption[]
  weight: number
}

// The swatches are the colours the pictures are drawn in, so a swatch matches its photos.
const colors = [
  { value: '#2f5d8a', description: 'Blue' },
  { value: '#b03a2e', description: 'Red' },
  { value: '#3f7d4e', description: 'Green' },
  { value: '#2b2d31', description: 'Black' },
]
const sizes = ['S', 'M', 'L', 'XL'].map((s) => ({ value: s, description: s }))
const shoeSizes = ['38', '39', '40', '41', '42', '43', '44'].map((s) => ({ value: s, description: s }))
const adjectives = ['Classic', 'Everyday', 'Harbor', 'Summit', 'Meadow', 'Urban', 'Coastal', 'Alpine']

const plan: CollectionPlan[] = [
  {
    slug: 'tees-and-tops',
    name: 'Tees & Tops',
    description: 'Soft cotton basics for every day.',
    nouns: ['Tee', 'Henley', 'Polo', 'Tank', 'Long Sleeve', 'Crewneck', 'Pocket Tee'],
    basePrice: 2400,
    options: [
      { name: 'Size', optionType: 'drop_down', choices: sizes },
      { name: 'Color', optionType: 'color', choices: colors },
    ],
    weight: 0.2,
  },
  {
    slug: 'outerwear',
    name: 'Outerwear',
    description: 'Jackets and layers against the weather.',
    nouns: ['Rain Jacket', 'Fleece', 'Parka', 'Windbreaker', 'Vest', 'Overshirt', 'Puffer'],
    basePrice: 8900,
    options: [{ name: 'Size', optionType: 'drop_down', choices: sizes }],
    weight: 0.9,
  },
  {
    slug: 'footwear',
    name: 'Footwear',
    description: 'Shoes for the trail and the town.',
    nouns: ['Runner', 'Sneaker', 'Hiking Boot', 'Loafer', 'Sandal', 'Trail Shoe', 'Slip-On'],
    basePrice: 7400,
    options: [{ name: 'Shoe size', optionType: 'drop_down', choices: shoeSizes }],
    weight: 0.8,
  },
  {
    slug: 'home-and-kitchen',
    name: 'Home & Kitchen',
    description: 'Things that make a kitchen a pleasure.',
    nouns: ['Mug', 'Teapot', 'Cutting Board', 'Apron', 'Bowl Set', 'Carafe', 'Tea Towel'],
    basePrice: 1800,
    options: [{ name: 'Color', optionType: 'color', choices: colors.slice(0, 3) }],
    weight: 0.6,
  },
  {
    slug: 'stationery',
    name: 'Stationery',
    description: 'Paper, pens and the joy of writing by hand.',
    nouns: ['Notebook', 'Fountain Pen', 'Sketchbook', 'Pencil Set', 'Planner', 'Postcards', 'Desk Pad'],
    basePrice: 1200,
    options: [],
    weight: 0.3,
  },
  {
    slug: 'bags',
    name: 'Bags',
    description: 'Carry it all, comfortably.',
    nouns: ['Backpack', 'Tote', 'Duffel', 'Sling', 'Messenger', 'Weekender', 'Pouch'],
    basePrice: 5600,
    options: [],
    weight: 0.7,
  },
]

/**
 * Kinds of product that show a unit price (issue 19): how much one holds and per how much the price is
 * shown, as a merchant would set it.
 */
const unitPrices: Record<string, PricePerUnitData> = {
  Carafe: { totalQuantity: 1, totalMeasurementUnit: 'L', baseQuantity: 100, baseMeasurementUnit: 'ML' },
  Notebook: { totalQuantity: 200, totalMeasurementUnit: 'G', baseQuantity: 100, baseMeasurementUnit: 'G' },
  'Tea Towel': {
    totalQuantity: 0.35,
    totalMeasurementUnit: 'SQM',
    baseQuantity: 1,
    baseMeasurementUnit: 'SQM',
  },
}

/** A curated collection: it picks products of any kind, so they sit in two collections or more. */
interface CuratedCollection {
  slug: string
  name: string
  description: string
  picks: (product: { n: number; noun: string; discounted: boolean }) => boolean
  /** The product kind whose picture is its cover, when not its first product's. */
  coverNoun?: string
}

const giftNouns = new Set([
  'Mug',
  'Teapot',
  'Tea Towel',
  'Notebook',
  'Fountain Pen',
  'Pencil Set',
  'Postcards',
  'Pouch',
  'Tote',
])

const curated: CuratedCollection[] = [
  {
    slug: 'new-in',
    name: 'New in',
    description: 'The latest arrivals.',
    // The eight newest products: product n was created n hours after the seed's epoch.
    picks: ({ n }) => n >= 34,
  },
  {
    slug: 'sale',
    name: 'Sale',
    description: 'Marked down while they last.',
    picks: ({ discounted }) => discounted,
  },
  {
    slug: 'gifts',
    name: 'Gifts',
    description: "Small things that make someone's day.",
    picks: ({ noun }) => giftNouns.has(noun),
    coverNoun: 'Fountain Pen',
  },
]

/** The fixed clock of the seed: product n was created n hours after it, so "newest first" is stable. */
const SEED_EPOCH = Date.parse('2026-01-01T00:00:00Z')

/**
 * Creates the demo store: one site, its OAuth client, 9 collections (6 by kind, 3 curated) and 42
 * products with options, variants, prices, discounts, inventory and three pictures per colour, and its
 * bookings calendar with two appointment services and a class (`seedDemoBookings`), and two published events with their ticket types
 * (`seedDemoEvents`). The same input gives the same store, byte for byte.
 */
export async function seedDemoStore(
  db: Db,
  options: { clientId?: string } = {},
): Promise<{ siteId: string; clientId: string; products: number }> {
  const clientId = options.clientId ?? DEMO_CLIENT_ID
  const epoch = new Date(SEED_EPOCH)
  let products = 0
  await db.transaction(async (tx) => {
    await tx.query(
      // The demo store is for running on one's own machine: local development mode (webhooks to localhost).
      // It sells in dollars from New York, whose zone its dashboard writes times in (decision 095).
      `insert into sites (id, name, currency, locale, weight_unit, local_development, created_date, time_zone)
       values ($1, $2, $3, $4, $5, true, $6, $7)`,
      [DEMO_SITE_ID, 'Aisle Demo Store', 'USD', 'en-US', 'KG', epoch, 'America/New_York'],
    )
    await tx.query(
      `insert into oauth_clients (id, site_id, name, redirect_uris, post_logout_redirect_uris, created_date)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        clientId,
        DEMO_SITE_ID,
        'Demo storefront',
        ['http://localhost:3000/callback', 'http://127.0.0.1:3000/callback'],
        // The storefront's home, where a signed-out member lands (npm start's default port).
        ['http://localhost:3000/', 'http://127.0.0.1:3000/'],
        epoch,
      ],
    )
    // Each product sits in the collection of its kind, and in the curated ones that pick it.
    const members = new Map<string, { productId: string; noun: string; cover: string }[]>()
    const join = (slug: string, productId: string, noun: string, cover: string) =>
      members.set(slug, [...(members.get(slug) ?? []), { productId, noun, cover }])
    for (const [collectionIndex, collection] of plan.entries()) {
      for (const [nounIndex, noun] of collection.nouns.entries()) {
        const n = collectionIndex * collection.nouns.length + nounIndex
        const name = `${adjectives[(n * 3) % adjectives.length]} ${noun}`
        const slug = slugify(name)
        const productId = deterministicId(`demo/product/${slug}`)
        const created = new Date(SEED_EPOCH + n * 3_600_000)
        const price = collection.basePrice + ((n * 700) % 3000)
        const discountType = n % 5 === 0 ? 'PERCENT' : n % 7 === 3 ? 'AMOUNT' : 'NONE'
        const discountValue = discountType === 'PERCENT' ? 2000 : discountType === 'AMOUNT' ? 500 : 0
        const tracked = n % 3 === 0
        const soldOut = n === 9
        const picture = { siteId: DEMO_SITE_ID, slug, name, noun, created }
        const colourOption = collection.options.find((o) => o.optionType === 'color')
        // A product with colour choices is drawn in each of them (its first colour first); else in its own.
        const media: ProductMedia[] = []
        const options: ProductOption[] = []
        for (const option of collection.options) {
          const choices = []
          for (const choice of option.choices) {
            if (option !== colourOption) {
              choices.push(choice)
              continue
            }
            const views = await insertProductPictures(tx, { ...picture, colour: choice })
            media.push(...views)
            choices.push({ ...choice, mediaIds: views.map((v) => v.id) })
          }
          options.push({ ...option, choices })
        }
        if (!colourOption) media.push(...(await insertProductPictures(tx, picture)))
        // Products of one kind lead with different colours (the first picture is the product's own), so a
        // collection's grid is not all one colour.
        const lead = colourOption ? (n % colourOption.choices.length) * 3 : 0
        media.push(...media.splice(0, lead))
        const combos = choiceCombinations(options)
        const manageVariants = options.length > 0
        await tx.query(
          `insert into products (id, site_id, name, slug, description, product_type, sku, brand, ribbon, visible,
             price_minor, discount_type, discount_value, discounted_price_minor, weight, track_inventory, quantity,
             in_stock, manage_variants, options, media, created_date, updated_date, cost_minor, price_per_unit)
           values ($1, $2, $3, $4, $5, 'physical', $6, 'Aisle', $7, true, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19, $20, $21)`,
          [
            productId,
            DEMO_SITE_ID,
            name,
            slug,
            `The ${name.toLowerCase()}: ${collection.description.toLowerCase()} Made to last, easy to care for.`,
            `SKU-${String(n + 1).padStart(4, '0')}`,
            discountType === 'NONE' ? null : 'Sale',
            price,
            discountType,
            discountValue,
            applyDiscount(price, discountType, discountValue),
            collection.weight,
            tracked && !manageVariants,
            tracked && !manageVariants ? (soldOut ? 0 : 5 + (n % 20)) : null,
            !soldOut,
            manageVariants,
            JSON.stringify(options),
            JSON.stringify(media),
            created,
            // The merchant's item cost: 45 % of the list price, in whole minor units.
            Math.round((price * 45) / 100),
            unitPrices[noun] ? JSON.stringify(unitPrices[noun]) : null,
          ],
        )
        for (const [position, choices] of combos.entries()) {
          const variantTracked = tracked && manageVariants
          const quantity = variantTracked ? (position % 4 === 3 ? 0 : 3 + ((n + position) % 9)) : null
          await tx.query(
            `insert into product_variants (id, site_id, product_id, position, choices, price_minor, sku, weight, visible,
               track_quantity, quantity, in_stock)
             values ($1, $2, $3, $4, $5, $6, $7, $8, true, $9, $10, $11)`,
            [
              deterministicId(`demo/variant/${slug}/${JSON.stringify(choices)}`),
              DEMO_SITE_ID,
              productId,
              position,
              JSON.stringify(choices),
              choices.Size === 'XL' ? price + 200 : null,
              manageVariants ? `SKU-${String(n + 1).padStart(4, '0')}-${position + 1}` : null,
              null,
              variantTracked,
              quantity,
              soldOut ? false : quantity === null || quantity > 0,
            ],
          )
        }
        const cover = media[0]!
        join(collection.slug, productId, noun, cover.id)
        for (const pick of curated)
          if (pick.picks({ n, noun, discounted: discountType !== 'NONE' }))
            join(pick.slug, productId, noun, cover.id)
        products += 1
      }
    }
    for (const collection of [...plan, ...curated]) {
      const collectionId = deterministicId(`demo/collection/${collection.slug}`)
      const inside = members.get(collection.slug) ?? []
      // The cover is the first product's main picture (the newest product's for "New in", or its chosen kind's).
      const coverNoun = 'coverNoun' in collection ? collection.coverNoun : undefined
      const cover =
        collection.slug === 'new-in' ? inside.at(-1) : (inside.find((m) => m.noun === coverNoun) ?? inside[0])
      await tx.query(
        `insert into collections (id, site_id, slug, name, description, media, created_date, updated_date)
         values ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [
          collectionId,
          DEMO_SITE_ID,
          collection.slug,
          collection.name,
          collection.description,
          JSON.stringify(
            cover
              ? [
                  {
                    id: cover.cover,
                    title: collection.name,
                    width: DEMO_PICTURE_SIZE,
                    height: DEMO_PICTURE_SIZE,
                    altText: collection.name,
                    sizes: derivedSizes(DEMO_PICTURE_SIZE, DEMO_PICTURE_SIZE),
                  },
                ]
              : [],
          ),
          epoch,
        ],
      )
      await tx.query(
        `insert into product_collections (site_id, collection_id, product_id)
         select $1, $2, product_id from unnest($3::uuid[]) as product_id`,
        [DEMO_SITE_ID, collectionId, inside.map((m) => m.productId)],
      )
    }
    await seedDemoBookings(tx, DEMO_SITE_ID, epoch)
    await seedDemoEvents(tx, DEMO_SITE_ID, epoch)
  })
  return { siteId: DEMO_SITE_ID, clientId, products }
}

/** Extra return addresses for the demo OAuth client (a storefront on another origin than port 3000). */
export type DemoReturnUris = ClientReturnUris

/**
 * Registers `uris` for the demo store's OAuth client `clientId` through `addClientReturnUris` (each URI
 * once, keeping the ones it has). Returns whether the demo store has that client.
 */
export async function registerDemoReturnUris(
  db: Db,
  clientId: string,
  uris: DemoReturnUris,
): Promise<boolean> {
  try {
    await addClientReturnUris(db, DEMO_SITE_ID, clientId, uris)
    return true
  } catch (error) {
    if (error instanceof ApplicationError && error.code === 'OAUTH_CLIENT_NOT_FOUND') return false
    throw error
  }
}

// ---- The demo store's site owner (dashboard), kept apart from the catalogue seed above. ----

/**
 * Gives the demo store its site owner (`owner@demo.aisle.dev`) for the dashboard, when the demo store
 * exists and has no site owner yet: a database seeded before site owners existed gets one too.
 * Returns whether it created them.
 */
export async function seedDemoOwner(
  db: Db,
  options: { password: string; hasher?: PasswordHasher; now?: Date },
): Promise<boolean> {
  const [site] = await db.query('select 1 from sites where id = $1', [DEMO_SITE_ID])
  if (!site || (await hasSiteUsers(db, DEMO_SITE_ID))) return false
  await saveSiteUser(
    db,
    options.hasher ?? createArgon2idHasher(),
    { siteId: DEMO_SITE_ID, email: DEMO_OWNER_EMAIL, password: options.password },
    options.now ?? new Date(),
  )
  return true
}
