import { createElement as h, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { addPageBanner } from './page-banner.ts'
import { renderPage, StreamSlot, streamPage } from './render-page.tsx'

/** A page around `content`, as a \`Document\` draws one. */
function documentOf(content: ReactElement): ReactElement {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('title', null, 'Pay')),
    h('body', { className: 'shop' }, content),
  )
}

const BANNER = '<p class="warning">Test mode.</p>'

describe('addPageBanner', () => {
  it('leaves a redirect or JSON as it is without asking for its body', () => {
    for (const answer of [
      new Response(null, { status: 303, headers: { location: '/_checkout/x/thank-you' } }),
      Response.json({ ok: true }),
    ]) {
      // Asking the Node adapter's light answer for its body makes it build a whole web Response.
      const watched = new Proxy(answer, {
        get(target, key) {
          if (key === 'body') throw new Error('the body was asked for')
          const value = Reflect.get(target, key, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      expect(addPageBanner(watched, BANNER)).toBe(watched)
    }
  })

  it('writes the banner right after <body> of a page drawn whole, keeping its status and headers', async () => {
    const page = renderPage(documentOf(h('h1', null, 'Pay')), {
      status: 409,
      headers: { 'cache-control': 'no-store' },
    })
    const answer = addPageBanner(page, BANNER)
    const html = await answer.text()
    expect(answer.status).toBe(409)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'))
    expect(html).toMatch(/<body[^>]*><p class="warning">Test mode\.<\/p><h1>Pay<\/h1>/)
    expect(html.match(/Test mode\./g)).toHaveLength(1)
  })

  it('writes the banner after <body> of a streamed page, before and between its parts', async () => {
    async function* parts() {
      yield h('p', null, 'first')
      yield h('p', null, 'second')
    }
    const page = streamPage(documentOf(h(StreamSlot)), parts())
    const html = await addPageBanner(page, BANNER).text()
    expect(html).toMatch(/<body[^>]*><p class="warning">Test mode\.<\/p>/)
    expect(html).toContain('<p>first</p><p>second</p>')
    expect(html.match(/Test mode\./g)).toHaveLength(1)
  })

  it('leaves an answer that is no page as it is', async () => {
    const json = Response.json({ ok: true })
    expect(addPageBanner(json, BANNER)).toBe(json)
    expect(await json.json()).toEqual({ ok: true })
  })
})
