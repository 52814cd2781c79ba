import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from '../support/accessibility'
import { signInToDashboard } from '../support/dashboard'

// The product editor with JavaScript: options as rows with colour pickers, several images uploaded at once
// with their progress, dragged into order, and everything saved with one press. The shopper's read then
// answers the images in the merchant's order and the storefront offers the colours.

const api = () => process.env.AISLE_E2E_API_URL!
const clientId = process.env.AISLE_CLIENT_ID || '9b6e3f0a-5c1d-4e8b-a7f2-2d4c6b8e0f13'

// Two small PNGs of different colours (24×24 pixels), so the two uploads are two pictures.
const png = (base64: string) => Buffer.from(base64, 'base64')
const GREEN = png(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR4nGPQXeJHFcQwatCoQaMGjRo0atCoQQNvEADrB4Xf4e470AAAAABJRU5ErkJggg==',
)
const SAND = png(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR4nGO4sriYKohh1KBRg0YNGjVo1KBRgwbeIABcOk69Y7FE/QAAAABJRU5ErkJggg==',
)

const imageIds = (page: Page) =>
  page
    .getByRole('list', { name: 'Images' })
    .locator('[data-image-item]')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.imageId!))

test('a merchant builds a product with colours and two images in one save, and the shop shows it', async ({
  page,
}, testInfo) => {
  const name = `Harbour Scarf ${Date.now().toString(36)}`
  await signInToDashboard(page)
  await page.goto(`${api()}/dashboard/products/new`)
  const editor = page.getByRole('form', { name: 'Product' })
  await editor.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await editor.getByRole('spinbutton', { name: 'Price', exact: true }).fill('35')

  // An option with two colour choices: the second row is added in place, without a reload.
  await editor.getByRole('textbox', { name: 'Option 1 name' }).fill('Colour')
  await editor.getByRole('combobox', { name: 'Option 1 type' }).selectOption({ label: 'Colours' })
  await editor.getByRole('textbox', { name: 'Option 1, choice 1 name' }).fill('Moss')
  await editor.getByLabel('Option 1, choice 1 colour').fill('#2da44e')
  await editor.getByRole('button', { name: 'Add choice to option 1' }).click()
  await editor.getByRole('textbox', { name: 'Option 1, choice 2 name' }).fill('Sand')
  await editor.getByLabel('Option 1, choice 2 colour').fill('#d4a373')

  // Two images at once through the file picker: each shows its progress, then joins the list in order.
  await editor.getByLabel('Add images').setInputFiles([
    { name: 'moss.png', mimeType: 'image/png', buffer: GREEN },
    { name: 'sand.png', mimeType: 'image/png', buffer: SAND },
  ])
  const images = editor.getByRole('list', { name: 'Images' })
  await expect(images.getByRole('spinbutton', { name: /Position of image/ })).toHaveCount(2)
  await expect(images.locator('progress')).toHaveCount(0)
  const [first, second] = await imageIds(page)
  expect(
    await images.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt'))),
  ).toEqual(['moss.png', 'sand.png'])

  // Drag the second before the first: the sand picture becomes the main one.
  await images
    .locator(`[data-image-id="${second}"] img`)
    .dragTo(images.locator(`[data-image-id="${first}"] img`), {
      targetPosition: { x: 5, y: 40 },
    })
  await expect.poll(() => imageIds(page)).toEqual([second, first])
  await expect(images.getByRole('spinbutton', { name: 'Position of image 1' })).toHaveValue('1')

  // Moss shows the moss picture (now the second image), ticked in the one grid of pictures per colour.
  const grid = editor.getByRole('table', { name: 'Pictures of each choice' })
  await expect(grid.getByRole('rowheader')).toHaveText(['Moss', 'Sand'])
  await grid.getByRole('checkbox', { name: 'Image 2 for Moss' }).check()

  await editor.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByRole('status')).toHaveText('Product created.')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(editor.getByRole('table', { name: 'Variants' }).getByRole('row')).toHaveCount(3)
  const productId = /\/dashboard\/products\/([0-9a-f-]{36})/.exec(page.url())![1]!

  // A shopper's read: the images in the merchant's order, the colours, Moss with its picture.
  const token = (await (
    await page.request.post(`${api()}/oauth2/token`, { data: { clientId, grantType: 'anonymous' } })
  ).json()) as { access_token: string }
  const read = await page.request.get(`${api()}/stores/v1/products/${productId}`, {
    headers: { authorization: token.access_token },
  })
  const { product } = (await read.json()) as {
    product: {
      slug: string
      media: { items: { id: string }[] }
      productOptions: {
        choices: { description: string; value: string; media: { items: { id: string }[] } }[]
      }[]
    }
  }
  expect(product.media.items.map((item) => item.id)).toEqual([second, first])
  const [moss, sand] = product.productOptions[0]!.choices
  expect([moss!.value, sand!.value]).toEqual(['#2da44e', '#d4a373'])
  expect(moss!.media.items.map((item) => item.id)).toEqual([first])

  // The storefront's product page offers both colours.
  await page.goto(`/products/${product.slug}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Moss' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Sand' })).toBeVisible()

  // Pictures of the editor on a phone and a desktop, kept with the run's results.
  for (const [device, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${api()}/dashboard/products/${productId}`)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    const file = testInfo.outputPath(`product-editor-${device}.png`)
    await page.screenshot({ path: file, fullPage: true })
    await testInfo.attach(`product-editor-${device}`, { path: file, contentType: 'image/png' })
    await expectNoSeriousAxeViolations(page, `the product editor on a ${device}`, testInfo)
    // The images and options cards up close, where the rows are densest.
    for (const card of ['Images', 'Options']) {
      const part = testInfo.outputPath(`product-editor-${device}-${card.toLowerCase()}.png`)
      await page.getByRole('region', { name: card }).screenshot({ path: part })
    }
  }
})
