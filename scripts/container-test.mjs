// `npm run test:container`: the image and the compose stack of deploy/ run, not assumed. Makes the release
// archive, builds deploy/Dockerfile with podman, brings deploy/compose.yaml up (PostgreSQL, setup, platform,
// storefront) with docker-compose v1 against podman's Docker API, waits for every health check, runs a
// shopper through the SDK and the storefront against it, and removes everything it made (containers,
// volumes, network, image), on failure and Ctrl-C too. Needs root (rootful podman) and a few minutes; not
// part of `npm test`. Podman, the compose tools and the base images come from
// ../shared/tools/container-base-images.sh (beside the repository; see CONTAINERS.md there), run only for
// what is missing. Everything heavy runs under `nice -n 19`: the machines are shared.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isNewerThanSources } from './file-times.mjs'
import { repoRoot, run, secondsSince, startService } from './processes.mjs'
import { archivePath } from './release.mjs'
import { waitForHttp } from './wait-for-http.mjs'

const composeFile = join(repoRoot, 'deploy/compose.yaml')
/** The compose project: every container, volume and network it makes carries this name. */
const PROJECT = 'aisle-container-test'
/** Characters that break a password pasted into a URL: the stack must still reach PostgreSQL. */
const POSTGRES_PASSWORD = 'container #test/pass?word@1:%'
const BASE_IMAGES = {
  debian: 'docker.io/library/debian:trixie-slim',
  node: 'docker.io/library/node:24-slim',
  postgres: 'docker.io/library/postgres:17',
}
const HEALTH_TIMEOUT_MS = 10 * 60_000
const log = (line) => console.log(`container: ${line}`)

/** The image compose.yaml runs (`image:` of its Aisle services), which this test builds and removes. */
export function findComposeImage(text = readFileSync(composeFile, 'utf8')) {
  const image = /^\s+image: (aisle:\S+)$/m.exec(text)?.[1]
  if (!image) throw new Error(`${relative(repoRoot, composeFile)} names no aisle:<version> image`)
  return image
}

/**
 * `../shared/tools/container-base-images.sh` beside the repository; from a linked git worktree, beside
 * the main worktree too (where `../shared` is).
 * @returns {string}
 * @throws {Error} naming the places looked at when it is in none
 */
export function findBaseImagesScript(root = repoRoot) {
  const roots = [root]
  const common = spawnSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
    cwd: root,
    encoding: 'utf8',
  })
  if (common.status === 0) roots.push(dirname(common.stdout.trim()))
  const candidates = [
    ...new Set(roots.map((dir) => resolve(dir, '../shared/tools/container-base-images.sh'))),
  ]
  const found = candidates.find((path) => existsSync(path))
  if (!found) {
    throw new Error(
      `container-base-images.sh is not at ${candidates.join(' nor ')}: this test needs the project's ` +
        'shared tools beside the repository (../shared/tools/, see CONTAINERS.md there)',
    )
  }
  return found
}

/** Runs a command under `nice -n 19`; throws with `what` when it fails. */
async function niced(what, command, args, options) {
  const code = await run('nice', ['-n', '19', command, ...args], options)
  if (code !== 0) throw new Error(`${what} failed with exit code ${code} (see its output above)`)
}

/** A command's standard output, trimmed; undefined when it fails or is missing. */
function output(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options })
  return result.status === 0 ? result.stdout.trim() : undefined
}

/** Runs only the steps of the base-images script whose result is missing: seconds once all exist. */
async function ensureContainerTools(script) {
  const hasTools = ['podman', 'docker-compose'].every((tool) => output('sh', ['-c', `command -v ${tool}`]))
  const steps = []
  if (!hasTools || !existsSync('/etc/containers/containers.conf.d/50-local-images.conf')) steps.push('setup')
  for (const [step, image] of Object.entries(BASE_IMAGES)) {
    if (steps.includes('setup') || spawnSync('podman', ['image', 'exists', image]).status !== 0) {
      steps.push(step)
    }
  }
  if (steps.length === 0) {
    log('podman, docker-compose and the base images are in place')
    return
  }
  log(`installing with ${script}: ${steps.join(', ')}`)
  await niced('container-base-images.sh', 'bash', [script, ...steps])
}

/** Resolves when nothing listens on `port` on any address (compose.yaml publishes fixed ports). */
function checkPortFree(port) {
  return new Promise((done, reject) => {
    const probe = createServer()
    probe.once('error', () =>
      reject(new Error(`port ${port} is in use: deploy/compose.yaml publishes it; stop what listens there`)),
    )
    probe.listen(port, () => probe.close(() => done(undefined)))
  })
}

/** The compose command: docker-compose v1 (it honours `depends_on` conditions) on podman's Docker API. */
function composeArgs(...args) {
  return ['-p', PROJECT, '-f', composeFile, ...args]
}

/** Each container of the project by compose service: id, state, health and anonymous volumes. */
function inspectProject() {
  const ids = output('podman', [
    ...['ps', '-a', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`],
  ])
  if (!ids) return {}
  const inspected = JSON.parse(output('podman', ['inspect', ...ids.split('\n')]) ?? '[]')
  return Object.fromEntries(
    inspected.map((container) => [
      container.Config.Labels['com.docker.compose.service'],
      {
        id: container.Id,
        status: container.State.Status,
        exitCode: container.State.ExitCode,
        health: container.State.Health?.Status ?? container.State.Healthcheck?.Status,
        anonymousVolumes: (container.Mounts ?? [])
          .filter((mount) => mount.Type === 'volume' && /^[0-9a-f]{64}$/.test(mount.Name))
          .map((mount) => mount.Destination),
      },
    ]),
  )
}

/** The containers, volumes and networks of the project, by the label compose gives them. */
function findLeftovers() {
  const label = ['--filter', `label=com.docker.compose.project=${PROJECT}`]
  const list = (args) => (output('podman', [...args, ...label]) ?? '').split('\n').filter(Boolean)
  return {
    container: list(['container', 'ls', '-a', '-q']),
    volume: list(['volume', 'ls', '-q']),
    network: list(['network', 'ls', '-q']),
  }
}

/** Waits until setup has exited 0 and postgres, the platform and the storefront report healthy. */
async function waitForHealthy() {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  let last = ''
  while (Date.now() < deadline) {
    const services = inspectProject()
    const seen = Object.entries(services)
      .map(([name, c]) => `${name} ${c.status}${c.health ? `/${c.health}` : ''}`)
      .sort()
      .join(', ')
    if (seen !== last) log(seen || 'no containers yet')
    last = seen
    if (services.setup?.status === 'exited' && services.setup.exitCode !== 0) {
      throw new Error(`setup exited with ${services.setup.exitCode}`)
    }
    const healthy = ['postgres', 'platform', 'storefront'].every(
      (name) => services[name]?.health === 'healthy',
    )
    if (healthy && services.setup?.exitCode === 0) return services
    await new Promise((done) => setTimeout(done, 2_000))
  }
  throw new Error(`the stack was not healthy within ${HEALTH_TIMEOUT_MS / 60_000} minutes (last: ${last})`)
}

/** The SDK as plain Node imports it (packages/sdk/dist), built when older than its sources. */
async function ensureSdkBuild() {
  const sdk = join(repoRoot, 'packages/sdk')
  if (isNewerThanSources(join(sdk, 'dist/index.js'), [join(sdk, 'src'), join(sdk, 'package.json')])) return
  log('building @aisle/sdk for the shopper')
  await niced('the SDK build', 'npm', ['run', 'build', '-w', '@aisle/sdk'])
}

export async function runContainerTest() {
  const started = performance.now()
  if (process.getuid?.() !== 0) throw new Error('run as root: rootful podman needs it (see CONTAINERS.md)')
  const baseImagesScript = findBaseImagesScript()
  const image = findComposeImage()
  await Promise.all([checkPortFree(4000), checkPortFree(3000)])
  await ensureContainerTools(baseImagesScript)
  const versions = {
    podman: output('podman', ['--version']),
    compose: output('docker-compose', ['version', '--short']),
    node: output('podman', ['run', '--rm', '--pull=never', BASE_IMAGES.node, '--version']),
  }
  log(`${versions.podman}, docker-compose ${versions.compose}, node:24-slim has Node ${versions.node}`)

  log('the release archive (npm run release -- --reuse: rebuilt when its sources changed)')
  await niced('npm run release', 'npm', ['run', 'release', '--', '--reuse'])
  await ensureSdkBuild()

  const workDir = mkdtempSync(join(tmpdir(), 'aisle-container-'))
  const socket = join(workDir, 'podman.sock')
  const env = { ...process.env, DOCKER_HOST: `unix://${socket}`, POSTGRES_PASSWORD }
  /** @type {ReturnType<typeof startService>[]} */
  const services = []
  let cleaned = false
  const cleanUp = async () => {
    if (cleaned) return
    cleaned = true
    log('removing the containers, volumes, network and image')
    if (existsSync(socket)) {
      await run('docker-compose', composeArgs('down', '--volumes', '--remove-orphans', '--timeout', '10'), {
        env,
      })
    }
    // What compose could not remove (its API gone, a run cut short), by the project's label.
    for (const [kind, ids] of Object.entries(findLeftovers())) {
      if (ids.length > 0) spawnSync('podman', [kind, 'rm', '-f', ...ids], { stdio: 'inherit' })
    }
    spawnSync('podman', ['image', 'rm', '-f', image], { stdio: 'ignore' })
    for (const service of services) service.signal('SIGTERM')
    await Promise.all(services.map((service) => service.exited))
    rmSync(workDir, { recursive: true, force: true })
  }
  const interrupted = (signal) => {
    log(`${signal}: cleaning up`)
    cleanUp().finally(() => process.exit(130))
  }
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)

  try {
    log(`building ${image} from ${relative(repoRoot, archivePath)} with podman`)
    const buildStarted = performance.now()
    await niced('podman build', 'podman', [
      ...['build', '--pull=never', '--layers=false', '-f', 'deploy/Dockerfile'],
      ...['--build-arg', `AISLE_ARCHIVE=${relative(repoRoot, archivePath)}`, '-t', image, '.'],
    ])
    const size = output('podman', ['image', 'inspect', '--format', '{{.Size}}', image])
    log(`built in ${secondsSince(buildStarted)}, ${(Number(size) / 1e6).toFixed(0)} MB`)

    // Podman's Docker API for docker-compose, and the health-check runner: podman runs checks from
    // systemd timers, which these machines lack. Both niced, and so are the containers the API starts.
    services.push(
      startService('nice', ['-n', '19', 'podman', 'system', 'service', '--time=0', `unix://${socket}`], {
        label: 'podman-api',
      }),
      startService('nice', ['-n', '19', 'bash', baseImagesScript, 'healthchecks'], {
        label: 'healthchecks',
        logFile: join(workDir, 'healthchecks.log'),
      }),
    )
    const apiDeadline = Date.now() + 30_000
    while (!existsSync(socket)) {
      if (Date.now() > apiDeadline) throw new Error('podman system service made no socket in 30 s')
      await new Promise((done) => setTimeout(done, 200))
    }

    log(`docker-compose up (project ${PROJECT}, POSTGRES_PASSWORD with # / ? @ : %)`)
    const upStarted = performance.now()
    const up = run('docker-compose', composeArgs('up', '--detach', '--no-build'), { env })
    const stack = await waitForHealthy()
    const upCode = await up
    if (upCode !== 0) throw new Error(`docker-compose up failed with exit code ${upCode}`)
    log(`healthy in ${secondsSince(upStarted)}`)
    const anonymous = Object.entries(stack).filter(([, c]) => c.anonymousVolumes.length > 0)
    if (anonymous.length > 0) {
      throw new Error(
        `anonymous volumes: ${anonymous.map(([name, c]) => `${name} ${c.anonymousVolumes}`).join(', ')}`,
      )
    }

    // Imported only now: plain Node takes @aisle/sdk from packages/sdk/dist, built above.
    const { shopAsVisitor, visitStorefront } = await import('./shopper.mjs')
    await waitForHttp('http://127.0.0.1:4000/ready', { timeoutMs: 30_000, isReady: (s) => s === 200 })
    const shopped = await shopAsVisitor('http://127.0.0.1:4000')
    log(`shopper: ${shopped.items.length} products, cart ${shopped.cart._id} holds ${shopped.product.slug}`)
    await visitStorefront('http://127.0.0.1:3000', shopped)
    log(`storefront: / and /products/${shopped.product.slug} name the platform's products`)
    log(`passed in ${secondsSince(started)} (${versions.podman}, docker-compose ${versions.compose})`)
  } catch (error) {
    if (existsSync(socket)) {
      log('the stack as it was:')
      await run('docker-compose', composeArgs('ps'), { env })
      await run('docker-compose', composeArgs('logs', '--no-color', '--tail', '40'), { env })
    }
    await cleanUp()
    throw error
  } finally {
    await cleanUp()
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
  }
  const left = Object.entries(findLeftovers()).filter(([, ids]) => ids.length > 0)
  if (spawnSync('podman', ['image', 'exists', image]).status === 0) left.push(['image', [image]])
  if (left.length > 0) {
    throw new Error(`left behind: ${left.map(([kind, ids]) => `${kind} ${ids.join(' ')}`).join('; ')}`)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await runContainerTest()
  } catch (error) {
    console.error(`npm run test:container: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
}
