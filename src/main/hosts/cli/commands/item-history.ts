/**
 * What `gleaner items show` prints of an item's watched life (issue 30): whether its last fetch
 * found it ("unavailable since …" with the service's words) and each version that changed its
 * title, text or author's name, citing the answer (request id, SHA-256) it came from. Platform text
 * is untrusted: every value is put on one line, control characters dropped.
 */
import type { ItemDetail } from '../../../../shared/library';
import { oneLine } from './search';

const FIELD_NAMES = new Map([
  ['title', 'title'],
  ['text', 'text'],
  ['authorName', 'author’s name'],
]);

const SHOWN_CHARS = 160;

function excerpt(value: string | null): string {
  if (value === null || value.trim() === '') return '–';
  const line = oneLine(value);
  return line.length > SHOWN_CHARS ? `${line.slice(0, SHOWN_CHARS - 1)}…` : line;
}

const cited = (requestId: string | null, sha256?: string) =>
  [requestId ? `request ${requestId}` : 'no request id in the answer', sha256 ? `sha256 ${sha256}` : null].filter(Boolean).join(', ');

/** The `Status:` line, when the item was fetched again (a watch or a refresh) and its state is known. */
export function availabilityLines(detail: ItemDetail): string[] {
  const availability = detail.availability;
  if (!availability) return [];
  if (availability.state === 'available')
    return [`Status:     available (found again ${availability.since}; ${cited(availability.requestId)})`];
  const words = availability.words ? ` — the service said: “${excerpt(availability.words)}”` : '';
  return [
    `Status:     unavailable since ${availability.since}${words} (${cited(availability.requestId)}); its earlier versions, transcript and notes are kept`,
  ];
}

/** The `Versions:` section: one entry per answer that changed a watched field, oldest first. */
export function versionLines(detail: ItemDetail): string[] {
  const versions = detail.versions ?? [];
  // One unchanged version is the item as shown above: nothing to add.
  if (versions.every((version) => version.changedFields.length === 0) && versions.length < 2) return [];
  const lines = ['Versions:'];
  for (const version of versions) {
    const changed = version.changedFields.map((field) => FIELD_NAMES.get(field) ?? field);
    lines.push(
      `  ${version.fetchedAt}  ${changed.length ? `changed: ${changed.join(', ')}` : 'as first kept'}  (${cited(version.requestId, version.sha256)})`,
    );
    const fields = version.changedFields.length ? version.changedFields : ['title', 'text'];
    if (fields.includes('title')) lines.push(`    title: ${excerpt(version.title)}`);
    if (fields.includes('text')) lines.push(`    text:  ${excerpt(version.text)}`);
    if (fields.includes('authorName')) lines.push(`    author’s name: ${excerpt(version.authorName)}`);
  }
  return lines;
}
