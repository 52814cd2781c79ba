/** Reads one text field of a posted form, trimmed unless it is a password; absent or a file reads as ''. */
export function readField(form: FormData, name: string, { trim = true } = {}): string {
  const value = form.get(name)
  if (typeof value !== 'string') return ''
  return trim ? value.trim() : value
}

/** The password lengths the platform accepts (decision 021): checked before asking it. */
export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 256
