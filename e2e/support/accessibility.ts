import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'
import type { AxeResults, Result } from 'axe-core'

/** The rules axe-core checks: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Impacts that fail a page; minor and moderate findings are reported to the test, not failed on. */
const FAILING_IMPACTS = new Set(['serious', 'critical'])

/** The colour schemes the shop has colours for (its stylesheet's `prefers-color-scheme` query). */
export const COLOR_SCHEMES = ['light', 'dark'] as const

/** axe-core's browser bundle, read once per worker and put into each document it checks. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** One violation in a line a reader can act on: rule, impact, what it asks, and where. */
export function describeViolation(violation: Pick<Result, 'id' | 'impact' | 'help' | 'nodes'>): string {
  const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5)
  const more =
    violation.nodes.length > targets.length ? ` and ${violation.nodes.length - targets.length} more` : ''
  return `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} at ${targets.join(', ')}${more}`
}

/**
 * Waits for every finite CSS animation and transition to end, so that axe measures colours as the shopper
 * reads them, not halfway through a fade-in (an opening drawer at 40% opacity fails colour contrast).
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is now, run in the page itself (`axe.run`), with axe
 * put into the document once and kept for its later checks. `AxeBuilder.analyze()` reaches the same
 * results by running the rules per frame and merging them in a blank page it opens, and evaluates axe's
 * 1.5 MB source twice on every call: 3.3 CPU s a check where this takes 0.6 s (decision 066). The shop's pages
 * have no frames; a page that has some still goes through AxeBuilder, which checks inside each.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(WCAG_21_AA_TAGS).analyze()
  const hasAxe = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  )
  if (!hasAxe) await page.evaluate(axeSource)
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
      }),
    WCAG_21_AA_TAGS,
  )
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.1 A and AA rules) and fails on any violation of serious or
 * critical impact, naming each rule and element. Milder findings are attached to the test's report.
 * @param label names the page's state in messages, e.g. "cart with an estimate"
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string, testInfo?: TestInfo) {
  await settleAnimations(page)
  const results = await runAxe(page)
  const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
  const milder = results.violations.filter((violation) => !FAILING_IMPACTS.has(violation.impact ?? ''))
  if (testInfo && milder.length > 0) {
    await testInfo.attach(`axe: minor findings on ${label}`, {
      body: milder.map(describeViolation).join('\n'),
      contentType: 'text/plain',
    })
  }
  expect(
    failing.map(describeViolation),
    `serious or critical axe violations on ${label} (${page.url()})`,
  ).toEqual([])
}

/**
 * Checks the page with axe in each colour scheme (`label (light)`, `label (dark)`), and leaves it in the
 * light one. The scheme is a media query of the stylesheet only: the server never learns it and no script
 * reads it, so the document is the same in both and only what the CSS computes (colours, and so contrast)
 * can differ; switching the emulated scheme on the loaded page checks what loading it again in the other
 * scheme would, without the second load.
 */
export async function expectNoSeriousAxeViolationsInEachScheme(
  page: Page,
  label: string,
  testInfo?: TestInfo,
) {
  try {
    for (const colorScheme of COLOR_SCHEMES) {
      await page.emulateMedia({ colorScheme })
      await expectNoSeriousAxeViolations(page, `${label} (${colorScheme})`, testInfo)
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' })
  }
}
