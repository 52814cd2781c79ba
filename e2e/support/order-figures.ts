import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'

/**
 * The figures of a platform page's or mail's totals (`TotalsBreakdownRows`, `breakdownMailRows`): each row's
 * kind and amount in minor units, as `data-line-kind` and `data-amount-minor` carry them. `parts` adds up
 * the rows above the total (subtotal, discounts, shipping, fees, tax), `refunded` the refunds below it.
 */
export async function platformFigures(scope: Locator) {
  const rows = await scope
    .locator('[data-line-kind]')
    .evaluateAll((elements) =>
      elements.map(
        (element) =>
          [
            element.getAttribute('data-line-kind'),
            Number(element.getAttribute('data-amount-minor')),
          ] as const,
      ),
    )
  const sumOf = (kinds: (kind: string) => boolean) =>
    rows.filter(([kind]) => kinds(kind ?? '')).reduce((sum, [, amount]) => sum + amount, 0)
  return {
    kinds: rows.map(([kind]) => kind),
    parts: sumOf((kind) => !['TOTAL', 'REFUND', 'NET'].includes(kind)),
    total: sumOf((kind) => kind === 'TOTAL'),
    refunded: sumOf((kind) => kind === 'REFUND'),
    net: rows.some(([kind]) => kind === 'NET') ? sumOf((kind) => kind === 'NET') : undefined,
  }
}

/**
 * The figures of a storefront summary (`TotalsRows`: `.cart-summary-row is-<kind>`s around the total) in
 * cents, discounts and refunds negative, as a reader adds them up: `sum` is the rows above the total,
 * `refunded` the refunds below it and `net` what is left after them (when shown).
 */
export async function storefrontFigures(figures: Locator) {
  const above = '.cart-summary-row:not(.is-refund):not(.is-net) dd'
  const rows = await figures.locator(above).allTextContents()
  const refunds = await figures.locator('.cart-summary-row.is-refund dd').allTextContents()
  const net = await figures.locator('.cart-summary-row.is-net dd').allTextContents()
  const total = (await figures.locator('.cart-summary-total dd').textContent()) ?? ''
  const sum = (values: string[]) => values.reduce((sum, value) => sum + centsOf(value), 0)
  return {
    sum: sum(rows),
    total: centsOf(total),
    rows,
    refunded: sum(refunds),
    net: net.length ? sum(net) : undefined,
  }
}

/** `$12.34` as 1234, `−$1.00` as −100, `Free` as 0. */
export const centsOf = (value: string) =>
  value === 'Free'
    ? 0
    : (value.startsWith('\u2212') ? -1 : 1) * Math.round(Number(value.replace(/[^0-9.]/g, '')) * 100)

/** Keeps the page at a phone's and a desktop's width, full length, under `folder`, for a person to look at. */
export async function captureBothWidths(page: Page, folder: string, name: string) {
  mkdirSync(folder, { recursive: true })
  const size = page.viewportSize() ?? { width: 1280, height: 800 }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 })
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true, animations: 'disabled' })
  }
  await page.setViewportSize(size)
}
