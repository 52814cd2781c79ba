import { dictionary } from '@zxcvbn-ts/language-common'

let common: ReadonlySet<string> | undefined

/**
 * The most common passwords of public breach corpora: zxcvbn-ts's `passwords-common` list (about 49,000
 * entries, lower case), maintained with that package rather than typed in here. Built into a set on
 * the first check, once per process.
 */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'])
  return common
}

/** How many passwords the list holds (for the security report and its test). */
export function commonPasswordCount(): number {
  return commonPasswords().size
}

/**
 * Whether a password is on the list, whatever its case (`Qwertyuiop` is as guessable as `qwertyuiop`),
 * with surrounding spaces ignored.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase())
}
