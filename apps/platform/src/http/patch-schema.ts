import { z } from 'zod'

/**
 * The schema of a partial update of `schema`: every field optional and, unlike `.partial()`, no
 * field default applied, so a field the caller left out is left as it is instead of being reset.
 */
export function toPatchSchema<S extends z.ZodObject>(schema: S): z.ZodType<Partial<z.output<S>>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional(),
    ]),
  )
  return z.object(shape) as unknown as z.ZodType<Partial<z.output<S>>>
}
