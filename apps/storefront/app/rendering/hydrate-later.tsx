import { type ReactNode, Suspense } from 'react'

/**
 * A part of the page that hydrates after the rest, in tasks of its own: a Suspense boundary, which React
 * leaves as the server's HTML while it hydrates the page around it, then hydrates at idle priority (at once
 * if the shopper clicks or types in it first). For parts below the fold or seldom used at once, so the
 * page's first hydration, one task that cannot be cut short, holds only what a shopper uses first.
 * The server writes the part in place like the rest (see `entry.server.tsx`): it shows without script.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>
}
