// Test helpers only: a window and a document just large enough for the silent login's iframe.

/** A message as a window's `message` listener receives it. */
export interface FakeMessage {
  origin: string
  source: unknown
  data: unknown
}

/** A hidden iframe the code under test created. */
export interface FakeFrame {
  style: Record<string, string>
  src: string
  attributes: Map<string, string>
  /** The frame's own window: the `source` of the messages it posts. */
  contentWindow: object
  setAttribute(name: string, value: string): void
  remove(): void
}

/** A scripted browser: install it with `vi.stubGlobal`, then post messages as the platform would. */
export interface FakeBrowser {
  window: {
    addEventListener(type: string, listener: (event: FakeMessage) => void): void
    removeEventListener(type: string, listener: (event: FakeMessage) => void): void
  }
  document: { createElement(tag: string): FakeFrame; body: { appendChild(frame: FakeFrame): FakeFrame } }
  location: { href: string; origin: string }
  /** The frames attached to the body now. */
  frames: FakeFrame[]
  /** The `message` listeners registered now. */
  listeners: Set<(event: FakeMessage) => void>
  /** Delivers a message to every listener, as `window.postMessage` from `source` at `origin` would. */
  post(message: FakeMessage): void
}

/** Creates a fake browser whose page is at `pageUrl`. */
export function createFakeBrowser(pageUrl = 'https://shop.test/account'): FakeBrowser {
  const listeners = new Set<(event: FakeMessage) => void>()
  const frames: FakeFrame[] = []
  const url = new URL(pageUrl)
  return {
    frames,
    listeners,
    location: { href: url.href, origin: url.origin },
    window: {
      addEventListener: (type, listener) => {
        if (type === 'message') listeners.add(listener)
      },
      removeEventListener: (type, listener) => {
        if (type === 'message') listeners.delete(listener)
      },
    },
    document: {
      createElement(tag) {
        if (tag !== 'iframe') throw new Error(`fake document: cannot create <${tag}>`)
        const frame: FakeFrame = {
          style: {},
          src: '',
          attributes: new Map(),
          contentWindow: {},
          setAttribute: (name, value) => frame.attributes.set(name, value),
          remove: () => {
            const index = frames.indexOf(frame)
            if (index >= 0) frames.splice(index, 1)
          },
        }
        return frame
      },
      body: {
        appendChild(frame) {
          frames.push(frame)
          return frame
        },
      },
    },
    post(message) {
      for (const listener of [...listeners]) listener(message)
    },
  }
}
