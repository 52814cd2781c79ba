import type { Context } from 'hono'
import type { AppEnv } from '../http/api.ts'
import { invalidField } from '../http/errors.ts'

/** A submitted HTML form (URL-encoded or multipart), read by field name. */
export interface FormFields {
  /** The field's first text value, `''` when absent. */
  text(name: string): string
  /** Every text value of a repeated field (checkboxes). */
  texts(name: string): string[]
  /** Whether a checkbox was checked. */
  isChecked(name: string): boolean
  /** An uploaded file, when one was chosen. */
  file(name: string): File | undefined
  /** Every file chosen in a field (`<input type=file multiple>`), none when none was. */
  files(name: string): File[]
  /** The names of every field, in order. */
  names(): string[]
}

/**
 * Reads the request's form. A body that is no form reads as an empty one (its CSRF token is then
 * missing). Text with U+0000 is refused: PostgreSQL text cannot hold it.
 *
 * @throws ValidationError naming a field that holds U+0000.
 */
export async function readForm(c: Context<AppEnv>): Promise<FormFields> {
  let data: FormData | URLSearchParams
  try {
    // A URL-encoded form (every page's but an upload's) is read from its text: undici's `formData()` builds
    // a second request and checks each value again, a millisecond of the hosted checkout's press
    // (decision 097). The text is the request's one read, kept by Hono for whoever asks again.
    data = isUrlEncoded(c.req.header('content-type'))
      ? new URLSearchParams(await c.req.text())
      : await c.req.formData()
  } catch {
    data = new FormData()
  }
  for (const [name, value] of data.entries()) {
    if (typeof value === 'string' && value.includes('\u0000'))
      throw invalidField(name, 'must not contain U+0000', 'FORMAT')
  }
  return {
    text: (name) => {
      const value = data.get(name)
      return typeof value === 'string' ? value : ''
    },
    texts: (name) => data.getAll(name).filter((value): value is string => typeof value === 'string'),
    isChecked: (name) => data.has(name),
    file: (name) => {
      const value = data.get(name)
      return typeof value === 'object' && value !== null && value.size > 0 ? value : undefined
    },
    files: (name) =>
      data.getAll(name).filter((value): value is File => typeof value === 'object' && value.size > 0),
    names: () => [...new Set(data.keys())],
  }
}

function isUrlEncoded(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded'
}
