import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ExportButton } from '../../components/ExportDialog';
import { formatItems } from '../../lib/format';
import { useCollectionsStore } from '../../stores/collections-store';
import { CollectionItemRow } from './CollectionItemRow';
import { visibleItems } from './collection-order';
import { useOpenCollectionStore } from './open-collection-store';

function RenameForm({ name, onDone }: { name: string; onDone(): void }) {
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const error = await useCollectionsStore.getState().rename(name, value);
    setProblem(error);
    if (!error) {
      useOpenCollectionStore.getState().renamed(value.trim());
      onDone();
    }
  };
  return (
    <form className="collection-rename" onSubmit={(event) => void submit(event)} aria-label="Rename the collection">
      <label htmlFor="rename-collection">New name</label>
      <div className="collection-inline">
        <input ref={inputRef} id="rename-collection" type="text" value={value} onChange={(event) => setValue(event.target.value)} aria-describedby="rename-collection-error" />
        <button type="submit" className="primary" disabled={value.trim() === ''}>
          Save name
        </button>
        <button type="button" onClick={onDone}>
          Keep “{name}”
        </button>
      </div>
      <span id="rename-collection-error" className="field-error" role="alert">
        {problem ?? ''}
      </span>
    </form>
  );
}

/** The open collection: its toolbar, its own search, and its items in order. */
const ROWS_STEP = 200;

export function OpenCollection() {
  const name = useOpenCollectionStore((s) => s.name);
  const items = useOpenCollectionStore((s) => s.items);
  const loading = useOpenCollectionStore((s) => s.loading);
  const error = useOpenCollectionStore((s) => s.error);
  const message = useOpenCollectionStore((s) => s.message);
  const query = useOpenCollectionStore((s) => s.query);
  const matched = useOpenCollectionStore((s) => s.matched);
  const searchError = useOpenCollectionStore((s) => s.searchError);
  const [renaming, setRenaming] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  // Rows drawn, a step at a time: a collection may hold 100,000 items, each row a form of its own.
  const [drawn, setDrawn] = useState<{ for: string; rows: number }>({ for: '', rows: ROWS_STEP });
  const positions = useMemo(() => new Map(items.map((item, index) => [item.id, index])), [items]);

  if (name === null) {
    return (
      <section className="collection-open collection-open-empty" aria-label="Open collection">
        <p className="muted">Choose a collection to see its items in order, with their notes and tags.</p>
      </section>
    );
  }

  const shown = visibleItems(items, matched);
  const searching = matched !== null;
  const drawFor = `${name}\u0000${query}`;
  const rows = drawn.for === drawFor ? drawn.rows : ROWS_STEP;
  const notDrawn = shown.length - rows;

  return (
    <section className="collection-open" aria-labelledby="open-collection-heading">
      <div className="collection-head">
        <h3 id="open-collection-heading">{name}</h3>
        <span className="muted">{formatItems(items.length)}</span>
      </div>
      {renaming ? (
        <RenameForm name={name} onDone={() => setRenaming(false)} />
      ) : (
        <div className="collection-toolbar" role="toolbar" aria-label="Collection actions">
          <button type="button" onClick={() => setRenaming(true)}>
            Rename…
          </button>
          <button type="button" onClick={() => void useOpenCollectionStore.getState().deleteOpen().then(setDeleteProblem)}>
            Delete collection
          </button>
          <ExportButton
            label="Export…"
            disabled={items.length === 0}
            target={() => ({ scope: { kind: 'collection', name }, description: `the collection “${name}”` })}
          />
        </div>
      )}
      {deleteProblem && (
        <p className="error" role="alert">
          {deleteProblem}
        </p>
      )}
      <div className="collection-search">
        <label htmlFor="collection-search">Search this collection</label>
        <input
          id="collection-search"
          type="search"
          value={query}
          onChange={(event) => void useOpenCollectionStore.getState().search(event.target.value)}
          placeholder="Words in titles, text, notes or transcripts"
        />
        {searchError && <span className="field-error">{searchError}</span>}
      </div>
      <p className="collection-message muted" role="status" aria-live="polite">
        {searching ? `${formatItems(shown.length)} of ${items.length.toLocaleString('en-US')} match. Clear the search to reorder. ` : ''}
        {message ?? ''}
      </p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : loading ? (
        <p className="muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="muted" data-testid="collection-empty">
          This collection is empty. In the Library, select items and choose “Add to collection…”, or send Fetch and Paste URLs results here.
        </p>
      ) : shown.length === 0 ? (
        <p className="muted">Nothing in this collection matches “{query}”.</p>
      ) : (
        <>
          <ol className="collection-items" aria-label={`Items in ${name}`}>
            {shown.slice(0, rows).map((item) => (
              <CollectionItemRow key={item.id} item={item} collection={name} index={positions.get(item.id) ?? 0} count={items.length} canMove={!searching} />
            ))}
          </ol>
          {notDrawn > 0 && (
            <button type="button" className="collection-more" onClick={() => setDrawn({ for: drawFor, rows: rows + ROWS_STEP })}>
              Show {Math.min(ROWS_STEP, notDrawn).toLocaleString('en-US')} more ({notDrawn.toLocaleString('en-US')} not shown yet)
            </button>
          )}
        </>
      )}
    </section>
  );
}
