// The answers the stubbed fetch serves, in the platform's wire form (the shape of docs/architecture.md):
// deterministic, so every run and every library parses the same bytes.

const pad = (n) => String(n).padStart(12, '0')
const money = (amount) => ({
  amount,
  convertedAmount: amount,
  formattedAmount: `€${amount}`,
  formattedConvertedAmount: `€${amount}`,
})

/** One line of a cart, as `GET /ecom/v1/carts/current` sends it. */
export function createLineItem(index) {
  return {
    id: `1ae00000-0000-4000-8000-${pad(index)}`,
    quantity: 2,
    catalogReference: {
      catalogItemId: `a3f1c2d4-0000-4000-8000-${pad(index)}`,
      appId: 'stores',
      options: { variantId: `b7000000-0000-4000-8000-${pad(index)}` },
    },
    productName: { original: `Linen shirt ${index}`, translated: `Linen shirt ${index}` },
    url: `/products/linen-shirt-${index}`,
    price: money('44.91'),
    fullPrice: money('49.90'),
    priceBeforeDiscounts: money('49.90'),
    lineItemPrice: money('89.82'),
    descriptionLines: [
      {
        name: { original: 'Size', translated: 'Size' },
        lineType: 'PLAIN_TEXT',
        plainText: { original: 'S', translated: 'S' },
      },
      {
        name: { original: 'Colour', translated: 'Colour' },
        lineType: 'COLOR',
        colorInfo: { original: 'Red', translated: 'Red', code: '#aa0000' },
      },
    ],
    image: {
      id: `3e000000-0000-4000-8000-${pad(index)}`,
      url: `https://shop.example.com/media/${index}-0.jpg`,
      width: 1200,
      height: 1600,
      altText: 'A product photo',
    },
    availability: { status: 'AVAILABLE' },
    physicalProperties: { weight: 0.3, sku: `SKU-${index}-S-RED`, shippable: true },
    itemType: { preset: 'PHYSICAL' },
    paymentOption: 'FULL_PAYMENT_ONLINE',
  }
}

/** One product of a query page, as `GET /stores/v1/products/query-platformized` sends it. */
export function createProduct(index) {
  const id = `a3f1c2d4-0000-4000-8000-${pad(index)}`
  const media = (k) => ({
    id: `3e00000${k}-0000-4000-8000-${pad(index)}`,
    mediaType: 'image',
    title: `Photo ${k}`,
    image: {
      url: `https://shop.example.com/media/${index}-${k}.jpg`,
      width: 1200,
      height: 1600,
      altText: 'A photo',
    },
    thumbnail: { url: `https://shop.example.com/media/${index}-${k}-t.jpg`, width: 50, height: 50 },
  })
  const price = {
    currency: 'EUR',
    price: 49.9,
    discountedPrice: 44.91,
    pricePerUnit: 0,
    formatted: { price: '€49.90', discountedPrice: '€44.91', pricePerUnit: '€0.00' },
  }
  const sizes = ['XS', 'S', 'M', 'L']
  const colours = ['Red', 'Blue']
  return {
    id,
    name: `Linen shirt ${index}`,
    slug: `linen-shirt-${index}`,
    visible: true,
    productType: 'physical',
    description:
      '<p>A breathable linen shirt, cut loose and washed soft. Made in Portugal from European flax.</p>',
    sku: `SKU-${index}`,
    weight: 0.3,
    weightRange: { minValue: 0.3, maxValue: 0.3 },
    stock: { trackInventory: true, quantity: 120, inStock: true, inventoryStatus: 'IN_STOCK' },
    price,
    priceData: price,
    convertedPriceData: price,
    priceRange: { minValue: 44.91, maxValue: 49.9 },
    pricePerUnitData: {
      totalQuantity: 1,
      totalMeasurementUnit: 'KG',
      baseQuantity: 1,
      baseMeasurementUnit: 'KG',
    },
    additionalInfoSections: [{ title: 'Care', description: 'Machine wash at 30°C.' }],
    ribbon: 'New',
    brand: 'Aisle Basics',
    media: { mainMedia: media(0), items: [media(0), media(1), media(2)] },
    manageVariants: true,
    productOptions: [
      {
        optionType: 'drop_down',
        name: 'Size',
        choices: sizes.map((size) => ({ value: size, description: size, inStock: true, visible: true })),
      },
      {
        optionType: 'color',
        name: 'Colour',
        choices: colours.map((colour) => ({
          value: '#aa0000',
          description: colour,
          inStock: true,
          visible: true,
        })),
      },
    ],
    productPageUrl: { base: 'https://shop.example.com', path: `/products/linen-shirt-${index}` },
    discount: { type: 'PERCENT', value: 10 },
    collectionIds: ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002'],
    variants: sizes.flatMap((size, s) =>
      colours.map((colour, c) => ({
        id: `b7000000-0000-4000-8${s}${c}0-${pad(index)}`,
        choices: { Size: size, Colour: colour },
        variant: {
          priceData: price,
          convertedPriceData: price,
          weight: 0.3,
          sku: `SKU-${index}-${size}-${colour}`,
          visible: true,
        },
        stock: { trackQuantity: true, quantity: 15, inStock: true },
      })),
    ),
    lastUpdated: '2025-03-01T12:00:00.000Z',
    createdDate: '2025-01-01T12:00:00.000Z',
    updatedDate: '2025-03-01T12:00:00.000Z',
  }
}

/** The three answers: a cart with one line (fixed cost), a 50-line cart and a 100-product page. */
export const fixtures = {
  small: JSON.stringify({ cart: { id: 'cart-1', lineItems: [createLineItem(0)], currency: 'EUR' } }),
  cart: JSON.stringify({
    cart: {
      id: 'cart-1',
      lineItems: Array.from({ length: 50 }, (_, index) => createLineItem(index)),
      currency: 'EUR',
      conversionCurrency: 'EUR',
      subtotal: money('4491.00'),
      weightUnit: 'KG',
      appliedDiscounts: [],
      buyerInfo: { visitorId: 'visitor-1' },
      createdDate: '2025-01-01T12:00:00.000Z',
      updatedDate: '2025-03-01T12:00:00.000Z',
    },
  }),
  page: JSON.stringify({
    products: Array.from({ length: 100 }, (_, index) => createProduct(index)),
    metadata: { count: 100, offset: 0, total: 420 },
    totalResults: 420,
  }),
}
