import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts'

describe('lockDataDir', () => {
  it('refuses a second holder while the first one lives, and frees the directory on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-lock-'))
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir)).toThrow(/in use by process \d+/)
    release()
    lockDataDir(dir)()
  })

  it('takes over a lock left by a process that died', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-lock-'))
    const child = spawn(process.execPath, ['-e', ''])
    const deadPid = child.pid!
    await new Promise((resolve) => child.on('exit', resolve))
    writeFileSync(join(dir, 'platform.lock'), `${deadPid}@${hostname()}`)
    const release = lockDataDir(dir)
    release()
  })

  it('refuses a lock held by another live process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-lock-'))
    writeFileSync(join(dir, 'platform.lock'), `1@${hostname()}`)
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError)
  })
})
