import { runInNewContext } from 'node:vm'

type Listener = (event: { data: unknown; origin: string }) => void

interface Frame {
  style: Record<string, string>
  src: string
  parentElement: { removeChild(frame: Frame): void } | null
}

/**
 * A window and a document just large enough for a client's hidden-frame login: a frame appended to the
 * body is loaded through `load` (the platform), and the `web_message` page's one script runs with a
 * parent that delivers what it posts to the page's `message` listeners, when addressed to `pageOrigin`.
 * Install `window` and `document` with `vi.stubGlobal`.
 */
export function createFramingBrowser(
  load: (url: string) => Promise<Response>,
  pageOrigin: string,
  frameOrigin: string,
) {
  const listeners = new Set<Listener>()
  const frames: Frame[] = []
  const body = {
    appendChild(frame: Frame) {
      frames.push(frame)
      frame.parentElement = body
      void run(frame.src)
      return frame
    },
    removeChild(frame: Frame) {
      frames.splice(frames.indexOf(frame), 1)
      frame.parentElement = null
    },
    contains: (frame: Frame) => frames.includes(frame),
  }
  async function run(src: string) {
    const html = await (await load(src)).text()
    const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1]
    if (!script) throw new Error(`the frame's page has no script: ${html.slice(0, 200)}`)
    const parent = {
      postMessage(data: unknown, targetOrigin: string) {
        if (targetOrigin !== pageOrigin) return
        for (const listener of [...listeners]) listener({ data, origin: frameOrigin })
      },
    }
    runInNewContext(script, { window: { opener: null, parent } })
  }
  return {
    frames,
    window: {
      location: { origin: pageOrigin, href: `${pageOrigin}/` },
      addEventListener: (type: string, listener: Listener) => type === 'message' && listeners.add(listener),
      removeEventListener: (type: string, listener: Listener) =>
        type === 'message' && listeners.delete(listener),
    },
    document: {
      createElement: (): Frame => ({ style: {}, src: '', parentElement: null }),
      body,
    },
  }
}
