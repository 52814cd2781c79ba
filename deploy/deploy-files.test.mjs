// What can be checked of deploy/ without Docker or systemd: the files name settings .env.example lists,
// the compose file parses and builds from the archive `npm run release` makes, nginx accepts the configs.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../scripts/processes.mjs'
import { releaseName, releaseTarget } from '../scripts/release.mjs'

const deployDir = join(repoRoot, 'deploy')
const read = (path) => readFileSync(join(deployDir, path), 'utf8')
const listed = new Set(
  readFileSync(join(repoRoot, '.env.example'), 'utf8')
    .split('\n')
    .flatMap((line) => /^# ([A-Z][A-Z0-9_]+)=/.exec(line)?.[1] ?? []),
)
const units = readdirSync(join(deployDir, 'systemd')).filter((name) => /\.(service|timer)$/.test(name))
const compose = read('compose.yaml')

/** The variables a unit sets: `Environment=NAME=…` and `/usr/bin/env NAME=…` in its commands. */
function unitVariables(text) {
  const names = [...text.matchAll(/^Environment=([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1])
  for (const [, command] of text.matchAll(/^ExecStart=\/usr\/bin\/env ((?:[A-Z][A-Z0-9_]*=\S* )+)/gm)) {
    names.push(
      ...command
        .trim()
        .split(' ')
        .map((pair) => pair.slice(0, pair.indexOf('='))),
    )
  }
  return names
}

/** node-postgres' own settings (libpq's names), which compose.yaml hands the Aisle containers. */
const DRIVER_VARIABLES = new Set(['PGPASSWORD'])

/**
 * The compose file's variables: `${NAME}` it reads, and the keys of every `environment:` block of the
 * services that run Aisle (the postgres image's own POSTGRES_* keys are that image's settings, PGPASSWORD
 * node-postgres').
 */
function composeVariables(text) {
  const names = [...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1])
  let service
  let environmentIndent
  for (const line of text.split('\n')) {
    const indent = line.length - line.trimStart().length
    const serviceMatch = /^ {2}([a-z-]+):\s*$/.exec(line)
    if (serviceMatch) service = serviceMatch[1]
    if (environmentIndent !== undefined && line.trim() && indent <= environmentIndent)
      environmentIndent = undefined
    if (environmentIndent !== undefined && service !== 'postgres') {
      const key = /^\s+([A-Z][A-Z0-9_]*):/.exec(line)
      if (key && !DRIVER_VARIABLES.has(key[1])) names.push(key[1])
    }
    if (/^\s+environment:\s*$/.test(line)) environmentIndent = indent
  }
  return names
}

/** The compose file as JSON, through a YAML parser already on the machine (Python's), or undefined. */
function parseComposeWithPython() {
  const parsed = spawnSync(
    'python3',
    ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'],
    { input: compose, encoding: 'utf8' },
  )
  return parsed.status === 0 ? JSON.parse(parsed.stdout) : undefined
}
const parsedCompose = parseComposeWithPython()

describe('deploy/', () => {
  it('names in its systemd units only settings .env.example lists', () => {
    const names = units.flatMap((unit) => unitVariables(read(`systemd/${unit}`)).map((name) => [name, unit]))
    expect(names.length).toBeGreaterThan(10)
    expect(names.filter(([name]) => !listed.has(name))).toEqual([])
  })

  it('names in its compose file only settings .env.example lists', () => {
    const names = composeVariables(compose)
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'AISLE_API_URL', 'POSTGRES_PASSWORD']))
    expect(names).not.toContain('POSTGRES_DB')
    expect(names.filter((name) => !listed.has(name))).toEqual([])
  })

  it('finds a variable .env.example does not list', () => {
    expect(
      unitVariables('Environment=NOT_A_SETTING=1\nExecStart=/usr/bin/env OTHER=%i /usr/bin/node x'),
    ).toEqual(['NOT_A_SETTING', 'OTHER'])
    expect(
      composeVariables('services:\n  web:\n    environment:\n      ODD_ONE: "1"\n    ports: []\n'),
    ).toEqual(['ODD_ONE'])
  })

  it('builds the image from the archive npm run release makes, in name and in the compose file', () => {
    const archive = `.tmp/release/${releaseName}-${releaseTarget}.tar.gz`
    if (releaseTarget === 'linux-x64') {
      expect(read('Dockerfile')).toContain(`ARG AISLE_ARCHIVE=${archive}`)
      expect(compose).toContain(`AISLE_ARCHIVE: ${archive}`)
    }
    expect(read('Dockerfile')).toMatch(/^FROM node:24-slim$/m)
    expect(read('Dockerfile')).toMatch(/^USER aisle$/m)
  })

  it('sends the builder the release archive alone: a .dockerignore at the root of the build context', () => {
    // Every builder reads `.dockerignore` at the context's root; podman and compose v1 ignore
    // deploy/Dockerfile.dockerignore, and then send the whole repository (node_modules, .tmp, .git).
    expect(compose).toMatch(/^ {4}context: \.\.$/m)
    const ignored = readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
    expect(ignored).toEqual(['*', '!.tmp/release/*.tar.gz'])
    expect(existsSync(join(deployDir, 'Dockerfile.dockerignore'))).toBe(false)
  })

  it('keeps the archive out of the image: unpacked in a stage the final image copies a folder from', () => {
    const stages = read('Dockerfile')
      .split(/^(?=FROM )/m)
      .slice(1)
    expect(stages.length).toBe(2)
    expect(stages[0]).toMatch(/^COPY \$\{AISLE_ARCHIVE\} /m)
    const final = stages.at(-1)
    expect(final).not.toMatch(/AISLE_ARCHIVE|\.tar\.gz/)
    expect(final).toMatch(/^COPY --from=unpack \/opt\/aisle \/opt\/aisle$/m)
  })

  it('declares no VOLUME, which would leave an anonymous volume behind each setup and storefront container', () => {
    expect(read('Dockerfile')).not.toMatch(/^VOLUME\b/m)
    // The platform's media go to a named volume at DATA_DIR instead.
    expect(read('Dockerfile')).toMatch(/^\s+DATA_DIR=\/var\/lib\/aisle /m)
    expect(compose).toMatch(/^ {6}- media:\/var\/lib\/aisle$/m)
  })

  it('runs its health checks as one shell string (CMD-SHELL), which podman and podman-compose keep whole', () => {
    const tests = [...compose.matchAll(/^ {6}test: (.+)$/gm)].map((match) => JSON.parse(match[1]))
    expect(tests).toHaveLength(3)
    for (const test of tests) {
      expect(test[0]).toBe('CMD-SHELL')
      expect(test).toHaveLength(2)
    }
  })

  it('keeps the password out of DATABASE_URL, where # / ? @ would break it: PGPASSWORD carries it', () => {
    const url = /^x-database-url: &database-url (\S+)$/m.exec(compose)?.[1]
    expect(url).toBe('postgres://aisle@postgres:5432/aisle')
    expect(compose).toMatch(
      /^x-database-password: &database-password \$\{POSTGRES_PASSWORD:\?set POSTGRES_PASSWORD\}$/m,
    )
    // Every service given the URL is given the password, and nothing else is built from it.
    expect(compose.match(/DATABASE_URL: \*database-url\n\s+PGPASSWORD: \*database-password\n/g)).toHaveLength(
      2,
    )
    expect(compose.match(/\$\{POSTGRES_PASSWORD/g)).toHaveLength(2)
  })

  it('has no top-level name:, which compose v1 refuses', () => {
    expect(compose).not.toMatch(/^name:/m)
    expect(read('README.md')).toMatch(/docker-compose 1\.29/)
  })

  it.skipIf(!parsedCompose)(
    'has a compose file that parses, each service of Aisle with a health check or an end',
    () => {
      const { services } = parsedCompose
      expect(Object.keys(services).sort()).toEqual(['platform', 'postgres', 'setup', 'storefront'])
      for (const name of ['postgres', 'platform', 'storefront'])
        expect(services[name].healthcheck, name).toBeDefined()
      expect(services.platform.depends_on.setup.condition).toBe('service_completed_successfully')
      expect(services.storefront.depends_on.platform.condition).toBe('service_healthy')
      expect(services.storefront.command).toEqual(['node', 'apps/storefront/server.js'])
      expect(services.setup.command).toEqual(['node', 'bin/aisle.mjs', 'seed', 'demo'])
      for (const name of ['setup', 'platform']) {
        expect(services[name].environment).toMatchObject({
          DATABASE_URL: 'postgres://aisle@postgres:5432/aisle',
          PGPASSWORD: expect.stringMatching(/^\$\{POSTGRES_PASSWORD:\?/),
        })
      }
      for (const name of ['postgres', 'platform', 'storefront'])
        expect(services[name].healthcheck.test[0], name).toBe('CMD-SHELL')
      expect(parsedCompose.name).toBeUndefined()
    },
  )

  describe.skipIf(!existsSync('/usr/sbin/nginx') || !existsSync('/usr/bin/openssl'))('nginx', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-deploy-nginx-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('accepts the one-machine and the read-only configurations (nginx -t)', () => {
      // A throwaway certificate stands in for certbot's, a throwaway folder for the assets' cache; the
      // read-only host listens on loopback here.
      const certificate = join(dir, 'cert.pem')
      const key = join(dir, 'key.pem')
      const made = spawnSync('/usr/bin/openssl', [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=shop.example'],
        ...['-keyout', key, '-out', certificate],
      ])
      expect(made.status, String(made.stderr)).toBe(0)
      const site = read('nginx/aisle.conf')
        .replaceAll(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/g, certificate)
        .replaceAll(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/g, key)
        .replaceAll('/var/lib/nginx/aisle-assets', join(dir, 'aisle-assets'))
      const readOnly = read('nginx/aisle-read-only.conf').replace('10.0.0.10:8080', '127.0.0.1:8080')
      mkdirSync(join(dir, 'logs'))
      writeFileSync(join(dir, 'aisle.conf'), site)
      writeFileSync(join(dir, 'aisle-read-only.conf'), readOnly)
      writeFileSync(
        join(dir, 'nginx.conf'),
        [
          `pid ${join(dir, 'nginx.pid')};`,
          `error_log ${join(dir, 'logs/error.log')};`,
          'events {}',
          'http {',
          `  access_log ${join(dir, 'logs/access.log')};`,
          `  include ${join(dir, 'aisle.conf')};`,
          `  include ${join(dir, 'aisle-read-only.conf')};`,
          '}',
        ].join('\n'),
      )
      const checked = spawnSync('/usr/sbin/nginx', ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], {
        encoding: 'utf8',
      })
      expect(checked.status, checked.stderr).toBe(0)
      expect(checked.stderr).toContain('syntax is ok')
    })
  })
})
