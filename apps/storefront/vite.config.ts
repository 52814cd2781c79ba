import { reactRouter } from '@react-router/dev/vite'
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite'

// Preact renders the storefront, on the server and in the browser, through preact/compat: the code is
// written against React's API, and a page ships about 10 kB of Preact where React DOM 19 alone weighs 66 kB
// gzipped (docs/decisions/016-preact-renders-the-storefront.md).
const preactAsReact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  {
    find: /^react\/jsx-dev-runtime$/,
    replacement: 'preact/compat/jsx-dev-runtime',
  },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
]

// '@aisle/source' resolves workspace packages (the SDK) to their TypeScript source.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    conditions: ['@aisle/source', ...defaultClientConditions],
    alias: preactAsReact,
  },
  build: {
    rolldownOptions: {
      // Storefront code that reads a React API preact/compat lacks (React 19's `use`, `useActionState`,
      // `useFormStatus`, `useOptimistic`) through `React.x` fails the build, as a named import of one does
      // anyway. React Router reads `use` and `useOptimistic` only where it can do without them.
      onLog(level, log, handler) {
        if (log.code !== 'IMPORT_IS_UNDEFINED' || !/preact[\\/]compat/.test(log.message)) handler(level, log)
        else if (!/[\\/]node_modules[\\/]react-router[\\/]/.test(log.id ?? ''))
          throw new Error(`${log.id}: ${log.message}`)
      },
    },
  },
  ssr: {
    resolve: { conditions: ['@aisle/source', ...defaultServerConditions] },
    // Bundle the SDK into the server build: its published entry is dist/, which a workspace has not built.
    // Bundle React Router too, so that the pages it renders on the server get Preact as React as well.
    noExternal: ['@aisle/sdk', 'react-router'],
  },
})
