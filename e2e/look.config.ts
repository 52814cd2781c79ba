import { defineConfig } from '@playwright/test'
import base from './playwright.config'

// The dashboard's look (decision 096): not a test of `npm test`, a run a person starts to get every
// dashboard page at 390 and 1280 px as PNGs to look at, against a system of its own (the same global set-up):
// `E2E_WORKERS=1 npx playwright test -c e2e/look.config.ts`; the pictures land in e2e/test-results/look/.
export default defineConfig({ ...base, testDir: './looks', timeout: 600_000 })
