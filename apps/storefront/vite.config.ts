import { reactRouter } from '@react-router/dev/vite'
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite'

// '@aisle/source' resolves workspace packages (the SDK) to their TypeScript source.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: { conditions: ['@aisle/source', ...defaultClientConditions] },
  ssr: {
    resolve: { conditions: ['@aisle/source', ...defaultServerConditions] },
    // Bundle the SDK into the server build: its published entry is dist/, which a workspace has not built.
    noExternal: ['@aisle/sdk'],
  },
})
