import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

/** The rules axe-core checks: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Impacts that fail a page; minor and moderate findings are reported to the test, not failed on. */
const FAILING_IMPACTS = new Set(['serious', 'critical'])

interface AxeViolation {
  id: string
  impact?: string | null
  help: string
  nodes: { target: unknown[] }[]
}

/** One violation in a line a reader can act on: rule, impact, what it asks, and where. */
export function describeViolation(violation: AxeViolation): string {
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
 * Runs axe-core on the page as it is now (WCAG 2.1 A and AA rules) and fails on any violation of serious or
 * critical impact, naming each rule and element. Milder findings are attached to the test's report.
 * @param label names the page's state in messages, e.g. "cart with an estimate"
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string, testInfo?: TestInfo) {
  await settleAnimations(page)
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA_TAGS).analyze()
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
