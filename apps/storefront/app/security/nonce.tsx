import { createContext, useContext } from 'react'

/**
 * The page's Content Security Policy nonce: set by the server's entry for each page, read back in the
 * browser from the scripts that carry it (a script's `nonce` property keeps it; its attribute is hidden).
 */
export const NonceContext = createContext<string | undefined>(undefined)

/** The nonce of the page being rendered, for a `<script>` the page adds (React Router's own, a widget's). */
export function useNonce(): string | undefined {
  return useContext(NonceContext)
}

/** In the browser: the nonce the server gave this page, for hydration to render the same attributes. */
export function readPageNonce(document: Document): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined
}
