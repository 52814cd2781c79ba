import type { Config } from '@react-router/dev/config'

export default {
  // Server rendering from the first page: the visitor's cart count is in the first HTML.
  ssr: true,
  // Every route in the build's manifest (a cached module of 1.1 kB gzipped) rather than discovered from the
  // page's links after hydration: that fetch added its routes to the router and re-rendered the whole page
  // twice in the tasks after hydration (decision 053).
  routeDiscovery: { mode: 'initial' },
  future: {
    // Middleware gives each request one SDK client, so parallel loaders share one visitor token.
    v8_middleware: true,
    // React Router 8's behaviour now, so the upgrade asks for no rewrite.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
