import type { E2eSystem } from '../global-setup'

/**
 * Points this worker's stories at its own platform and storefront: global setup starts one pair per worker
 * (`AISLE_E2E_SYSTEMS`), and a worker takes the pair of its parallel index (`TEST_PARALLEL_INDEX`, which
 * Playwright sets in each worker), so that `AISLE_E2E_STOREFRONT_URL` (the config's `baseURL`) and
 * `AISLE_E2E_API_URL`, which the stories read, name that pair. Outside a worker nothing changes.
 */
export function useOwnSystem() {
  const systems = process.env.AISLE_E2E_SYSTEMS
  const index = process.env.TEST_PARALLEL_INDEX
  if (!systems || index === undefined) return
  const system = (JSON.parse(systems) as E2eSystem[])[Number(index)]
  if (!system) throw new Error(`no end-to-end system for worker ${index} of ${systems}`)
  process.env.AISLE_E2E_STOREFRONT_URL = system.storefrontUrl
  process.env.AISLE_E2E_API_URL = system.apiUrl
}
