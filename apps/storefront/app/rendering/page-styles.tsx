import { createContext, useContext } from 'react'

/** The id of the `<style>` element that carries the site's stylesheet in every page. */
const PAGE_STYLES_ID = 'site-styles'

/**
 * The site's stylesheet, written into each page's head rather than linked: a linked stylesheet blocks the
 * first paint for one more round trip (about 150 ms on a phone's 4G), and the page's first paint then waits
 * for its scripts too. The server's entry gives the text; in the browser it is read back from the page, so
 * the scripts never carry a copy of it (decision 045).
 */
export const PageStylesContext = createContext<string>('')

/** The `<style>` element for the page's head, with the same text the server wrote. */
export function PageStyles() {
  const css = useContext(PageStylesContext)
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the stylesheet is the build's own file, not input.
  return <style id={PAGE_STYLES_ID} dangerouslySetInnerHTML={{ __html: css }} />
}

/** In the browser: the stylesheet the server wrote into this page, for hydration to render it unchanged. */
export function readPageStyles(document: Document): string {
  return document.getElementById(PAGE_STYLES_ID)?.innerHTML ?? ''
}
