import type { ItemAvailability, ItemVersion } from '../../../../shared/watch';
import { DiffSide } from '../../components/DiffText';
import { formatDateTime } from '../../lib/format';
import { fieldLabel } from '../../lib/watch-text';

/** Texts longer than this are compared and shown cut (a hostile 2 MB text would stall the pane); exports keep them whole. */
const MAX_VERSION_TEXT = 5000;

const VERSION_FIELDS = [
  ['title', 'Title'],
  ['text', 'Text'],
  ['authorName', 'Author'],
] as const satisfies readonly (readonly [keyof ItemVersion, string])[];

const cut = (value: string | null): string => (value ?? '').slice(0, MAX_VERSION_TEXT);

/**
 * "Unavailable since …" with the service's own words, above everything else: the text, notes and
 * transcripts below stay as they were last fetched. "Available again" needs no banner.
 */
export function AvailabilityNote({ availability }: { availability: ItemAvailability | undefined }) {
  if (!availability || availability.state !== 'unavailable') return null;
  return (
    <div className="item-unavailable" role="note" data-testid="item-unavailable">
      <strong>Unavailable since {formatDateTime(availability.since)}.</strong>{' '}
      {availability.words && (
        <>
          The service said: <q>{availability.words}</q>.{' '}
        </>
      )}
      {availability.requestId && (
        <>
          (Request <span className="mono">{availability.requestId}</span>.){' '}
        </>
      )}
      What Gleaner fetched earlier stays below.
    </div>
  );
}

/**
 * Every version of the item Gleaner kept (one per answer that changed a watched field, the first
 * fetch included), newest first, each with the words changed since the version before it marked.
 */
export function VersionsSection({ versions }: { versions: ItemVersion[] | undefined }) {
  if (!versions || versions.length < 2) return null;
  const newestFirst = [...versions].sort((a, b) => b.fetchedAt.localeCompare(a.fetchedAt));
  return (
    <section aria-labelledby="detail-versions-heading" className="detail-section" data-testid="item-versions">
      <h3 id="detail-versions-heading">Versions</h3>
      <p className="muted">
        {versions.length} versions, newest first. Removed words are struck through, added words underlined, each against the version before
        it.
      </p>
      <ol className="version-list">
        {newestFirst.map((version, index) => (
          <VersionEntry key={version.responseId} version={version} previous={newestFirst[index + 1]} />
        ))}
      </ol>
    </section>
  );
}

function VersionEntry({ version, previous }: { version: ItemVersion; previous: ItemVersion | undefined }) {
  const changed = previous ? version.changedFields : [];
  return (
    <li className="version-entry" data-response-id={version.responseId}>
      <p className="version-head">
        <time dateTime={version.fetchedAt}>{formatDateTime(version.fetchedAt)}</time>
        {' · '}
        {previous ? (changed.length > 0 ? `changed: ${changed.map(fieldLabel).join(', ')}` : 'no watched field changed') : 'first fetch'}
      </p>
      <dl className="version-fields">
        {VERSION_FIELDS.filter(([key]) => version[key] !== null || (previous && previous[key] !== null)).map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>
              {previous && changed.includes(key) ? (
                <DiffSide before={cut(previous[key])} after={cut(version[key])} side="after" />
              ) : (
                <span className="diff-text">{cut(version[key])}</span>
              )}
              {previous && changed.includes(key) && (
                <details className="version-before">
                  <summary>As it read before</summary>
                  <DiffSide before={cut(previous[key])} after={cut(version[key])} side="before" />
                </details>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="version-evidence muted">
        {version.requestId ? (
          <>
            Request <span className="mono">{version.requestId}</span> ·{' '}
          </>
        ) : null}
        SHA-256{' '}
        <span className="mono" title={version.sha256}>
          {version.sha256.slice(0, 12)}…
        </span>
      </p>
    </li>
  );
}
