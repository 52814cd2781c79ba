import { type AppDeps, createApp } from '../app.ts'
import { appDepsFromConfig } from '../app-deps-from-config.ts'
import { parseConfig } from '../config.ts'
import type { Db } from '../db/db.ts'
import { silentLogger } from '../log.ts'
import { createMemoryMediaStorage } from '../media/memory-media-storage.ts'
import { createDrainState } from '../observability/readiness.ts'

/** The app dependencies `main.ts` would make of the environment `env`, on `db` (media in memory, no logs). */
export function depsFromConfig(db: Db, env: Record<string, string>): AppDeps {
  return appDepsFromConfig(parseConfig(env), {
    db,
    logger: silentLogger,
    clock: () => new Date(),
    mediaStorage: createMemoryMediaStorage(),
    metricsToken: undefined,
    drain: createDrainState(),
  })
}

/** The app `main.ts` would make of the environment `env`, on `db`. */
export function appFromConfig(db: Db, env: Record<string, string>) {
  return createApp(depsFromConfig(db, env))
}
