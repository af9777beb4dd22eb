import type { z } from 'zod';

/** A partial update that names none of the fields it may change is a mistake, not a no-op to record. */
export const somethingToChange = <Schema extends z.ZodObject>(schema: Schema) =>
  schema.refine(
    (fields) => Object.values(fields).some((value) => value !== undefined),
    'Name a field to change',
  );
