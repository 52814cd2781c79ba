import { useEffect, useState } from 'react'

/**
 * Tells whether the page has hydrated: false in the server's HTML and the first render in the browser, true
 * after. Controls that only a page without JavaScript needs (an "update" button) hide once it is true.
 */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return isHydrated
}
