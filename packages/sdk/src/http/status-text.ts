// HTTP/2 and HTTP/3 carry no reason phrase and in-process servers often leave `statusText` empty, yet
// the spec derives error codes from the status text: fall back to the standard phrase of the statuses
// an API answers (others read `HTTP <status>`).
const standardStatusTexts: Readonly<Record<number, string>> = {
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

/**
 * Returns the status text of an answer: the one the server sent, else the standard phrase, else
 * `HTTP <status>`.
 */
export function toStatusText(status: number, statusText: string): string {
  return statusText.trim() || standardStatusTexts[status] || `HTTP ${status}`
}

/** Turns a phrase into an upper-snake-case code: `Not Found` -> `NOT_FOUND`, `I'm a teapot` -> `IM_A_TEAPOT`. */
export function toUpperSnakeCase(text: string): string {
  return text
    .replace(/['’]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join('_')
    .toUpperCase()
}
