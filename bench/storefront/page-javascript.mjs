// How much JavaScript a page makes the browser download before it is interactive: every module its HTML
// references (module scripts, `modulepreload` links and the imports of its inline module scripts), and the
// modules those import statically, each fetched from the server and gzipped as a CDN would serve it.
import { gzipSync } from 'node:zlib'

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g
const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script>/g
const HREF = /\bhref="([^"]+)"/
const SRC = /\bsrc="([^"]+)"/
// `import "x"`, `import {a} from "x"`, `export * from "x"` and `import("x")` in (minified) module code.
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g

/**
 * Lists the script URLs a page's HTML references: module scripts, module preloads, and what inline module
 * scripts import (statically or, as React Router's hydration script does, dynamically at once).
 * @param {string} html
 * @param {string} pageUrl resolves relative references
 * @returns {string[]} absolute URLs, in document order, without repeats
 */
export function findReferencedScripts(html, pageUrl) {
  const found = []
  for (const [tag] of html.matchAll(MODULE_PRELOAD)) {
    const href = HREF.exec(tag)?.[1]
    if (href) found.push(href)
  }
  for (const [, attributes, body] of html.matchAll(SCRIPT_TAG)) {
    const src = SRC.exec(attributes)?.[1]
    if (src) found.push(src)
    else if (/\btype="module"/.test(attributes)) {
      for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
        for (const [, specifier] of body.matchAll(pattern)) found.push(specifier)
      }
    }
  }
  return [...new Set(found.map((reference) => new URL(decodeEntities(reference), pageUrl).href))]
}

/**
 * Lists the modules a module's code imports statically (what the browser must fetch before running it).
 * @param {string} code
 * @param {string} moduleUrl
 * @returns {string[]} absolute URLs
 */
export function findStaticImports(code, moduleUrl) {
  return [...code.matchAll(STATIC_IMPORT)].map(([, specifier]) => new URL(specifier, moduleUrl).href)
}

/**
 * Fetches a page and every script it needs to start (its references and their static imports), and weighs
 * each one raw and gzipped (level 9, as `sdk-size` weighs).
 * @param {string} pageUrl
 * @returns {Promise<{ files: { path: string, bytes: number, gzipBytes: number }[], bytes: number, gzipBytes: number }>}
 * @throws {Error} when the page or one of its scripts does not answer 200
 */
export async function measurePageJavaScript(pageUrl) {
  const html = await fetchText(pageUrl)
  const pending = findReferencedScripts(html, pageUrl)
  const seen = new Set(pending)
  const files = []
  while (pending.length > 0) {
    const url = /** @type {string} */ (pending.shift())
    const code = await fetchText(url)
    const raw = Buffer.from(code)
    files.push({
      path: new URL(url).pathname,
      bytes: raw.length,
      gzipBytes: gzipSync(raw, { level: 9 }).length,
    })
    for (const imported of findStaticImports(code, url)) {
      if (seen.has(imported)) continue
      seen.add(imported)
      pending.push(imported)
    }
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes)
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  }
}

async function fetchText(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`)
  return text
}

function decodeEntities(text) {
  return text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'")
}

/** The parts of a page's JavaScript, by the chunk names the storefront's build gives them (vite.config.ts). */
const PARTS = [
  { part: 'React DOM (with React)', pattern: /\/react-dom-[^/]*\.js$/ },
  { part: 'React Router', pattern: /\/react-router-[^/]*\.js$/ },
  // The Preact build (decision 016) put Preact, preact/compat and React Router in one chunk.
  { part: 'Preact and React Router (one chunk)', pattern: /\/jsx-runtime-[^/]*\.js$/ },
]
export const OWN_CODE_PART = 'the store’s own code'

/**
 * Sums a page's files by part: React DOM, the router, and the store's own code (everything else: routes,
 * components, the SDK, Vite's helpers).
 * @param {{ path: string, gzipBytes: number }[]} files
 * @returns {Record<string, number>} gzipped bytes per part that has any
 */
export function sumByPart(files) {
  const parts = {}
  for (const file of files) {
    const part = PARTS.find(({ pattern }) => pattern.test(file.path))?.part ?? OWN_CODE_PART
    parts[part] = (parts[part] ?? 0) + file.gzipBytes
  }
  return parts
}
