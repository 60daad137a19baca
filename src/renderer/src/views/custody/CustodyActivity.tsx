import { useCallback, useEffect, useState } from 'react';
import type { CustodyEntry, CustodyList } from '../../../../shared/custody';
import { errorText } from '../../lib/errors';
import { bridge } from '../../transport';
import { CustodyEntries, CustodyIntegrity } from './CustodyEntries';

const PAGE = 20;

/** Activity's "Custody log": the latest entries, older ones on request, and whether the chain verifies. */
export function CustodyActivity({ refreshKey }: { refreshKey: unknown }) {
  const [latest, setLatest] = useState<CustodyList | null>(null);
  const [older, setOlder] = useState<CustodyEntry[]>([]);
  const [error, setError] = useState<string | null>(null);

  const read = useCallback((verify: boolean) => bridge.call('custody.list', { limit: PAGE, verify }), []);
  const show = useCallback((value: CustodyList) => {
    setLatest(value);
    setOlder([]);
    setError(null);
  }, []);
  const failed = useCallback((failure: unknown) => setError(errorText(failure, 'reading the custody log')), []);

  useEffect(() => {
    let current = true;
    read(false)
      .then((value) => current && show(value))
      .catch((failure: unknown) => current && failed(failure));
    return () => {
      current = false;
    };
  }, [read, show, failed, refreshKey]);

  const shown = [...(latest?.entries ?? []), ...older];
  const oldest = shown.at(-1)?.seq;
  const more = async (): Promise<void> => {
    if (oldest === undefined) return;
    try {
      const page = await bridge.call('custody.list', { limit: PAGE, beforeSeq: oldest });
      setOlder((before) => [...before, ...page.entries]);
    } catch (failure) {
      failed(failure);
    }
  };

  return (
    <section className="custody-activity" aria-labelledby="custody-activity-heading" data-testid="custody-activity">
      <h3 id="custody-activity-heading">Custody log</h3>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {latest === null ? (
        !error && <p className="muted">Reading the custody log…</p>
      ) : (
        <>
          <CustodyIntegrity intact={latest.intact} brokenAt={latest.brokenAt} />
          <CustodyEntries entries={shown} label="Latest custody entries" />
          <div className="queue-toolbar">
            {oldest !== undefined && oldest > 1 && (
              <button type="button" onClick={() => void more()}>
                Show older entries
              </button>
            )}
            <button type="button" onClick={() => void read(true).then(show, failed)}>
              Check the whole log again
            </button>
          </div>
        </>
      )}
    </section>
  );
}
