import { readdirSync, readFileSync, statSync } from 'node:fs'
import { posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// docs/architecture.md's platform table says, per folder, which folders it depends on. This test reads
// the imports themselves, so the table cannot drift from the code (issue 15: "matches the imports").

const srcDir = fileURLToPath(new URL('.', import.meta.url))
const architecture = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8')

/** Test-only code: tests, their helpers and fixtures (`testing/` folders). */
const isTestOnly = (path: string) => /\.test\.tsx?$/.test(path) || /(^|\/)testing\//.test(path)

function listModules(dir = ''): string[] {
  return readdirSync(posix.join(srcDir, dir)).flatMap((name) => {
    const path = dir ? `${dir}/${name}` : name
    if (statSync(posix.join(srcDir, path)).isDirectory()) return listModules(path)
    return /\.tsx?$/.test(name) && !isTestOnly(path) ? [path] : []
  })
}

/** The top-level folder of a module, `undefined` for a module at the root of src/. */
const folderOf = (path: string) => (path.includes('/') ? `${path.slice(0, path.indexOf('/'))}/` : undefined)

/** Which folders the modules of each folder import (relative imports, type-only ones included). */
function importedFolders(): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>()
  for (const path of listModules()) {
    const from = folderOf(path)
    if (!from) continue
    const text = readFileSync(posix.join(srcDir, path), 'utf8')
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = folderOf(posix.normalize(posix.join(posix.dirname(path), specifier!)))
      if (!target || target === from || target.startsWith('..')) continue
      imports.set(from, (imports.get(from) ?? new Set()).add(target))
    }
  }
  return imports
}

/** The platform table's rows: each folder named in the first cell, with the folders of the last cell. */
function documentedFolders(): Map<string, Set<string>> {
  const table = architecture.slice(architecture.indexOf('| folder | what it holds | depends on |'))
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2)
  const documented = new Map<string, Set<string>>()
  for (const row of rows) {
    const cells = row.split(' | ')
    const folders = [...cells[0]!.matchAll(/`([a-z-]+\/)`/g)].map((match) => match[1]!)
    const dependsOn = [...cells.at(-1)!.matchAll(/`([a-z-]+\/)`/g)].map((match) => match[1]!)
    for (const folder of folders) documented.set(folder, new Set(dependsOn))
  }
  return documented
}

describe("the architecture's platform table", () => {
  const imports = importedFolders()
  const documented = documentedFolders()

  it('has a row for every folder of src/', () => {
    const folders = readdirSync(srcDir).filter(
      (name) => statSync(posix.join(srcDir, name)).isDirectory() && name !== 'testing',
    )
    expect(folders.map((name) => `${name}/`).filter((folder) => !documented.has(folder))).toEqual([])
  })

  it('names exactly the folders each folder imports', () => {
    const differences = [...documented.keys()].flatMap((folder) => {
      const said = [...documented.get(folder)!].sort()
      const done = [...(imports.get(folder) ?? [])].sort()
      return said.join() === done.join() ? [] : [{ folder, said, done }]
    })
    expect(differences).toEqual([])
  })
})
