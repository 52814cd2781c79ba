// Debian packages for the test machine (Chromium, PostgreSQL), installed without questions.
import { existsSync } from 'node:fs'
import { run } from './processes.mjs'

/**
 * Runs `apt-get update` then `apt-get install -y <packages>`, non-interactively.
 * @param {string[]} packages
 * @param {{ log?: (line: string) => void, dpkgOptions?: string[] }} [options]
 * @throws {Error} naming the packages and the step that failed, with what to do by hand
 */
export async function aptInstall(packages, { log = console.log, dpkgOptions = [] } = {}) {
  const names = packages.join(' ')
  const byHand = `install it by hand (sudo apt-get install -y ${names}) and run again`
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`${names}: not installed, and apt-get is not available here to install it; ${byHand}`)
  }
  // sudo drops the environment, so the frontend setting travels on the command line too.
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n', 'env', 'DEBIAN_FRONTEND=noninteractive']
  if (asRoot.length > 0 && !existsSync('/usr/bin/sudo')) {
    throw new Error(`${names}: not installed, and installing needs root (no sudo here); ${byHand}`)
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  // Wait for another apt (unattended upgrades, a parallel run) instead of failing on its lock.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300']
  const options = dpkgOptions.flatMap((option) => ['-o', `Dpkg::Options::=${option}`])
  const steps = [
    ['apt-get', '-q', ...lockWait, 'update'],
    ['apt-get', '-q', ...lockWait, ...options, 'install', '-y', ...packages],
  ]
  for (const step of steps) {
    const command = [...asRoot, ...step]
    log(`$ ${command.join(' ')}`)
    const code = await run(command[0], command.slice(1), { env })
    if (code !== 0)
      throw new Error(`${names}: \`${step.join(' ')}\` failed with exit code ${code}; ${byHand}`)
  }
}
