import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${holderPid}. PGlite allows one process per data ` +
        'directory: stop that process, choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
    )
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the exclusive lock on a data directory (PGlite has none between processes). A lock left by a
 * dead process on this host is taken over; a live holder is refused with `DataDirLockedError`.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = join(dataDir, 'platform.lock')
  const me = `${process.pid}@${hostname()}`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, me)
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(lockPath, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const [pidText, host] = readFileSync(lockPath, 'utf8').split('@')
      const pid = Number(pidText)
      const stale = host === hostname() && Number.isInteger(pid) && !isAlive(pid)
      if (!stale) throw new DataDirLockedError(dataDir, pid)
      rmSync(lockPath, { force: true })
    }
  }
  throw new DataDirLockedError(dataDir, -1)
}
