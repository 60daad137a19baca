import { useEffect, useState } from 'react';
import type { CustodyList } from '../../../../shared/custody';
import type { ItemDetail } from '../../../../shared/library';
import { errorText } from '../../lib/errors';
import { bridge } from '../../transport';
import { CustodyEntries, CustodyIntegrity } from './CustodyEntries';

/** Item detail's "Custody": what happened to this item and its answers, from the custody log. */
export function CustodySection({ detail }: { detail: ItemDetail }) {
  const [list, setList] = useState<CustodyList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const itemId = detail.item.id;

  // Read again whenever the detail does (a note or tag written here adds an entry).
  useEffect(() => {
    let current = true;
    bridge
      .call('custody.list', { itemId, limit: 200 })
      .then((value) => current && (setList(value), setError(null)))
      .catch((failure: unknown) => current && setError(errorText(failure, 'reading the custody log')));
    return () => {
      current = false;
    };
  }, [itemId, detail]);

  return (
    <section aria-labelledby="detail-custody-heading" className="detail-section" data-testid="custody-section">
      <h3 id="detail-custody-heading">Custody</h3>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : list === null ? (
        <p className="muted">Reading the custody log…</p>
      ) : (
        <>
          {list.entries.length === 0 && list.imported.length === 0 ? (
            <p className="muted">No entry of the custody log concerns this item.</p>
          ) : (
            <CustodyEntries entries={list.entries} label="Custody entries for this item" />
          )}
          {list.imported.length > 0 && (
            <>
              <h4>From colleagues and bundles</h4>
              <CustodyEntries entries={list.imported} label="Custody entries kept from elsewhere" />
            </>
          )}
          <CustodyIntegrity intact={list.intact} brokenAt={list.brokenAt} />
        </>
      )}
    </section>
  );
}
