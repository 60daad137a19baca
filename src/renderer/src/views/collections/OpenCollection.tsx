import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ExportButton } from '../../components/ExportDialog';
import { formatItems } from '../../lib/format';
import { useCollectionsStore } from '../../stores/collections-store';
import { CollectionItemRow } from './CollectionItemRow';
import { COLLECTION_PAGE, useOpenCollectionStore } from './open-collection-store';

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
    <form
      className="collection-rename"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        // Escape keeps the name, as the Keep button does.
        if (event.key === 'Escape') {
          event.preventDefault();
          onDone();
        }
      }}
      aria-label="Rename the collection"
    >
      <label htmlFor="rename-collection">New name</label>
      <div className="collection-inline">
        <input
          ref={inputRef}
          id="rename-collection"
          type="text"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby="rename-collection-error"
        />
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

/** The open collection: its toolbar, its own search, and its items in order, a page at a time. */
export function OpenCollection() {
  const name = useOpenCollectionStore((s) => s.name);
  const items = useOpenCollectionStore((s) => s.items);
  const total = useOpenCollectionStore((s) => s.total);
  const count = useOpenCollectionStore((s) => s.count);
  const loading = useOpenCollectionStore((s) => s.loading);
  const loadingMore = useOpenCollectionStore((s) => s.loadingMore);
  const error = useOpenCollectionStore((s) => s.error);
  const message = useOpenCollectionStore((s) => s.message);
  const removed = useOpenCollectionStore((s) => s.removed);
  const untagged = useOpenCollectionStore((s) => s.untagged);
  // The last removal here, of an item or a tag, can be taken back (only one is ever on offer).
  const { undoRemove, undoUntag } = useOpenCollectionStore.getState();
  const undo = removed?.collection === name ? undoRemove : untagged?.collection === name ? undoUntag : null;
  const query = useOpenCollectionStore((s) => s.query);
  const searchedFor = useOpenCollectionStore((s) => s.searchedFor);
  const searchError = useOpenCollectionStore((s) => s.searchError);
  const [renaming, setRenaming] = useState(false);
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);

  if (name === null) {
    return (
      <section className="collection-open collection-open-empty" aria-label="Open collection">
        <p className="muted">Choose a collection to see its items in order, with their notes and tags.</p>
      </section>
    );
  }

  const searching = query.trim() !== '';
  // The count of matches is the search's once its answer is in, not the last one's.
  const answered = searching && searchedFor === query.trim() && !searchError;
  const notShown = total - items.length;

  return (
    <section className="collection-open" aria-labelledby="open-collection-heading">
      <div className="collection-head">
        <h3 id="open-collection-heading">{name}</h3>
        <span className="muted">{formatItems(count)}</span>
      </div>
      {renaming ? (
        <RenameForm name={name} onDone={() => setRenaming(false)} />
      ) : (
        <div className="collection-toolbar" role="group" aria-label="Collection actions">
          <button type="button" onClick={() => setRenaming(true)}>
            Rename…
          </button>
          <button type="button" onClick={() => void useOpenCollectionStore.getState().deleteOpen().then(setDeleteProblem)}>
            Delete collection
          </button>
          <ExportButton
            label="Export…"
            disabled={count === 0}
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
        {answered ? `${formatItems(total)} of ${count.toLocaleString('en-US')} match. Clear the search to reorder. ` : ''}
        {message ?? ''}
        {undo && (
          <>
            {' '}
            <button type="button" className="link-like" onClick={() => void undo()}>
              Undo
            </button>
          </>
        )}
      </p>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : loading ? (
        <p className="muted">Loading…</p>
      ) : count === 0 ? (
        <p className="muted" data-testid="collection-empty">
          This collection is empty. In the Library, select items and choose “Add to collection…”, or send Fetch and Paste URLs results here.
        </p>
      ) : answered && total === 0 ? (
        <p className="muted">Nothing in this collection matches “{query}”.</p>
      ) : (
        <>
          <ol className="collection-items" aria-label={`Items in ${name}`}>
            {items.map((item) => (
              <CollectionItemRow key={item.id} item={item} collection={name} index={item.position - 1} count={count} canMove={!searching} />
            ))}
          </ol>
          {notShown > 0 && (
            <button
              type="button"
              className="collection-more"
              disabled={loadingMore}
              onClick={() => void useOpenCollectionStore.getState().showMore()}
            >
              Show {Math.min(COLLECTION_PAGE, notShown).toLocaleString('en-US')} more ({notShown.toLocaleString('en-US')} not shown yet)
            </button>
          )}
        </>
      )}
    </section>
  );
}
