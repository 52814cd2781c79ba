import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite'

const appDirectory = join(dirname(fileURLToPath(import.meta.url)), 'app')
const STATIC_IMPORT = /^\s*import\s+(?!type\b)[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm

/**
 * The storefront's own modules that `entry` imports statically, and theirs in turn (relative imports of
 * app/ only; `import()` is a lazy boundary and stops the walk, and so does a `.server` module, which never
 * reaches the browser: what only it imports belongs to the pages that use it, not to every page's frame).
 */
function findStaticClosure(entry: string, found = new Set<string>()): Set<string> {
  if (found.has(entry) || /\.server\.tsx?$/.test(entry)) return found
  found.add(entry)
  for (const [, specifier] of readFileSync(entry, 'utf8').matchAll(STATIC_IMPORT)) {
    const base = resolve(dirname(entry), specifier as string)
    const file = ['', '.ts', '.tsx']
      .map((ending) => `${base}${ending}`)
      .find((path) => /\.tsx?$/.test(path) && existsSync(path))
    if (file) findStaticClosure(file, found)
  }
  return found
}

// The layout's own modules (the header, the cart count, error words: all root.tsx imports) go to every page
// in one chunk rather than a dozen small ones, which gzip worse and cost a request each.
const frameModules = findStaticClosure(join(appDirectory, 'root.tsx'))
frameModules.delete(join(appDirectory, 'root.tsx'))
// The catalogue's cards and pictures, which the home, collection, search and product pages all draw, go in
// the same chunk: three requests fewer on each of those pages, where a phone's first paint waits on every
// script the page preloads (Lighthouse's simulation counts them all).
for (const shared of [
  'catalogue/product-card.tsx',
  'catalogue/collection-view.ts',
  'media/responsive-image.tsx',
])
  findStaticClosure(join(appDirectory, shared), frameModules)
const toPath = (id: string) => id.split('?')[0] ?? id

// React 19 renders the storefront on the server and in the browser (docs/decisions/023-react-19-renders-the-storefront.md).
// In the browser build, React DOM (with React and the scheduler) and React Router each get one chunk of their
// own: every page shares them, they change only with an upgrade, and the benchmark weighs them by name.
const FRAMEWORK_CHUNKS = [
  { name: 'react-dom', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'react-router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'frame', test: (id: string) => frameModules.has(toPath(id)) },
]

// '@aisle/source' resolves workspace packages (the SDK) to their TypeScript source.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    conditions: ['@aisle/source', ...defaultClientConditions],
  },
  // Rolldown's [PLUGIN_TIMINGS] report after each build says which plugins took the time: a profiling aid
  // that read as a warning at every `npm start` that builds, so it is off.
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
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
