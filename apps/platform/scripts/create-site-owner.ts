// Creates a site owner who signs in to the merchant dashboard, or sets a new password for one (their
// sessions end). Usage, with the platform's database settings (DATABASE_URL, or DATA_DIR while the
// platform is stopped):
//   npm run create-site-owner -w @aisle/platform -- --email owner@shop.example [--site <site id>]
// The password comes from SITE_OWNER_PASSWORD, or is asked for on the terminal (not echoed).
import { parseArgs } from 'node:util'
import { ConfigError, parseConfig } from '../src/config.ts'
import { revokeSessionsOfSiteUser } from '../src/dashboard/session/session-store.ts'
import { saveSiteUser } from '../src/dashboard/session/site-user-store.ts'
import { DataDirLockedError } from '../src/db/data-dir-lock.ts'
import { migrate } from '../src/db/migrate.ts'
import { openDatabase } from '../src/db/open-database.ts'
import { ValidationError } from '../src/http/errors.ts'
import { createArgon2idHasher } from '../src/passwords/argon2id-hasher.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../src/passwords/password-policy.ts'

/** Reads a line from the terminal without showing it, or a line from a pipe. */
async function askPassword(): Promise<string> {
  const input = process.stdin
  if (!input.isTTY) {
    let text = ''
    for await (const chunk of input) text += String(chunk)
    return text.split(/\r?\n/)[0] ?? ''
  }
  process.stdout.write(`Password (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters): `)
  input.setRawMode(true)
  input.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    let password = ''
    const onData = (key: string) => {
      for (const char of key) {
        if (char === '\r' || char === '\n') {
          input.setRawMode(false)
          input.off('data', onData)
          input.pause()
          process.stdout.write('\n')
          resolve(password)
          return
        }
        if (char === '\u0003') {
          input.setRawMode(false)
          reject(new Error('cancelled'))
          return
        }
        password = char === '\u007f' ? password.slice(0, -1) : password + char
      }
    }
    input.on('data', onData)
  })
}

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, site: { type: 'string' } } })
  if (!values.email) throw new ConfigError('--email is required')
  const config = parseConfig(process.env)
  const db = await openDatabase(config)
  try {
    await migrate(db)
    const sites = await db.query<{ id: string; name: string }>(
      'select id, name from sites order by created_date',
    )
    const site = values.site
      ? sites.find((s) => s.id === values.site)
      : sites.length === 1
        ? sites[0]
        : undefined
    if (!site) {
      const known =
        sites.map((s) => `  ${s.id}  ${s.name}`).join('\n') || '  (none: start the platform once to seed)'
      throw new ConfigError(`--site must name one of the sites:\n${known}`)
    }
    const password = process.env.SITE_OWNER_PASSWORD ?? (await askPassword())
    const now = new Date()
    const { user, existed } = await saveSiteUser(
      db,
      createArgon2idHasher(),
      { siteId: site.id, email: values.email, password },
      now,
    )
    const ended = existed ? await revokeSessionsOfSiteUser(db, user.id, now) : 0
    process.stdout.write(
      existed
        ? `Set a new password for ${user.email} on ${site.name}; ended ${ended} session(s).\n`
        : `Created site owner ${user.email} for ${site.name}. Sign in at ${config.publicUrl}/dashboard\n`,
    )
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`create-site-owner: ${error.message}\n`)
    process.exit(2)
  }
  if (error instanceof ValidationError) {
    process.stderr.write(
      `create-site-owner: ${error.fieldViolations.map((v) => `${v.field} ${v.description}`).join('; ')}\n`,
    )
    process.exit(2)
  }
  process.stderr.write(
    `create-site-owner failed: ${error instanceof Error ? error.message : String(error)}\n`,
  )
  process.exit(1)
})
