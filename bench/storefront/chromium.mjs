// Debian's Chromium, started headless with a DevTools port for Lighthouse, in its own process group so that
// stopping it leaves no renderer behind.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where Debian installs Chromium (scripts/ensure-chromium.mjs); `CHROMIUM_PATH` overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** The flags the project runs Chromium with everywhere (e2e/playwright.config.ts). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Starts Chromium with a fresh profile and a DevTools port chosen by Chromium itself.
 * @returns {Promise<{ port: number, version: string, stop: () => Promise<void> }>}
 * @throws {Error} when Chromium does not start or does not say where DevTools listens within 60 s
 */
export async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'aisle-lighthouse-'))
  const child = spawn(
    chromiumPath,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  )
  const exited = new Promise((done) => child.on('exit', done))
  const stop = async () => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM')
    } catch {
      // Already gone.
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))])
    rmSync(profile, { recursive: true, force: true })
  }
  try {
    const port = await new Promise((resolve, reject) => {
      let output = ''
      const timer = setTimeout(() => reject(new Error(`Chromium did not start in 60 s:\n${output}`)), 60_000)
      child.on('error', (error) => reject(new Error(`could not start ${chromiumPath}: ${error.message}`)))
      child.on('exit', (code) => reject(new Error(`Chromium exited with code ${code}:\n${output}`)))
      child.stderr.setEncoding('utf8')
      child.stderr.on('data', (chunk) => {
        output += chunk
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      })
    })
    const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()
    return { port, version: version.Browser, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
