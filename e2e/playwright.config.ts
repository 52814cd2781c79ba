import { defineConfig, devices } from '@playwright/test'
import { e2eWorkers } from './global-setup'
import { useOwnSystem } from './support/e2e-system'

// In a worker: the stories read their own platform's and storefront's addresses from then on.
useOwnSystem()

// Debian's Chromium (installed by scripts/test.mjs), never a downloaded browser.
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // global-setup.ts starts the platform (fresh PGlite) and the built storefront, and stops them after.
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A file's stories run in order on one worker; files spread over the workers, each with its own system.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  use: {
    // Set by global setup before the workers start.
    baseURL: process.env.AISLE_E2E_STOREFRONT_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
})
