import type { z } from 'zod';
import { GleanerError } from './errors';
import { shortenInput } from './quote-input';

/** Describes the first problem zod found as "field: problem", for an INVALID_INPUT message. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      // Both can carry the input itself (a field name, an unknown key): each is cut short.
      const field = issue.path.length > 0 ? shortenInput(issue.path.map(String).join('.')) : 'input';
      return `${field}: ${shortenInput(issue.message)}`;
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
