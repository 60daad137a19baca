import type { CustodyEntry, ImportedCustodyEntry } from '../../../../shared/custody';
import { formatDateTime } from '../../lib/format';
import { describeCustodyEntry, hashPrefix, requestIdOf } from './custody-text';
import './custody.css';

/** Entries of the log as a list: when, who, what, the request id of a fetch, and the entry's hash prefix. */
export function CustodyEntries({ entries, label }: { entries: readonly (CustodyEntry | ImportedCustodyEntry)[]; label: string }) {
  return (
    <ol className="custody-entries" aria-label={label}>
      {entries.map((entry) => {
        const origin = 'origin' in entry ? entry.origin : null;
        const requestId = requestIdOf(entry);
        return (
          <li key={`${origin ?? ''}:${entry.seq}`} className="custody-entry" data-testid="custody-entry">
            <span className="custody-what">{describeCustodyEntry(entry)}</span>
            <span className="custody-facts muted">
              {formatDateTime(entry.at)} · {entry.actor}
              {origin ? ` · from ${origin}` : ''}
            </span>
            {requestId && (
              <span className="custody-facts mono break" data-testid="custody-request-id">
                request {requestId}
              </span>
            )}
            <span className="custody-facts mono" title={entry.hash} data-testid="custody-hash">
              #{entry.seq} {hashPrefix(entry.hash)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Whether the chain verified, in a sentence. */
export function CustodyIntegrity({ intact, brokenAt }: { intact: boolean; brokenAt: number | null }) {
  return intact ? (
    <p className="muted" data-testid="custody-intact">
      The custody log verifies: every entry holds the hash of the one before.
    </p>
  ) : (
    <p className="error" role="alert" data-testid="custody-broken">
      The custody log does not verify from entry {brokenAt ?? '?'}: an entry was changed, removed or reordered outside Gleaner.
    </p>
  );
}
