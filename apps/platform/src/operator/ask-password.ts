import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../passwords/password-policy.ts'

/**
 * Reads a password: from a terminal without showing it (the prompt on standard error), or the first
 * line of a pipe (`printf '%s\n' "$PASSWORD" | aisle create-owner ...`). Never from the arguments,
 * which `ps` and shell histories show.
 */
export async function askPassword(
  input: NodeJS.ReadStream = process.stdin,
  prompt: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (!input.isTTY) {
    let text = ''
    for await (const chunk of input) text += String(chunk)
    return text.split(/\r?\n/)[0] ?? ''
  }
  prompt.write(`Password (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters): `)
  input.setRawMode(true)
  input.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    let password = ''
    const onData = (key: string) => {
      for (const char of key) {
        if (char === '\r' || char === '\n') {
          input.setRawMode(false)
          input.off('data', onData)
          input.pause()
          prompt.write('\n')
          resolve(password)
          return
        }
        if (char === '\u0003') {
          input.setRawMode(false)
          input.off('data', onData)
          input.pause()
          reject(new Error('cancelled'))
          return
        }
        password = char === '\u007f' ? password.slice(0, -1) : password + char
      }
    }
    input.on('data', onData)
  })
}
