/** An entry of the custody log in words. Pure: subject values come from the library (or a colleague) and are shown as text only. */
import { CUSTODY_HASH_PREFIX, type CustodyEntry } from '../../../../shared/custody';
import { DEMO_WORDS } from '../../../../shared/demo';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const quoted = (value: unknown): string => `“${text(value)}”`;

/** Where a note, tag or membership belongs: a collection by name, or the whole library. */
function place(subject: CustodyEntry['subject']): string {
  return subject.collection === '' || subject.collectionName === null || subject.collectionName === undefined
    ? 'library-wide'
    : `in ${quoted(subject.collectionName)}`;
}

/** An entry in words; one about demo data (a demo answer fetched, demo items exported) says so. */
export function describeCustodyEntry(entry: CustodyEntry): string {
  const words = describeEntry(entry);
  return entry.subject.demo === true ? `${words} (${DEMO_WORDS})` : words;
}

function describeEntry(entry: CustodyEntry): string {
  const s = entry.subject;
  switch (`${entry.kind} ${entry.action}`) {
    case 'log-started started':
      return `Custody log started; the library held ${text(s.answers)} answers before it`;
    case 'fetch fetched':
      return `Fetched ${text(s.operation)}`;
    case 'collection created':
      return `Created the collection ${quoted(s.name)}`;
    case 'collection renamed':
      return `Renamed the collection ${quoted(s.before)} to ${quoted(s.name)}`;
    case 'collection deleted':
      return `Deleted the collection ${quoted(s.name)}`;
    case 'collection added':
      return `Added to ${quoted(s.collectionName)}`;
    case 'collection removed':
      return `Removed from ${quoted(s.collectionName)}`;
    case 'collection moved':
      return `Moved within ${quoted(s.collectionName)}`;
    case 'note set':
      return `Note written (${place(s)})`;
    case 'note removed':
      return `Note removed (${place(s)})`;
    case 'tag added':
      return `Tagged ${quoted(s.tag)} (${place(s)})`;
    case 'tag removed':
      return `Tag ${quoted(s.tag)} removed (${place(s)})`;
    case 'export exported':
      return `Exported ${text(s.items)} items as ${text(s.format)} to ${text(s.fileName)}`;
    case 'bundle-import imported':
      return 'Imported a case bundle';
    default:
      return `${entry.kind === 'watch' ? 'Watch' : entry.kind}: ${entry.action}`;
  }
}

/** The first digits of a hash, enough to compare by eye (the full hash is in the log and in bundles). */
export const hashPrefix = (hash: string): string => hash.slice(0, CUSTODY_HASH_PREFIX);

/** The request id of a fetch entry, when it has one. */
export const requestIdOf = (entry: CustodyEntry): string | null =>
  typeof entry.subject.requestId === 'string' ? entry.subject.requestId : null;
