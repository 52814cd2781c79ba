import type { createTestPlatform } from './test-platform.ts'

/** `POST /graphql/alpha` through the test platform, as a caller with `token` or with `headers`. */
export function createGraphQLCaller(platform: ReturnType<typeof createTestPlatform>) {
  return (
    query: string,
    variables?: Record<string, unknown>,
    options: { token?: string; headers?: Record<string, string>; version?: string } = {},
  ) =>
    platform.call('POST', `/graphql/${options.version ?? 'alpha'}`, {
      ...(options.token ? { token: options.token } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      body: { query, variables },
    })
}
