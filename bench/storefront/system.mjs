// The whole system a shopper reaches: the platform on a fresh demo database and the built storefront served
// by its production server, started by the end-to-end suite's own global setup (imported, not copied).
import { tsImport } from 'tsx/esm/api'

/**
 * Starts the platform and the storefront as `e2e/global-setup.ts` does, each on a free loopback port.
 * @returns {Promise<{ storefrontUrl: string, apiUrl: string, stop: () => Promise<void> }>}
 * @throws {Error} when the storefront is not built or either service does not start
 */
export async function startSystem() {
  const { default: globalSetup } = await tsImport('../../e2e/global-setup.ts', import.meta.url)
  const stop = await globalSetup()
  // Global setup names one system per end-to-end worker (E2E_WORKERS); the first is this one.
  const [system] = JSON.parse(process.env.AISLE_E2E_SYSTEMS ?? '[]')
  const storefrontUrl = system?.storefrontUrl
  const apiUrl = system?.apiUrl
  if (!storefrontUrl || !apiUrl) {
    await stop()
    throw new Error('e2e/global-setup.ts started the system but did not say where')
  }
  return { storefrontUrl, apiUrl, stop }
}
