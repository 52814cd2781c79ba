import { createServer } from 'node:net'

/** A TCP port on 127.0.0.1 that nothing listens on right now (the system picks it). */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}
