import { choiceCombinations, slugify } from '../catalogue/products/product-input.ts'
import type { ProductMedia, ProductOption } from '../catalogue/products/product-store.ts'
import { hasSiteUsers, saveSiteUser } from '../dashboard/session/site-user-store.ts'
import type { Db } from '../db/db.ts'
import { applyDiscount } from '../money/money.ts'
import { createArgon2idHasher } from '../passwords/argon2id-hasher.ts'
import type { PasswordHasher } from '../passwords/password-hasher.ts'
import { DEMO_CLIENT_ID } from './demo-ids.ts'
import { type DemoShape, demoImageSvg } from './demo-images.ts'
import { deterministicId } from './deterministic-id.ts'

export const DEMO_SITE_ID = deterministicId('demo/site')

interface CollectionPlan {
  slug: string
  name: string
  description: string
  shape: DemoShape
  background: string
  nouns: string[]
  basePrice: number
  options: ProductOption[]
  weight: number
}

const colors = [
  { value: '#1f6feb', description: 'Blue' },
  { value: '#d1242f', description: 'Red' },
  { value: '#2da44e', description: 'Green' },
  { value: '#24292f', description: 'Black' },
]
const sizes = ['S', 'M', 'L', 'XL'].map((s) => ({ value: s, description: s }))
const shoeSizes = ['38', '39', '40', '41', '42', '43', '44'].map((s) => ({ value: s, description: s }))
const adjectives = ['Classic', 'Everyday', 'Harbor', 'Summit', 'Meadow', 'Urban', 'Coastal', 'Alpine']

const plan: CollectionPlan[] = [
  {
    slug: 'tees-and-tops',
    name: 'Tees & Tops',
    description: 'Soft cotton basics for every day.',
    shape: 'circle',
    background: '#ddf4ff',
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
    shape: 'square',
    background: '#fff8c5',
    nouns: ['Rain Jacket', 'Fleece', 'Parka', 'Windbreaker', 'Vest', 'Overshirt', 'Puffer'],
    basePrice: 8900,
    options: [{ name: 'Size', optionType: 'drop_down', choices: sizes }],
    weight: 0.9,
  },
  {
    slug: 'footwear',
    name: 'Footwear',
    description: 'Shoes for the trail and the town.',
    shape: 'pill',
    background: '#ffebe9',
    nouns: ['Runner', 'Sneaker', 'Hiking Boot', 'Loafer', 'Sandal', 'Trail Shoe', 'Slip-On'],
    basePrice: 7400,
    options: [{ name: 'Shoe size', optionType: 'drop_down', choices: shoeSizes }],
    weight: 0.8,
  },
  {
    slug: 'home-and-kitchen',
    name: 'Home & Kitchen',
    description: 'Things that make a kitchen a pleasure.',
    shape: 'ring',
    background: '#dafbe1',
    nouns: ['Mug', 'Teapot', 'Cutting Board', 'Apron', 'Bowl Set', 'Carafe', 'Tea Towel'],
    basePrice: 1800,
    options: [{ name: 'Color', optionType: 'color', choices: colors.slice(0, 3) }],
    weight: 0.6,
  },
  {
    slug: 'stationery',
    name: 'Stationery',
    description: 'Paper, pens and the joy of writing by hand.',
    shape: 'triangle',
    background: '#fbefff',
    nouns: ['Notebook', 'Fountain Pen', 'Sketchbook', 'Pencil Set', 'Planner', 'Postcards', 'Desk Pad'],
    basePrice: 1200,
    options: [],
    weight: 0.3,
  },
  {
    slug: 'bags',
    name: 'Bags',
    description: 'Carry it all, comfortably.',
    shape: 'diamond',
    background: '#eaeef2',
    nouns: ['Backpack', 'Tote', 'Duffel', 'Sling', 'Messenger', 'Weekender', 'Pouch'],
    basePrice: 5600,
    options: [],
    weight: 0.7,
  },
]

/** The fixed clock of the seed: product n was created n hours after it, so "newest first" is stable. */
const SEED_EPOCH = Date.parse('2026-01-01T00:00:00Z')

async function insertImage(db: Db, id: string, svg: string, created: Date) {
  await db.query(
    'insert into media_files (id, site_id, content_type, bytes, created_date, width, height) values ($1, $2, $3, $4, $5, 800, 800)',
    [id, DEMO_SITE_ID, 'image/svg+xml', new TextEncoder().encode(svg), created],
  )
}

/**
 * Creates the demo store: one site, its OAuth client, 6 collections and 42 products with options,
 * variants, prices, discounts, inventory and images. The same input gives the same store, byte for byte.
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
      `insert into sites (id, name, currency, locale, weight_unit, local_development, created_date)
       values ($1, $2, $3, $4, $5, true, $6)`,
      [DEMO_SITE_ID, 'Aisle Demo Store', 'USD', 'en-US', 'KG', epoch],
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
    for (const collection of plan) {
      const collectionId = deterministicId(`demo/collection/${collection.slug}`)
      const collectionImage = deterministicId(`demo/media/collection/${collection.slug}`)
      await insertImage(
        tx,
        collectionImage,
        demoImageSvg({
          title: collection.name,
          shape: collection.shape,
          background: collection.background,
          foreground: '#57606a',
        }),
        epoch,
      )
      await tx.query(
        `insert into collections (id, site_id, slug, name, description, media, created_date, updated_date)
         values ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [
          collectionId,
          DEMO_SITE_ID,
          collection.slug,
          collection.name,
          collection.description,
          JSON.stringify([
            {
              id: collectionImage,
              title: collection.name,
              width: 800,
              height: 800,
              altText: collection.name,
            },
          ]),
          epoch,
        ],
      )
    }
    for (const [collectionIndex, collection] of plan.entries()) {
      const collectionId = deterministicId(`demo/collection/${collection.slug}`)
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
        const media: ProductMedia[] = []
        const mainImage = deterministicId(`demo/media/product/${slug}`)
        await insertImage(
          tx,
          mainImage,
          demoImageSvg({
            title: name,
            shape: collection.shape,
            background: collection.background,
            foreground: '#0969da',
          }),
          created,
        )
        media.push({ id: mainImage, title: name, width: 800, height: 800, altText: `${name}, product photo` })
        const options: ProductOption[] = []
        for (const option of collection.options) {
          const choices = []
          for (const choice of option.choices) {
            if (option.optionType !== 'color') {
              choices.push(choice)
              continue
            }
            const imageId = deterministicId(`demo/media/product/${slug}/${choice.description}`)
            await insertImage(
              tx,
              imageId,
              demoImageSvg({
                title: `${name} · ${choice.description}`,
                shape: collection.shape,
                background: collection.background,
                foreground: choice.value,
              }),
              created,
            )
            media.push({
              id: imageId,
              title: `${name} in ${choice.description}`,
              width: 800,
              height: 800,
              altText: `${name} in ${choice.description}`,
            })
            choices.push({ ...choice, mediaIds: [imageId] })
          }
          options.push({ ...option, choices })
        }
        const combos = choiceCombinations(options)
        const manageVariants = options.length > 0
        await tx.query(
          `insert into products (id, site_id, name, slug, description, product_type, sku, brand, ribbon, visible,
             price_minor, discount_type, discount_value, discounted_price_minor, weight, track_inventory, quantity,
             in_stock, manage_variants, options, media, created_date, updated_date, cost_minor)
           values ($1, $2, $3, $4, $5, 'physical', $6, 'Aisle', $7, true, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19, $20)`,
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
        await tx.query(
          'insert into product_collections (site_id, collection_id, product_id) values ($1, $2, $3)',
          [DEMO_SITE_ID, collectionId, productId],
        )
        // Many-to-many: every fourth product also sits in the collection after its own.
        if (n % 4 === 1) {
          const other = plan[(collectionIndex + 1) % plan.length]
          if (other) {
            await tx.query(
              'insert into product_collections (site_id, collection_id, product_id) values ($1, $2, $3)',
              [DEMO_SITE_ID, deterministicId(`demo/collection/${other.slug}`), productId],
            )
          }
        }
        products += 1
      }
    }
  })
  return { siteId: DEMO_SITE_ID, clientId, products }
}

/** Extra return addresses for the demo OAuth client (a storefront on another origin than port 3000). */
export interface DemoReturnUris {
  /** Added to the client's redirect URIs: where codes may be sent, and whose origins callbacks may use. */
  redirectUris: readonly string[]
  /** Added to the client's post-logout redirect URIs: where a signed-out member may land. */
  postLogoutRedirectUris: readonly string[]
}

/**
 * Registers `uris` for the demo store's OAuth client `clientId`, keeping the ones it has (each URI once,
 * in the order given). Does nothing when there is no such client of the demo store. Returns whether the
 * client was found.
 */
export async function registerDemoReturnUris(
  db: Db,
  clientId: string,
  uris: DemoReturnUris,
): Promise<boolean> {
  const rows = await db.query(
    `update oauth_clients set
       redirect_uris = redirect_uris || array(
         select u from unnest($3::text[]) with ordinality as given(u, n) where u <> all(redirect_uris) order by n),
       post_logout_redirect_uris = post_logout_redirect_uris || array(
         select u from unnest($4::text[]) with ordinality as given(u, n)
         where u <> all(post_logout_redirect_uris) order by n)
     where id = $1 and site_id = $2
     returning id`,
    [clientId, DEMO_SITE_ID, [...new Set(uris.redirectUris)], [...new Set(uris.postLogoutRedirectUris)]],
  )
  return rows.length > 0
}

// ---- The demo store's site owner (dashboard), kept apart from the catalogue seed above. ----

/** The demo store's site owner, who signs in to the dashboard. */
export const DEMO_OWNER_EMAIL = 'owner@demo.aisle.dev'

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
