#!/usr/bin/env node
// Where a platform's CPU went, from a V8 CPU profile (`.cpuprofile`, as `BENCH_CPU_PROFILE=1` writes
// under the order-path and funnel benchmarks, or `node --cpu-prof`): the busy time (idle left out), then
// per package (ours, hono, pg, node internals, V8 builtins, the garbage collector) and per function,
// self time (where the CPU ran) and total time (with what it called).
//
//   node bench/harness/summarise-cpu-profile.mjs <file.cpuprofile>... [--top 30] [--orders N] [--json]
//     [--callers <text>] [--steps <windows.json> [--step <name>]]
//
// With several files (one per platform process) their times add up. `--orders N` adds milliseconds per
// order (N the orders placed while profiling, as the benchmark logs them). `--callers formatMoney` lists,
// for each function whose name holds the text, who called it and the total time under each caller.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/**
 * The package a frame belongs to: `ours` (this repository's code outside node_modules), a package of
 * node_modules by name, `node internals` (node: modules), `WebAssembly (PGlite)`, `V8 builtins` (no
 * script: JSON, RegExp, Array...), `(garbage collector)`, `(program)` (V8 outside JavaScript) or `(idle)`.
 * @param {{ functionName: string, url: string }} frame
 */
export function packageOf(frame) {
  const { functionName, url } = frame
  if (!url) return functionName.startsWith('(') ? functionName : 'V8 builtins'
  if (url.startsWith('node:')) return 'node internals'
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite)'
  const modules = url.lastIndexOf('/node_modules/')
  if (modules !== -1) {
    const [first, second] = url.slice(modules + '/node_modules/'.length).split('/')
    return first.startsWith('@') ? `${first}/${second}` : first
  }
  return url.includes(repoRoot) || url.includes('/apps/') || url.includes('/packages/') ? 'ours' : 'other'
}

/** `name (path:line)`, the path relative to the repository or to node_modules. */
function describeFrame({ functionName, url, lineNumber }) {
  const name = functionName || '(anonymous)'
  if (!url) return name
  // Relative to node_modules, or to the checkout it ran from (this one, or a baseline's elsewhere).
  const path = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^\/.*?\/((apps|packages)\/)/, '$1')
    .replace(repoRoot, '')
  return `${name} (${path}:${lineNumber + 1})`
}

/**
 * Self and total microseconds per function and per package over one or more profiles.
 * @param {{ nodes: { id: number, callFrame: any, children?: number[] }[], samples: number[], timeDeltas: number[], startTime: number }[]} profiles
 * @param {(micros: number) => boolean} [keep] which samples count, by their time (the profile's clock:
 *   microseconds of the monotonic clock, as `process.hrtime` reads it in any process of the machine)
 */
export function summariseProfiles(profiles, keep = () => true) {
  const functions = new Map()
  const packages = new Map()
  /** Per function, the total time spent in it under each of its callers. */
  const callers = new Map()
  const entry = (map, key, extra) => {
    let value = map.get(key)
    if (!value) {
      value = { self: 0, total: 0, ...extra }
      map.set(key, value)
    }
    return value
  }
  let busy = 0
  let idle = 0
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]))
    const parent = new Map()
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
    // Each node's stack of function and package keys, computed once.
    const stacks = new Map()
    const stackOf = (id) => {
      let stack = stacks.get(id)
      if (stack) return stack
      const functionKeys = new Set()
      const packageKeys = new Set()
      /** Each function on the stack with the function that called it (its first appearance from the leaf). */
      const calledBy = new Map()
      let callee
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at).callFrame
        if (frame.functionName === '(root)') continue
        const key = describeFrame(frame)
        if (callee !== undefined && !calledBy.has(callee)) calledBy.set(callee, key)
        callee = key
        functionKeys.add(key)
        packageKeys.add(packageOf(frame))
      }
      const leaf = byId.get(id).callFrame
      stack = {
        functionKeys,
        packageKeys,
        calledBy,
        leafFunction: describeFrame(leaf),
        leafPackage: packageOf(leaf),
      }
      stacks.set(id, stack)
      return stack
    }
    let at = profile.startTime
    profile.samples.forEach((id, index) => {
      at += profile.timeDeltas[index] ?? 0
      // The delta after a sample is the time spent in it (the last sample's is unknown: left out).
      const micros = profile.timeDeltas[index + 1] ?? 0
      if (!keep(at)) return
      const stack = stackOf(id)
      if (stack.leafPackage === '(idle)') {
        idle += micros
        return
      }
      busy += micros
      const leaf = entry(functions, stack.leafFunction)
      leaf.package = stack.leafPackage
      leaf.self += micros
      entry(packages, stack.leafPackage).self += micros
      for (const key of stack.functionKeys) entry(functions, key).total += micros
      for (const [key, caller] of stack.calledBy) {
        const byCaller = callers.get(key) ?? new Map()
        callers.set(key, byCaller)
        byCaller.set(caller, (byCaller.get(caller) ?? 0) + micros)
      }
      for (const key of stack.packageKeys) entry(packages, key).total += micros
    })
  }
  return { busy, idle, functions, packages, callers }
}

function main() {
  const args = process.argv.slice(2)
  const option = (name, fallback) => {
    const at = args.indexOf(name)
    if (at === -1) return fallback
    const [value] = args.splice(at, 2).slice(1)
    return value
  }
  const top = Number(option('--top', 30))
  const orders = Number(option('--orders', 0))
  const callersOf = option('--callers', undefined)
  // `--steps <file> --step <name>`: only the samples taken while that step ran (the windows the funnel's
  // step-cost tool writes: [step, fromMicros, toMicros] on the monotonic clock).
  const stepsFile = option('--steps', undefined)
  const step = option('--step', undefined)
  const windows = stepsFile
    ? JSON.parse(readFileSync(stepsFile, 'utf8')).filter(([name]) => step === undefined || name === step)
    : undefined
  const keep = windows
    ? (micros) => windows.some(([, from, to]) => micros >= from && micros <= to)
    : () => true
  const asJson = args.includes('--json')
  const files = args.filter((arg) => arg !== '--json')
  if (files.length === 0) {
    console.error('usage: summarise-cpu-profile.mjs <file.cpuprofile>... [--top 30] [--orders N] [--json]')
    process.exit(2)
  }
  const { busy, idle, functions, packages, callers } = summariseProfiles(
    files.map((file) => JSON.parse(readFileSync(file, 'utf8'))),
    keep,
  )
  const ms = (micros) => Math.round(micros / 100) / 10
  const percent = (micros) => `${((micros / busy) * 100).toFixed(1)}%`
  const perOrder = (micros) => (orders > 0 ? `${(micros / 1000 / orders).toFixed(2)} ms/order` : '')
  const rows = (map, by, count) =>
    [...map.entries()]
      .sort((a, b) => b[1][by] - a[1][by])
      .slice(0, count)
      .map(([name, value]) => ({ name, ...value }))
  const result = {
    busyMs: ms(busy),
    idleMs: ms(idle),
    orders: orders || undefined,
    packages: rows(packages, 'self', Infinity).map((row) => ({
      ...row,
      self: ms(row.self),
      total: ms(row.total),
    })),
    selfTop: rows(functions, 'self', top).map((row) => ({
      ...row,
      self: ms(row.self),
      total: ms(row.total),
    })),
    totalOursTop: rows(
      new Map([...functions].filter(([name]) => / \((apps|packages)\//.test(name))),
      'total',
      top,
    ).map((row) => ({ ...row, self: ms(row.self), total: ms(row.total) })),
  }
  if (asJson) {
    console.log(JSON.stringify(result, null, 2))
    return
  }
  const line = (label, self, total) =>
    `  ${percent(self).padStart(6)} self ${String(ms(self)).padStart(8)} ms  total ${percent(total).padStart(6)}  ${perOrder(self).padEnd(16)} ${label}`
  console.log(
    `${files.length} profile(s): ${ms(busy)} ms busy, ${ms(idle)} ms idle${orders ? `, ${orders} orders: ${(busy / 1000 / orders).toFixed(2)} ms busy per order` : ''}`,
  )
  console.log('\nBy package (self: where the CPU ran; total: with what it called)')
  for (const [name, value] of [...packages].sort((a, b) => b[1].self - a[1].self))
    console.log(line(name, value.self, value.total))
  if (callersOf !== undefined) {
    for (const [name, byCaller] of callers) {
      if (!name.includes(callersOf)) continue
      console.log(`\nCallers of ${name}`)
      for (const [caller, micros] of [...byCaller].sort((a, b) => b[1] - a[1]).slice(0, top))
        console.log(line(caller, 0, micros))
    }
    return
  }
  console.log(`\nTop ${top} functions by self time`)
  for (const [name, value] of [...functions].sort((a, b) => b[1].self - a[1].self).slice(0, top))
    console.log(line(`${name} [${value.package ?? ''}]`, value.self, value.total))
  console.log(`\nTop ${top} of our functions by total time`)
  for (const row of rows(
    new Map([...functions].filter(([name]) => / \((apps|packages)\//.test(name))),
    'total',
    top,
  ))
    console.log(line(row.name, row.self, row.total))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main()
