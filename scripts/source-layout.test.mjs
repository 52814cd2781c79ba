import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Issue 15: folders small enough to hold in one head, and file names that say what is inside, once.

const root = fileURLToPath(new URL('..', import.meta.url))

/** The source trees of the three parts and their end-to-end stories. */
const SOURCE_TREES = ['apps/platform/src', 'apps/storefront/app', 'packages/sdk/src', 'e2e']

const MAX_SOURCE_FILES_PER_FOLDER = 25

/**
 * Folders that are logs, not concepts: the database migrations are numbered, never edited once shipped and
 * read one at a time in order (`db/migrate.ts` lists them), so the folder grows by one per schema change.
 */
const APPEND_ONLY_FOLDERS = new Set(['apps/platform/src/db/migrations'])

const SOURCE = /\.(ts|tsx|mjs|js)$/
const TEST = /\.(test|spec)\.(ts|tsx|mjs|js)$/

/** Every source file under a tree, as a path relative to the repository. */
function listSources(dir) {
  return readdirSync(join(root, dir)).flatMap((name) => {
    if (name.startsWith('.') || name === 'node_modules' || name === '+types' || name === 'build') return []
    const path = `${dir}/${name}`
    if (statSync(join(root, path)).isDirectory()) return listSources(path)
    return SOURCE.test(name) ? [path] : []
  })
}

const baseName = (path) => path.slice(path.lastIndexOf('/') + 1)
const folderOf = (path) => path.slice(0, path.lastIndexOf('/'))
/** A module's name without its extension: `bulk-routes.ts` and `bulk-routes.tsx` name one thing. */
const moduleName = (path) => baseName(path).replace(SOURCE, '')

function repeated(names) {
  const seen = new Map()
  for (const [name, path] of names) seen.set(name, [...(seen.get(name) ?? []), path])
  return [...seen.entries()].filter(([, paths]) => paths.length > 1)
}

describe.each(SOURCE_TREES)('the source tree %s', (tree) => {
  const files = listSources(tree)
  const sources = files.filter((path) => !TEST.test(path))
  const tests = files.filter((path) => TEST.test(path))

  it(`holds at most ${MAX_SOURCE_FILES_PER_FOLDER} source files in any folder`, () => {
    const perFolder = new Map()
    for (const path of sources) perFolder.set(folderOf(path), (perFolder.get(folderOf(path)) ?? 0) + 1)
    const crowded = [...perFolder.entries()].filter(
      ([folder, count]) => count > MAX_SOURCE_FILES_PER_FOLDER && !APPEND_ONLY_FOLDERS.has(folder),
    )
    expect(crowded).toEqual([])
  })

  it('names no two modules alike, whatever their folder or extension', () => {
    expect(repeated(sources.map((path) => [moduleName(path), relative(root, join(root, path))]))).toEqual([])
  })

  it('names no two test files alike', () => {
    expect(repeated(tests.map((path) => [baseName(path), path]))).toEqual([])
  })
})
