import { useContext } from 'react'
import { type PreloadModuleOptions, preloadModule } from 'react-dom'
import { UNSAFE_FrameworkContext, useMatches } from 'react-router'

/** What of React Router's build manifest says which modules a page loads. */
interface ModuleManifest {
  entry: { module: string; imports: readonly string[] }
  routes: Record<string, { module: string; imports?: readonly string[] } | undefined>
}

/**
 * The modules that hydrate a page with the given routes: the browser entry, each route's module and what
 * each imports. These are the modules React Router's `<Scripts>` preloads.
 */
export function toPageModules(manifest: ModuleManifest, routeIds: readonly string[]): string[] {
  const modules = new Set([manifest.entry.module, ...manifest.entry.imports])
  for (const id of routeIds) {
    const route = manifest.routes[id]
    if (!route) continue
    modules.add(route.module)
    for (const module of route.imports ?? []) modules.add(module)
  }
  return [...modules]
}

/**
 * Asks for the page's scripts at low priority, before React Router's own preload links ask for them at
 * high priority: the page is whole and its forms work before it hydrates, so on a slow network its HTML,
 * its main picture and its first paint come first. React DOM preloads its own bootstrap modules the same
 * way. Written in the server's HTML only: the links land in the head ahead of `<Scripts>`' links, and a
 * module already asked for is not fetched twice (decision 050).
 */
export function LowPriorityScripts({ nonce }: { nonce: string | undefined }) {
  const framework = useContext(UNSAFE_FrameworkContext)
  const matches = useMatches()
  if (typeof document !== 'undefined' || !framework) return null
  // React DOM 19 passes `fetchPriority` on (its own bootstrap preloads use it); its types do not list it yet.
  const options: PreloadModuleOptions & { fetchPriority: 'low' } = {
    as: 'script',
    fetchPriority: 'low',
    ...(nonce ? { nonce } : {}),
  }
  const routeIds = matches.map((match) => match.id)
  for (const module of toPageModules(framework.manifest, routeIds)) preloadModule(module, options)
  return null
}
