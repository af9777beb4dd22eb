import { z } from 'zod';

/**
 * A number, or the text of one as forms and query strings send it. Unlike `z.coerce.number()`, it
 * never reads `true`, `null`, `''` or `[]` as 1 or 0: a body of the wrong shape is refused, not
 * taken as an amount or an id.
 */
export function numeric<Schema extends z.ZodNumber>(schema: Schema) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    schema,
  );
}
