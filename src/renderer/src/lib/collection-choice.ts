/** Choosing a collection (an existing one, a new one, or none), as a pure check. */
import type { CollectionSummary } from '../../../shared/library';

/** The select's value for "a new collection" (no collection name can start with a NUL). */
export const NEW_COLLECTION = '\u0000new';
/** The select's value for "no collection" where none is allowed. */
export const NO_COLLECTION = '';

export interface CollectionChoiceValue {
  /** An existing collection's name, NEW_COLLECTION or NO_COLLECTION. */
  choice: string;
  newName: string;
}

/**
 * What the list offers first: the first collection that does not hold the items already (adding
 * them there again would change nothing), else a new one.
 */
export function firstUsefulChoice(existing: readonly CollectionSummary[], holding: ReadonlySet<string> = new Set()): string {
  return existing.find((c) => !holding.has(c.name))?.name ?? NEW_COLLECTION;
}

/** The collection the choice names, whether it must be created first, or a sentence saying what is missing. */
export function resolveCollection(
  value: CollectionChoiceValue,
  existing: readonly CollectionSummary[],
): { name: string | null; create: boolean } | { problem: string } {
  if (value.choice === NO_COLLECTION) return { name: null, create: false };
  if (value.choice !== NEW_COLLECTION) return { name: value.choice, create: false };
  const name = value.newName.trim();
  if (!name) return { problem: 'Give the new collection a name.' };
  if (name.length > 200) return { problem: 'A collection name is at most 200 characters.' };
  if (existing.some((c) => c.name === name))
    return { problem: `A collection named “${name}” already exists: choose it in the list instead.` };
  return { name, create: true };
}
