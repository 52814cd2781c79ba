/** Where the storefront's pages name their icon; `/favicon.ico`, which browsers ask for anyway, answers it too. */
export const SITE_ICON_PATH = '/favicon.svg'

/** A shopping bag on a rounded square: small enough to answer inline, drawn without fonts. */
export const SITE_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#1f3a5f"/>' +
  '<path d="M12.5 12v-2a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="#fff" stroke-width="2"/>' +
  '<path d="M8.5 12h15l-1.5 13h-12z" fill="#fff"/>' +
  '</svg>\n'
