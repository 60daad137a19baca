/** The schema of a day or a moment as filters take it (published dates, changes since). */
import { z } from './zod';
import { once } from './contract-method';

/** A day, or a moment with its time zone (without one it is read as UTC, as Gleaner shows times). */
const ISO_DAY_OR_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Published times are stored as ISO-8601 UTC text and compared as text, so a filter must be in
 * the same form: `2024-05-01`, or a time turned into UTC. Anything else ("May 1", "2024") would
 * compare wrongly and silently, so it is refused.
 */
export const isoDate = once(() =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      const normalised = normaliseDayOrTime(text);
      if (normalised === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a date such as 2024-05-01, or a time such as 2024-05-01T14:30:00Z' });
        return z.NEVER;
      }
      return normalised;
    }),
);

/** `2024-05-01` as it is, a time as UTC ISO-8601; null for anything else, or a day the calendar lacks (2024-02-30). */
function normaliseDayOrTime(text: string): string | null {
  const match = text.match(ISO_DAY_OR_TIME);
  if (!match) return null;
  const [, day, time, zone] = match;
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return null;
  if (time === undefined) return day!;
  const at = Date.parse(`${day}T${time}${zone ?? 'Z'}`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}
