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
  const storefrontUrl = process.env.AISLE_E2E_STOREFRONT_URL
  const apiUrl = process.env.AISLE_E2E_API_URL
  if (!storefrontUrl || !apiUrl) {
    await stop()
    throw new Error('e2e/global-setup.ts started the system but did not say where')
  }
  return { storefrontUrl, apiUrl, stop }
}
