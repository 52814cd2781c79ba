// CPU time spent by each part of the topology (PostgreSQL primary and replica, the platform processes,
// nginx) and by the benchmark's own driver, from Linux's /proc: what one order costs the machine, which
// bounds the orders per second its cores can give, whatever the latencies.
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100

/**
 * Every process's parent, command line and CPU time so far (user and system, in milliseconds); an
 * empty map where there is no /proc.
 * @returns {Map<number, { ppid: number, command: string, cpuMs: number }>}
 */
export function readProcesses() {
  /** @type {Map<number, { ppid: number, command: string, cpuMs: number }>} */
  const processes = new Map()
  let names = []
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return processes
  }
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // The command name is in parentheses and may hold spaces: the fields start after the last one.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ticks = Number(fields[11]) + Number(fields[12])
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ')
      processes.set(Number(name), {
        ppid: Number(fields[1]),
        command,
        cpuMs: (ticks * 1000) / TICKS_PER_SECOND,
      })
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return processes
}

/**
 * CPU milliseconds each named part used between two readings. A part is the processes `isRoot`
 * picks and all their descendants (a PostgreSQL server's backends, nginx's workers); a process that
 * ended between the readings is not counted.
 * @param {ReturnType<typeof readProcesses>} before
 * @param {ReturnType<typeof readProcesses>} after
 * @param {Record<string, (pid: number, process: { command: string }) => boolean>} parts
 * @returns {Record<string, number>}
 */
export function cpuByPart(before, after, parts) {
  const partOf = (pid) => {
    for (let current = pid, depth = 0; current > 1 && depth < 16; depth++) {
      const process = after.get(current)
      if (!process) return undefined
      for (const [name, isRoot] of Object.entries(parts)) if (isRoot(current, process)) return name
      current = process.ppid
    }
    return undefined
  }
  const used = Object.fromEntries(Object.keys(parts).map((name) => [name, 0]))
  for (const [pid, process] of after) {
    const part = partOf(pid)
    if (part) used[part] += process.cpuMs - (before.get(pid)?.cpuMs ?? 0)
  }
  return used
}
