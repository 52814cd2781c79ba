import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// What the declarations do is tested where the routes are: session/form-protection.test.ts (an owner-less
// GET redirects, a form without this session's token or from another site is refused),
// session/login-page-routes.test.ts (the sign-in form's own token and the same-site check) and
// catalogue/product-page-routes.test.ts (a multipart upload form).

const dashboard = import.meta.dirname
/** Registering a route by hand: the API's router, or Hono's under it. */
const registration = /\b(?:api\s*\.\s*route|hono\s*\.\s*(?:get|post|put|patch|delete|on|all))\s*\(/

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('dashboard route declarations', () => {
  it('are made only through owner-routes.ts: no other dashboard module registers a route itself', () => {
    const files = sourceFiles(dashboard).map((path) => relative(dashboard, path))
    expect(files).toContain('catalogue/product-page-routes.tsx')
    const registering = files.filter(
      (file) =>
        file !== 'owner-routes.ts' &&
        file !== 'owner-routes.test.ts' &&
        registration.test(readFileSync(join(dashboard, file), 'utf8')),
    )
    expect(registering).toEqual([])
  })

  it('finds a route registered by hand', () => {
    expect(registration.test('  api.route(\n    { method: "get" },')).toBe(true)
    expect(registration.test("api.hono.post('/dashboard/x', handler)")).toBe(true)
    expect(registration.test("api.hono.use('/dashboard/*', middleware)")).toBe(false)
  })
})
