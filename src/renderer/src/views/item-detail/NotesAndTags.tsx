import { useId, useState, type FormEvent } from 'react';
import type { ItemDetail } from '../../../../shared/library';
import { formatDateTime } from '../../lib/format';
import { useItemStore } from '../../stores/item-store';
import { noteField, useNoteDraft, useNoteDraftsStore } from '../../stores/note-drafts-store';
import { showBidiControls } from '../../../../shared/format-characters';

/** The user's own words about the item: a note and tags (library-wide), plus those kept in collections. */
export function NotesAndTags({ detail }: { detail: ItemDetail }) {
  const globalNote = detail.notes.find((n) => n.collection === null);
  const collectionNotes = detail.notes.filter((n) => n.collection !== null);
  // Notes and tags kept in a collection the item was taken out of (they come back with it).
  const left = (collection: string | null): boolean => collection !== null && !detail.collections.includes(collection);
  const saveNote = useItemStore((s) => s.saveNote);
  const addTag = useItemStore((s) => s.addTag);
  const removeTag = useItemStore((s) => s.removeTag);
  const untagged = useItemStore((s) => s.untagged);
  const itemId = detail.item.id;
  const savedNote = globalNote?.body ?? '';
  // The typed text lives in the drafts store: opening another item must not lose it.
  const { value: note, dirty } = noteField(useNoteDraft(itemId, null), savedNote);
  const [noteState, setNoteState] = useState<{ text: string; problem: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const [tag, setTag] = useState('');
  const [tagProblem, setTagProblem] = useState<string | null>(null);
  const id = useId();

  const submitNote = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    setSaving(true);
    const problem = await saveNote(note);
    setSaving(false);
    setNoteState(problem ? { text: problem, problem: true } : { text: note.trim() ? 'Note saved.' : 'Note removed.', problem: false });
  };

  const submitTag = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const value = tag.trim();
    if (!value) {
      setTagProblem('Type a tag first, for example “verified”.');
      return;
    }
    const problem = await addTag(value);
    setTagProblem(problem);
    if (!problem) setTag('');
  };

  return (
    <section aria-labelledby="detail-notes-heading" className="detail-section">
      <h3 id="detail-notes-heading">Notes and tags</h3>
      <form className="note-form" onSubmit={(e) => void submitNote(e)}>
        <label htmlFor={`${id}-note`}>Note</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          value={note}
          maxLength={100_000}
          placeholder="What you checked, who to call, why it matters…"
          aria-describedby={`${id}-note-status`}
          onChange={(e) => {
            useNoteDraftsStore.getState().edit(itemId, null, e.target.value, savedNote);
            setNoteState(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <div className="form-row">
          <button type="submit" disabled={saving || !dirty}>
            {saving ? 'Saving…' : 'Save note'}
          </button>
          {dirty && (
            <button type="button" disabled={saving} onClick={() => useNoteDraftsStore.getState().discard(itemId, null)}>
              Discard changes
            </button>
          )}
          <span
            id={`${id}-note-status`}
            className={noteState?.problem ? 'error' : dirty ? 'unsaved-hint' : 'muted'}
            role="status"
            data-testid={dirty ? 'note-unsaved' : undefined}
          >
            {noteState?.problem
              ? noteState.text
              : dirty
                ? 'Unsaved note'
                : (noteState?.text ?? (globalNote ? `Last saved ${formatDateTime(globalNote.updatedAt)}` : ''))}
          </span>
        </div>
      </form>
      {collectionNotes.map((n) => (
        <div key={n.collection} className="collection-note">
          <p className="muted">
            Note in “{n.collection}”{left(n.collection) ? ' (the item has left this collection; the note is kept)' : ''} ·{' '}
            {formatDateTime(n.updatedAt)}
          </p>
          <p className="item-text" dir="auto">
            {showBidiControls(n.body)}
          </p>
        </div>
      ))}
      <div className="tags">
        <span id={`${id}-tags`} className="tags-label">
          Tags
        </span>
        {detail.tags.length === 0 ? (
          <span className="muted"> none yet</span>
        ) : (
          <ul className="tag-list" aria-labelledby={`${id}-tags`}>
            {detail.tags.map((t) => (
              <li key={`${t.collection ?? ''}\u0000${t.tag}`} className="tag-chip">
                <span>{t.tag}</span>
                {t.collection !== null && (
                  <span className="muted">
                    {' '}
                    in {t.collection}
                    {left(t.collection) ? ' (the item is no longer in it)' : ''}
                  </span>
                )}
                <button
                  type="button"
                  className="tag-remove"
                  aria-label={`Remove tag ${t.tag}${t.collection !== null ? ` in ${t.collection}` : ''}`}
                  onClick={() => void removeTag(t.tag, t.collection).then(setTagProblem)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form className="form-row" onSubmit={(e) => void submitTag(e)}>
        <label htmlFor={`${id}-tag`} className="visually-hidden">
          New tag
        </label>
        <input
          id={`${id}-tag`}
          type="text"
          value={tag}
          maxLength={100}
          placeholder="Add a tag"
          autoComplete="off"
          onChange={(e) => setTag(e.target.value)}
        />
        <button type="submit">Add tag</button>
      </form>
      <p className="muted tag-undo" role="status" data-testid="tag-removed">
        {untagged && untagged.itemId === itemId && (
          <>
            Tag “{untagged.tag}” removed
            {untagged.collection === null ? ' from the item everywhere (it was library-wide)' : ` in ${untagged.collection}`}.{' '}
            <button type="button" className="link-like" onClick={() => void useItemStore.getState().undoUntag().then(setTagProblem)}>
              Undo
            </button>
          </>
        )}
      </p>
      {tagProblem && (
        <p className="error" role="alert">
          {tagProblem}
        </p>
      )}
    </section>
  );
}
