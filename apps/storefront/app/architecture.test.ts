import { readdirSync, readFileSync, statSync } from 'node:fs'
import { posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The storefront's shape (issue 15): app/ grouped by what the shopper does, each folder holding its server
// modules, view models and components. These rules read the files themselves, so a move that breaks one
// fails here rather than in review.

const appDir = fileURLToPath(new URL('.', import.meta.url))

/**
 * The folders from the bottom up: a folder imports only from itself and the folders before it. The routes
 * and the app's own files (root, entries) stand on all of them, and nothing imports them.
 */
const LAYERS = [
  'rendering',
  'platform',
  'security',
  'store',
  'media',
  'seo',
  'account',
  'catalogue',
  'gallery',
  'cart',
  'checkout',
  'bookings',
  'orders',
  'events',
  'layout',
] as const

/** Folders whose every module is UI, whatever it imports. */
const UI_ONLY_FOLDERS = ['layout', 'routes']

/** Imports that make a module UI: React and the SDK's browser entry. */
const UI_PACKAGES = /^(react|react-dom|@aisle\/sdk\/browser)(\/|$)/

const MAX_SOURCE_FILES_PER_FOLDER = 25

/** The one module that reads the environment. */
const CONFIG_MODULE = 'platform/config.server.ts'

/** Tests of a whole folder rather than of one module beside them. */
const FOLDER_TESTS = ['architecture.test.ts']

/** Every TypeScript file under app/, as a path relative to it (React Router's generated types left out). */
function listFiles(dir = ''): string[] {
  return readdirSync(posix.join(appDir, dir)).flatMap((name) => {
    if (name.startsWith('.') || name === '+types') return []
    const path = dir ? `${dir}/${name}` : name
    if (statSync(posix.join(appDir, path)).isDirectory()) return listFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path)
const isServerModule = (path: string) => /\.server\.ts$/.test(path) && !isTest(path)

/**
 * The specifiers a module imports or re-exports, type-only ones included: a type from a component still
 * ties the module to it.
 */
function readSpecifiers(text: string): string[] {
  const pattern =
    /\b(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g
  return [...text.matchAll(pattern)].map((match) => (match[1] ?? match[2]) as string)
}

/** Resolves a relative specifier of `from` to a file under app/, or undefined for a package or an asset. */
function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = posix.normalize(posix.join(posix.dirname(from), specifier))
  return [base, `${base}.ts`, `${base}.tsx`].find((candidate) => files.has(candidate))
}

/** The app's modules: what each imports of the app, and whether it is UI on its own. */
function readModules(paths: readonly string[]) {
  const files = new Set(paths)
  const modules = new Map<string, { imports: string[]; text: string; isUi: boolean }>()
  for (const path of paths) {
    const text = readFileSync(posix.join(appDir, path), 'utf8')
    const specifiers = readSpecifiers(text)
    const imports = specifiers.flatMap((specifier) => resolveSpecifier(path, specifier, files) ?? [])
    const isUi =
      path.endsWith('.tsx') ||
      /(^|\/)use-[^/]+\.ts$/.test(path) ||
      UI_ONLY_FOLDERS.includes(folderOf(path)) ||
      specifiers.some((specifier) => UI_PACKAGES.test(specifier))
    modules.set(path, { imports, text, isUi })
  }
  return modules
}

type Modules = ReturnType<typeof readModules>

/** The folder a module belongs to: its first path segment under app/, '' for the app's own files. */
function folderOf(path: string): string {
  return path.includes('/') ? (path.split('/')[0] as string) : ''
}

/** A file's name without its extension and its `.server` / `.test` marks: `cart.server.ts` is `cart`. */
function nameOf(path: string): string {
  return posix.basename(path).replace(/(\.server)?(\.test)?\.tsx?$/, '')
}

/** The UI modules a server module reaches through its imports, each with the chain that reaches it. */
function findUiReachedByServerModules(modules: Modules): string[] {
  const found: string[] = []
  for (const [start] of [...modules].filter(([path]) => isServerModule(path))) {
    const seen = new Set([start])
    const queue: string[][] = [[start]]
    while (queue.length > 0) {
      const chain = queue.shift() as string[]
      for (const next of modules.get(chain.at(-1) as string)?.imports ?? []) {
        if (seen.has(next)) continue
        seen.add(next)
        if (modules.get(next)?.isUi) found.push([...chain, next].join(' → '))
        else queue.push([...chain, next])
      }
    }
  }
  return found
}

/** Imports that go up the layers, into the routes or into the app's own files. */
function findUpwardImports(modules: Modules): string[] {
  const rank = (folder: string) => (LAYERS as readonly string[]).indexOf(folder)
  const found: string[] = []
  for (const [path, { imports }] of modules) {
    for (const target of imports) {
      const from = folderOf(path)
      const to = folderOf(target)
      if (from === to) continue
      const isUpward =
        to === '' || to === 'routes' || (rank(from) !== -1 && (rank(to) === -1 || rank(to) > rank(from)))
      if (isUpward) found.push(`${path} → ${target}`)
    }
  }
  return found
}

/** Import cycles between modules, each as the chain that closes it. */
function findCycles(modules: Modules): string[] {
  const state = new Map<string, 'open' | 'done'>()
  const cycles: string[] = []
  const visit = (path: string, chain: string[]) => {
    state.set(path, 'open')
    for (const next of modules.get(path)?.imports ?? []) {
      if (state.get(next) === 'open') cycles.push([...chain.slice(chain.indexOf(next)), next].join(' → '))
      else if (!state.has(next)) visit(next, [...chain, next])
    }
    state.set(path, 'done')
  }
  for (const path of modules.keys()) if (!state.has(path)) visit(path, [path])
  return cycles
}

/** Folders holding more than the limit of source files (tests left out). */
function findCrowdedFolders(paths: readonly string[]): string[] {
  const counts = new Map<string, number>()
  for (const path of paths.filter((path) => !isTest(path))) {
    const folder = posix.dirname(path)
    counts.set(folder, (counts.get(folder) ?? 0) + 1)
  }
  return [...counts]
    .filter(([, count]) => count > MAX_SOURCE_FILES_PER_FOLDER)
    .map(([folder, count]) => `${folder}: ${count}`)
}

/** Names that two or more source files share, each with its files. */
function findSharedNames(paths: readonly string[]): string[] {
  const byName = new Map<string, string[]>()
  for (const path of paths.filter((path) => !isTest(path))) {
    byName.set(nameOf(path), [...(byName.get(nameOf(path)) ?? []), path])
  }
  return [...byName.values()].filter((shared) => shared.length > 1).map((shared) => shared.join(', '))
}

/** Tests that do not sit beside a module of their name. */
function findStrayTests(paths: readonly string[]): string[] {
  const modules = new Set(
    paths.filter((path) => !isTest(path)).map((path) => posix.join(posix.dirname(path), nameOf(path))),
  )
  return paths
    .filter((path) => isTest(path) && !FOLDER_TESTS.includes(path))
    .filter((path) => !modules.has(posix.join(posix.dirname(path), nameOf(path))))
}

/** Modules other than the config module that read the environment. */
function findEnvironmentReaders(modules: Modules): string[] {
  return [...modules]
    .filter(
      ([path, { text }]) =>
        path !== CONFIG_MODULE && !isTest(path) && /\b(process\.env|import\.meta\.env)\b/.test(text),
    )
    .map(([path]) => path)
}

describe('the storefront app', () => {
  const paths = listFiles()
  const modules = readModules(paths)

  it('keeps UI out of every server module, directly or through the modules it imports', () => {
    expect(findUiReachedByServerModules(modules)).toEqual([])
  })

  it('lets a folder import only itself and the folders below it, never a route or the root', () => {
    expect(findUpwardImports(modules)).toEqual([])
  })

  it('has no import cycles', () => {
    expect(findCycles(modules)).toEqual([])
  })

  it(`keeps at most ${MAX_SOURCE_FILES_PER_FOLDER} source files in a folder`, () => {
    expect(findCrowdedFolders(paths)).toEqual([])
  })

  it('gives no two source files one name, whatever their folders and .server marks', () => {
    expect(findSharedNames(paths)).toEqual([])
  })

  it('keeps each test beside the module it is named for', () => {
    expect(findStrayTests(paths)).toEqual([])
  })

  it(`reads the environment only in ${CONFIG_MODULE}`, () => {
    expect(findEnvironmentReaders(modules)).toEqual([])
  })

  it('orders every folder it holds', () => {
    const folders = new Set(paths.map(folderOf).filter((folder) => folder !== '' && folder !== 'routes'))
    expect([...folders].sort()).toEqual([...LAYERS].sort())
  })
})
