import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { migrations } from '../db/migrate.ts'
import { openPostgres } from '../db/postgres-db.ts'
import { DEMO_CLIENT_ID } from '../seed/demo-ids.ts'
import { databaseKinds } from '../testing/test-database.ts'
import { EXIT, type OperatorIo, runOperatorCommand } from './operator-command.ts'

const PASSWORD = 'a long enough owner password 7'

/** Runs the command as the operator would, with its two output streams kept apart. */
async function aisle(args: string[], env: Record<string, string>, readPassword = async () => PASSWORD) {
  let stdout = ''
  let stderr = ''
  const io: OperatorIo = {
    env: { ...env },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    readPassword,
  }
  const code = await runOperatorCommand(args, io)
  return { code, stdout, stderr }
}

describe.each(databaseKinds())('the operator command on %s', (kind) => {
  let env: Record<string, string>
  let cleanUp: () => Promise<void>

  beforeAll(async () => {
    if (kind === 'pglite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'aisle-operator-'))
      env = { DATA_DIR: dataDir }
      cleanUp = async () => rmSync(dataDir, { recursive: true, force: true })
      return
    }
    // An empty database of its own: the command opens it by DATABASE_URL, as in production.
    const server = inject('postgresTemplates')!.url
    const name = `aisle_operator_${randomUUID().replaceAll('-', '')}`
    const admin = openPostgres(server, { max: 1 })
    await admin.query(`create database ${name}`)
    const url = new URL(server)
    url.pathname = `/${name}`
    env = { DATABASE_URL: url.toString() }
    cleanUp = async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.close()
    }
  })
  afterAll(() => cleanUp())

  it('reports every migration pending on an empty database, and exits 3', async () => {
    const { code, stdout } = await aisle(['status', '--json'], env)
    const status = JSON.parse(stdout)
    expect(code).toBe(EXIT.pending)
    expect(status).toMatchObject({ reachable: true, applied: [], unknown: [] })
    expect(status.pending).toHaveLength(migrations.length)
    expect(status.rows.sites).toBeNull()
  })

  it('migrates with one line per migration on standard error and the result on standard output', async () => {
    const first = await aisle(['migrate'], env)
    expect(first.code).toBe(EXIT.ok)
    expect(first.stderr.trim().split('\n')).toEqual(
      migrations.map((m) =>
        expect.stringMatching(
          new RegExp(`^migrated ${String(m.version).padStart(3, '0')} ${m.name} in \\d+ ms$`),
        ),
      ),
    )
    expect(first.stdout).toBe(
      `Applied ${migrations.length} migration(s); the database is at version ${migrations.at(-1)!.version}.\n`,
    )
    const again = await aisle(['migrate'], env)
    expect(again).toEqual({
      code: EXIT.ok,
      stdout: 'Nothing to apply: the database has every migration of this release.\n',
      stderr: '',
    })
  })

  it('seeds the demo store once, without the well-known owner password', async () => {
    const seeded = await aisle(['seed', 'demo'], env)
    expect(seeded.code).toBe(EXIT.ok)
    expect(seeded.stdout).toContain(`OAuth client ${DEMO_CLIENT_ID}`)
    expect(seeded.stdout).toContain('No dashboard owner yet')
    const again = await aisle(['seed'], env)
    expect(again.stdout).toContain('nothing seeded')
    const { stdout } = await aisle(['status', '--json'], env)
    expect(JSON.parse(stdout).rows).toMatchObject({ sites: 1, site_users: 0 })
  })

  it('creates an owner with a password read from input, then resets it from SITE_OWNER_PASSWORD', async () => {
    const created = await aisle(['create-owner', '--email', 'Owner@Shop.example'], env)
    expect(created.code).toBe(EXIT.ok)
    expect(created.stdout).toContain('Created site owner owner@shop.example')
    const reset = await aisle(
      ['create-owner', '--email', 'owner@shop.example'],
      {
        ...env,
        SITE_OWNER_PASSWORD: `${PASSWORD} changed`,
      },
      async () => {
        throw new Error('asked for a password although SITE_OWNER_PASSWORD is set')
      },
    )
    expect(reset.code).toBe(EXIT.ok)
    expect(reset.stdout).toContain('Set a new password for owner@shop.example')
    for (const output of [created, reset]) expect(output.stdout + output.stderr).not.toContain(PASSWORD)
  })

  it('refuses a short password and a missing e-mail with exit 2, and saves nothing', async () => {
    const short = await aisle(['create-owner', '--email', 'second@shop.example'], env, async () => 'short')
    expect(short.code).toBe(EXIT.usage)
    expect(short.stderr).toMatch(/password must be at least 10 characters/)
    const missing = await aisle(['create-owner'], env)
    expect(missing.code).toBe(EXIT.usage)
    expect(missing.stderr).toContain('create-owner needs --email')
    const { stdout } = await aisle(['status', '--json'], env)
    expect(JSON.parse(stdout).rows.site_users).toBe(1)
  })

  it('says the database is up to date and counts its rows', async () => {
    const { code, stdout } = await aisle(['status'], env)
    expect(code).toBe(EXIT.ok)
    expect(stdout).toMatch(new RegExp(`migrations  ${migrations.length} applied, 0 pending`))
    expect(stdout).toMatch(/rows {8}sites 1, site_users 1, products \d+/)
  })
})

describe('the operator command', () => {
  it('reports an unreachable server with exit 1 and never shows its password', async () => {
    const { code, stdout } = await aisle(['status'], {
      DATABASE_URL: 'postgres://aisle:sup3r-secret@127.0.0.1:1/aisle',
    })
    expect(code).toBe(EXIT.failed)
    expect(stdout).toMatch(/^database {4}postgres 127\.0\.0\.1:1\/aisle: unreachable \(/)
    expect(stdout).not.toContain('sup3r-secret')
  })

  it('answers an unknown command, a bad preset and an unknown option with the usage and exit 2', async () => {
    for (const args of [['launch'], ['seed', '20k'], ['status', '--verbose']]) {
      const { code, stderr } = await aisle(args, { DATA_DIR: '/nonexistent' })
      expect(code, args.join(' ')).toBe(EXIT.usage)
      expect(stderr).toContain('usage: aisle <command>')
    }
  })
})
