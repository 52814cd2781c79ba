// CPU profiles of the platform under a load benchmark (issue 36, decision 097): with BENCH_CPU_PROFILE=1,
// `cpuProfileEnv()` adds a preload to the platform processes' environment, and `profileAround` profiles
// them during the measured run only. `summarise-cpu-profile.mjs` reads the files.
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../scripts/processes.mjs'

export const isProfiling = process.env.BENCH_CPU_PROFILE === '1'
/** Where the profiles go (`BENCH_CPU_PROFILE_DIR`, default `bench/results/profiles/`, not committed). */
export const profileDirectory =
  process.env.BENCH_CPU_PROFILE_DIR ?? join(repoRoot, 'bench', 'results', 'profiles')

/** The environment that makes a platform process profileable: nothing unless BENCH_CPU_PROFILE=1. */
export function cpuProfileEnv() {
  if (!isProfiling) return {}
  mkdirSync(profileDirectory, { recursive: true })
  const preload = join(repoRoot, 'bench', 'harness', 'cpu-profile-preload.mjs')
  return {
    // The platform processes' own: whatever NODE_OPTIONS the benchmark ran with is not theirs.
    NODE_OPTIONS: `--import=${preload}`,
    BENCH_CPU_PROFILE_DIR: profileDirectory,
  }
}

/** How many profiles each process has written, so that the next file's name is known. */
const written = new Map()

/**
 * Runs `work` with the processes `pids` profiled (when BENCH_CPU_PROFILE=1; otherwise just runs it), and
 * resolves to its result once every profile is on disk; `log` names the files.
 * @template T
 * @param {number[]} pids
 * @param {() => Promise<T>} work
 * @param {(line: string) => void} log
 * @returns {Promise<T>}
 */
export async function profileAround(pids, work, log) {
  if (!isProfiling) return work()
  for (const pid of pids) process.kill(pid, 'SIGUSR2')
  // The profiler starts on the process's next turn: give it that before the load begins.
  await new Promise((resolve) => setTimeout(resolve, 200))
  const result = await work()
  const paths = pids.map((pid) => {
    const count = (written.get(pid) ?? 0) + 1
    written.set(pid, count)
    process.kill(pid, 'SIGUSR2')
    return join(profileDirectory, `platform-${pid}-${count}.cpuprofile`)
  })
  const deadline = performance.now() + 60_000
  while (!paths.every((path) => existsSync(path))) {
    if (performance.now() > deadline) throw new Error(`no CPU profile written: ${paths.join(', ')}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  for (const path of paths) log(`CPU profile: ${path} (node bench/harness/summarise-cpu-profile.mjs ${path})`)
  return result
}
