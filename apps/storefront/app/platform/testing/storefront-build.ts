import { fileURLToPath } from 'node:url'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { createServer, isRunnableDevEnvironment } from 'vite'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'

/** The storefront's server build, compiled from source by Vite as `react-router dev` does. */
export interface StorefrontBuild {
  build: ServerBuild
  /** Answers one request as the storefront does (every route, the root's middleware, the server entry). */
  handle(request: Request): Promise<Response>
  close(): Promise<void>
}

/**
 * Compiles the storefront's real server build (routes, root middleware, entry) with its own Vite config, so
 * a test can send it whole requests: the platform it calls is the global `fetch`, which the test stubs.
 * Takes some seconds: load it once per test file (`beforeAll`).
 */
export async function loadStorefrontBuild(): Promise<StorefrontBuild> {
  const root = fileURLToPath(new URL('../../..', import.meta.url))
  const vite = await createServer({
    root,
    configFile: `${root}/vite.config.ts`,
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'warn',
  })
  const environment = vite.environments.ssr
  if (!environment || !isRunnableDevEnvironment(environment)) {
    await vite.close()
    throw new Error('Vite has no runnable server environment')
  }
  const build = (await environment.runner.import('virtual:react-router/server-build')) as ServerBuild
  const handler = createRequestHandler(build, 'production')
  return { build, handle: (request) => handler(request), close: () => vite.close() }
}

/**
 * The hooks of a test file (or describe block) that sends whole requests to the real build: the build
 * compiled once before its tests and closed after, and the globals its tests stub (the platform's `fetch`)
 * restored after each. Returns the build, once loaded.
 */
export function storefrontBuildForTests(): () => StorefrontBuild {
  let storefront: StorefrontBuild | undefined
  beforeAll(async () => {
    storefront = await loadStorefrontBuild()
  }, 120_000)
  afterAll(async () => {
    await storefront?.close()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  return () => {
    if (!storefront) throw new Error('the storefront build is not loaded yet: call it inside a test')
    return storefront
  }
}
