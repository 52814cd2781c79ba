// Modification times, to skip a build whose output is newer than everything it is built from.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Generated folders that are outputs, not sources. */
const outputFolders = new Set(['node_modules', 'dist', 'build', '.react-router', 'test-results'])

/**
 * The latest modification time (ms) of the given files and of every file under the given folders,
 * 0 when none exists. Folders' own times are left out: creating `build/` touches its parent folder
 * in the same clock tick as the build's first output.
 * @param {string[]} paths
 * @returns {number}
 */
export function findNewestChange(paths) {
  let newest = 0
  for (const path of paths) {
    if (!existsSync(path)) continue
    const stats = statSync(path)
    if (!stats.isDirectory()) {
      newest = Math.max(newest, stats.mtimeMs)
      continue
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (!outputFolders.has(entry.name))
        newest = Math.max(newest, findNewestChange([join(path, entry.name)]))
    }
  }
  return newest
}

/**
 * Whether `output` exists and is newer than every source under `sources`.
 * @param {string} output
 * @param {string[]} sources
 */
export function isNewerThanSources(output, sources) {
  return existsSync(output) && statSync(output).mtimeMs > findNewestChange(sources)
}
