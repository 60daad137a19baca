import type { z } from 'zod';
import { GleanerError } from './errors';

/** Describes the first problem zod found as "field: problem", for an INVALID_INPUT message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'input';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}

/** Parses untrusted input with a schema, or throws INVALID_INPUT naming the field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, what = 'input'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new GleanerError('INVALID_INPUT', `Invalid ${what}: ${describeIssues(result.error)}.`);
  }
  return result.data;
}
