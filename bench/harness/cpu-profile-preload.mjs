// Loaded into a platform process by `--import` when a benchmark runs with BENCH_CPU_PROFILE=1
// (`cpu-profile.mjs`): each SIGUSR2 toggles V8's sampling profiler, so the benchmark profiles exactly its
// measured run, not the start, the seed or the warm-up. Stopping writes
// `<BENCH_CPU_PROFILE_DIR>/platform-<pid>-<n>.cpuprofile` (Chrome DevTools' format), renamed into place
// when whole so that the benchmark, waiting for the file, never reads half of one.

import { renameSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { join } from 'node:path'

const directory = process.env.BENCH_CPU_PROFILE_DIR ?? process.cwd()
/** Microseconds between samples: fine enough for a request of a millisecond or two. */
const SAMPLING_MICROSECONDS = Number(process.env.BENCH_CPU_PROFILE_INTERVAL_US ?? 250)
const session = new Session()
session.connect()
let profiling = false
let written = 0
// A chain, so that two signals in quick succession never start and stop out of order.
let chain = Promise.resolve()

process.on('SIGUSR2', () => {
  chain = chain.then(toggle).catch((error) => console.error('cpu profile:', error))
})

async function toggle() {
  if (!profiling) {
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_MICROSECONDS })
    await session.post('Profiler.start')
    profiling = true
    return
  }
  const { profile } = await session.post('Profiler.stop')
  profiling = false
  written++
  const path = join(directory, `platform-${process.pid}-${written}.cpuprofile`)
  writeFileSync(`${path}.partial`, JSON.stringify(profile))
  renameSync(`${path}.partial`, path)
}
