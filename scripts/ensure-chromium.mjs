// Installs Debian's Chromium for the Playwright end-to-end tests when it is missing.
// Usage: node scripts/ensure-chromium.mjs
import { accessSync, constants } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { aptInstall } from './apt.mjs'
import { run, secondsSince } from './processes.mjs'

/** Where Debian's `chromium` package puts the browser; the e2e config launches this file. */
export const chromiumPath = '/usr/bin/chromium'

/**
 * Makes sure `/usr/bin/chromium` exists, installing Debian's `chromium` package with apt-get if not.
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {Promise<{ path: string, installed: boolean }>}
 * @throws {Error} when the browser is missing and apt-get cannot install it
 */
export async function ensureChromium({ log = console.log } = {}) {
  if (isExecutable(chromiumPath)) return { path: chromiumPath, installed: false }
  log(`chromium: ${chromiumPath} is missing; installing Debian's chromium package`)
  const started = performance.now()
  await aptInstall(['chromium'], { log })
  if (!isExecutable(chromiumPath)) {
    throw new Error(`apt-get installed the chromium package, but ${chromiumPath} is still missing`)
  }
  log(`chromium: installed in ${secondsSince(started)}`)
  return { path: chromiumPath, installed: true }
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { path, installed } = await ensureChromium()
  if (!installed) console.log(`chromium: ${path} is there`)
  await run(path, ['--version'])
}
