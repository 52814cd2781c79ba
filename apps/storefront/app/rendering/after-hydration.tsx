import type { ReactNode } from 'react'
import { useHydrated } from './use-hydrated'

/**
 * Shows its children once the page has hydrated (controls that need script, such as a dialog): only this
 * component renders again then, not the one around it with all its other children.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null
}
