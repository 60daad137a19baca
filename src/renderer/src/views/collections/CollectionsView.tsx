import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatItems } from '../../lib/format';
import { useCollectionsStore } from '../../stores/collections-store';
import { OpenCollection } from './OpenCollection';
import { useOpenCollectionStore } from './open-collection-store';
import './collections.css';

function CreateCollectionForm() {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    // Enter in an empty field says why nothing happens, rather than nothing.
    if (trimmed === '') {
      setProblem('Give the new collection a name.');
      return;
    }
    const error = await useCollectionsStore.getState().create(trimmed);
    setProblem(error);
    if (!error) {
      setName('');
      await useOpenCollectionStore.getState().open(trimmed);
    }
  };
  return (
    <form className="collection-create" onSubmit={(event) => void submit(event)}>
      <label htmlFor="new-collection-name">New collection</label>
      <div className="collection-inline">
        <input
          id="new-collection-name"
          type="text"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Flood story"
          aria-invalid={problem ? true : undefined}
          aria-describedby="new-collection-error"
        />
        <button type="submit">Create</button>
      </div>
      <span id="new-collection-error" className="field-error" role="alert">
        {problem ?? ''}
      </span>
    </form>
  );
}

/** The undo offer after a delete. Its status region is always there, so a screen reader announces the offer when it comes. */
function UndoBar() {
  const deleted = useOpenCollectionStore((s) => s.deleted);
  const [problem, setProblem] = useState<string | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  // The Delete button went with the collection: focus goes to the way back.
  useEffect(() => {
    if (deleted) undoButton.current?.focus();
  }, [deleted]);
  const undo = async () => {
    const name = deleted?.name;
    const error = await useOpenCollectionStore.getState().undoDelete();
    setProblem(error);
    if (!error && name !== undefined) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`.collection-names [data-collection="${CSS.escape(name)}"]`)?.focus(),
      );
    }
  };
  return (
    <div className={deleted ? 'collection-undo' : 'collection-undo is-empty'} role="status" data-testid="collection-undo">
      {deleted && (
        <>
          <span>
            Deleted “{deleted.name}” ({formatItems(deleted.itemIds.length)}; the items stay in your library).
          </span>
          <button ref={undoButton} type="button" className="primary" onClick={() => void undo()}>
            Undo
          </button>
          {problem && <span className="error">{problem}</span>}
        </>
      )}
    </div>
  );
}

export function CollectionsView() {
  const collections = useCollectionsStore((s) => s.collections);
  const loaded = useCollectionsStore((s) => s.loaded);
  const error = useCollectionsStore((s) => s.error);
  const openName = useOpenCollectionStore((s) => s.name);

  useEffect(() => {
    void useCollectionsStore.getState().load();
    void useOpenCollectionStore.getState().reload();
  }, []);

  return (
    <div className="collections">
      <h2>Collections</h2>
      <UndoBar />
      <div className="collections-layout">
        <section className="collection-index" aria-labelledby="collection-index-heading">
          <h3 id="collection-index-heading" className="visually-hidden">
            Your collections
          </h3>
          <CreateCollectionForm />
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          {!loaded ? (
            <p className="muted">Loading…</p>
          ) : collections.length === 0 ? (
            <p className="muted" data-testid="collections-empty">
              No collections yet. Create one above, or select items in the Library and choose “Add to collection…”.
            </p>
          ) : (
            <ul className="collection-names" aria-label="Your collections">
              {collections.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className={c.name === openName ? 'collection-name is-open' : 'collection-name'}
                    aria-current={c.name === openName ? 'true' : undefined}
                    data-collection={c.name}
                    onClick={() => void useOpenCollectionStore.getState().open(c.name)}
                  >
                    <span className="collection-title">{c.name}</span>
                    <span className="muted">{formatItems(c.itemCount)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <OpenCollection />
      </div>
    </div>
  );
}
