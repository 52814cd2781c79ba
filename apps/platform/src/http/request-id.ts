import { randomUUID } from 'node:crypto'

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** Keeps a caller's request id when it is short and plain, so logs can be joined across services. */
export function requestIdFrom(header: string | undefined): string {
  return header && SAFE_REQUEST_ID.test(header) ? header : randomUUID()
}
