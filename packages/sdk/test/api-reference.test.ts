import { execFile } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// The API reference (`npm run docs:sdk`) is generated, not committed: this keeps its sources, the
// TSDoc of the public entry points, free of what TypeDoc warns about (broken links, undocumented exports).
const run = promisify(execFile)
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const typedoc = join(repoRoot, 'node_modules/typedoc/bin/typedoc')

describe('the API reference of @aisle/sdk', () => {
  it('is generated from the TSDoc of every entry point without a warning', async () => {
    // `typedoc.json` treats warnings as errors, so a warning fails the run with its message on stdout.
    const answer = await run(
      process.execPath,
      [typedoc, '--options', 'packages/sdk/typedoc.json', '--emit', 'none'],
      { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string; stderr?: string; code?: number }) => error)
    expect(`${answer.stdout ?? ''}${answer.stderr ?? ''}`).not.toMatch(/warning|error/i)
    expect('code' in answer ? answer.code : 0).toBe(0)
  }, 180_000)
})
