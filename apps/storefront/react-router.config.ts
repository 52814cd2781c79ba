import type { Config } from '@react-router/dev/config'

export default {
  // Server rendering from the first page: the visitor's cart count is in the first HTML.
  ssr: true,
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
