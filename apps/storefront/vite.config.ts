import { reactRouter } from '@react-router/dev/vite'
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite'

// React 19 renders the storefront on the server and in the browser (docs/decisions/023-react-19-renders-the-storefront.md).
// In the browser build, React DOM (with React and the scheduler) and React Router each get one chunk of their
// own: every page shares them, they change only with an upgrade, and the benchmark weighs them by name.
const FRAMEWORK_CHUNKS = [
  { name: 'react-dom', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'react-router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
]

// '@aisle/source' resolves workspace packages (the SDK) to their TypeScript source.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    conditions: ['@aisle/source', ...defaultClientConditions],
  },
  environments: {
    client: {
      build: { rolldownOptions: { output: { codeSplitting: { groups: FRAMEWORK_CHUNKS } } } },
    },
  },
  ssr: {
    resolve: { conditions: ['@aisle/source', ...defaultServerConditions] },
    // Bundle the SDK into the server build: its published entry is dist/, which a workspace has not built.
    noExternal: ['@aisle/sdk'],
  },
})
