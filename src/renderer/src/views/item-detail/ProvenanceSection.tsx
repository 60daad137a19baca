import { useId, useMemo, useState } from 'react';
import type { Provenance } from '../../../../shared/library';
import { formatDateTime } from '../../lib/format';
import { useItemStore } from '../../stores/item-store';
import { DemoBadge } from '../../components/DemoBadge';

/** Where the item came from, for citing it: each response that carried it, with its raw JSON on demand. */
export function ProvenanceSection({ provenance }: { provenance: Provenance[] }) {
  return (
    <section aria-labelledby="detail-provenance-heading" className="detail-section">
      <h3 id="detail-provenance-heading">Provenance</h3>
      {provenance.length === 0 ? (
        <p className="muted">No stored response carries this item.</p>
      ) : (
        <ol className="provenance-list">
          {provenance.map((p) => (
            <li key={p.responseId} className="provenance" data-testid="provenance">
              {p.demo && (
                <p className="provenance-demo">
                  <DemoBadge />
                  This answer came from Gleaner’s demo service.
                </p>
              )}
              <dl className="facts">
                <dt>Operation</dt>
                <dd className="mono">{p.operation}</dd>
                <dt>Parameters</dt>
                <dd>
                  {Object.keys(p.params).length === 0 ? (
                    <span className="muted">none</span>
                  ) : (
                    <ul className="params">
                      {Object.entries(p.params).map(([key, value]) => (
                        <li key={key} className="mono break">
                          {key} = {value}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
                <dt>Request id</dt>
                <dd className="mono break" data-testid="request-id">
                  {p.requestId}
                </dd>
                <dt>Fetched</dt>
                <dd>{formatDateTime(p.fetchedAt)}</dd>
                <dt>HTTP status</dt>
                <dd>{p.status}</dd>
                <dt>SHA-256</dt>
                <dd className="mono break" data-testid="sha256">
                  {p.sha256}
                </dd>
                <dt>Found at</dt>
                <dd className="mono break">{p.sourcePath || '(the whole response)'}</dd>
              </dl>
              <RawJson responseId={p.responseId} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Pretty-prints JSON text; text that is not JSON is shown as it is. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function RawJson({ responseId }: { responseId: number }) {
  const [open, setOpen] = useState(false);
  const raw = useItemStore((s) => s.raw[responseId]);
  const loadRaw = useItemStore((s) => s.loadRaw);
  const id = useId();
  const body = raw?.status === 'loaded' ? raw.value.body : null;
  const text = useMemo(() => (body === null ? '' : pretty(body)), [body]);

  const toggle = (): void => {
    if (!open) void loadRaw(responseId);
    setOpen(!open);
  };

  return (
    <div className="raw-json">
      <button type="button" className="link-button" aria-expanded={open} aria-controls={`${id}-raw`} onClick={toggle}>
        {open ? 'Hide raw JSON' : 'Show raw JSON'}
      </button>
      <div id={`${id}-raw`} hidden={!open}>
        {open &&
          (raw?.status === 'loaded' ? (
            <pre className="raw-json-body" role="region" tabIndex={0} aria-label="Raw JSON response" data-testid="raw-json">
              {text}
            </pre>
          ) : raw?.status === 'error' ? (
            <p className="error" role="alert">
              {raw.message}
            </p>
          ) : (
            <p className="muted">Loading the response…</p>
          ))}
      </div>
    </div>
  );
}
