// The dashboard's demo owner sign-in for `npm start`'s banner, as the platform itself says it.

/**
 * What the platform will say about the demo owner's sign-in when started with `env` (its
 * `demoOwnerSignIn` on its own `parseConfig`, read through tsx: one rule, not a copy of it here). Needs the
 * dependencies installed.
 * @param {NodeJS.ProcessEnv} env the platform's environment
 * @returns {Promise<string | undefined>} nothing when no demo store is seeded
 * @throws {Error} what the platform would refuse to start with (a `ConfigError`)
 */
export async function findDemoOwnerSignIn(env) {
  const { tsImport } = await import('tsx/esm/api')
  const [{ parseConfig }, { demoOwnerSignIn }] = await Promise.all([
    tsImport('../apps/platform/src/config.ts', import.meta.url),
    tsImport('../apps/platform/src/seed/demo-owner-sign-in.ts', import.meta.url),
  ])
  return demoOwnerSignIn(parseConfig(env))
}
