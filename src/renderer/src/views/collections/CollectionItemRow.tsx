import { PlatformText } from '../../components/PlatformText';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CollectionItem, ItemTag } from '../../../../shared/library';
import { useItemStore } from '../../stores/item-store';
import { noteField, useNoteDraft, useNoteDraftsStore } from '../../stores/note-drafts-store';
import { useOpenCollectionStore } from './open-collection-store';
import { MAX_TITLE_SHOWN } from '../../lib/format';
import { itemLabel } from '../../../../shared/item-label';
import { formatPublished } from '../../../../shared/published';
import { kindLabel, platformLabel } from '../../../../shared/catalogue';
import { DemoBadge } from '../../components/DemoBadge';

/** The label every place uses: title, else the start of the item's text, else a description. */
const labelOf = (item: CollectionItem): string => itemLabel({ ...item, text: item.excerpt }, { maxTitle: MAX_TITLE_SHOWN });

/**
 * After a move, focuses the same control in the moved row (the row's DOM node moves, and focus
 * with it may not): the arrow button that was pressed, so pressing again moves it again, or the
 * item's title when that arrow is now disabled at the top or bottom (or Alt+arrow was used).
 */
function refocus(itemId: number, control: 'open' | 'up' | 'down'): void {
  requestAnimationFrame(() => {
    const row = document.querySelector<HTMLElement>(`[data-item-id="${itemId}"]`);
    const arrow = control === 'open' ? null : row?.querySelector<HTMLButtonElement>(`[data-move="${control}"]`);
    (arrow && !arrow.disabled ? arrow : row?.querySelector<HTMLElement>('.item-open'))?.focus();
  });
}

/** One tag chip; a library-wide tag says so (it is on the item everywhere, and × removes it everywhere). */
function TagChip({ tag, label, onRemove }: { tag: ItemTag; label: string; onRemove(): void }) {
  const libraryWide = tag.collection === null;
  return (
    <li
      className={libraryWide ? 'tag-chip is-library-wide' : 'tag-chip'}
      title={libraryWide ? 'Library-wide tag: the item carries it everywhere' : undefined}
    >
      {tag.tag}
      {libraryWide && <span className="tag-scope">library-wide</span>}
      <button
        type="button"
        className="tag-remove"
        onClick={onRemove}
        aria-label={`Remove ${libraryWide ? 'library-wide tag' : 'tag'} ${tag.tag} from ${label}`}
      >
        ×
      </button>
    </li>
  );
}

/** One item of the open collection: open it, move it, remove it, its note and tags here. */
export function CollectionItemRow({
  item,
  collection,
  index,
  count,
  canMove,
}: {
  item: CollectionItem;
  collection: string;
  index: number;
  count: number;
  canMove: boolean;
}) {
  const openId = useItemStore((s) => s.openId);
  const draft = useNoteDraft(item.id, collection);
  const [saving, setSaving] = useState(false);
  const [tag, setTag] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The note and tags open on demand, so a collection reads as a compact list; an unsaved note keeps them open.
  const editing = useOpenCollectionStore((s) => s.editorsOpen.has(item.id));
  const store = useOpenCollectionStore.getState();
  const label = labelOf(item);
  // An approximate date ("≈ Nov 2025") is marked as such, as everywhere else.
  const published = formatPublished(item);
  const savedNote = item.note ?? '';
  const { value: noteValue, dirty } = noteField(draft, savedNote);
  const unsavedId = `note-${item.id}-unsaved`;
  const problemId = `collection-item-${item.id}-problem`;
  const editorId = `collection-item-${item.id}-editor`;
  const editorOpen = editing || dirty || problem !== null;
  const noteLine = savedNote.trim().split('\n')[0] ?? '';

  const move = (delta: number, control: 'open' | 'up' | 'down') => {
    void store.move(item.id, delta).then(() => refocus(item.id, control));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!canMove || !event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(event.key === 'ArrowUp' ? -1 : 1, 'open');
    }
  };
  const saveNote = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const error = await store.setNote(item.id, noteValue);
    setSaving(false);
    setProblem(error);
  };
  const addTag = async (event: FormEvent) => {
    event.preventDefault();
    const error = await store.addTag(item.id, tag);
    setProblem(error);
    if (!error) setTag('');
  };

  return (
    <li
      className={item.id === openId ? 'collection-item is-active' : 'collection-item'}
      data-item-id={item.id}
      data-testid="collection-item"
      onKeyDown={onKeyDown}
    >
      <div className="collection-item-head">
        <span className="collection-position muted" aria-hidden="true">
          {index + 1}
        </span>
        <button
          type="button"
          className="item-open link-like"
          onClick={() => useItemStore.getState().open(item.id)}
          aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          aria-current={item.id === openId ? 'true' : undefined}
        >
          <PlatformText text={label} />
        </button>
        <span className="muted collection-item-meta">
          {item.demo && <DemoBadge />}
          {platformLabel(item.platform)} · {kindLabel(item.kind)}
          {item.authorName ? (
            <>
              {' · '}
              <PlatformText text={item.authorName} />
            </>
          ) : (
            ''
          )}
          {published ? ` · ${published}` : ''}
          {item.tags.length > 0 && (
            <span className="collection-item-tag-names">
              {' · '}
              {item.tags.map((t) => t.tag).join(', ')}
            </span>
          )}
          {noteLine && !editorOpen && (
            <>
              {' · '}
              <span className="collection-item-note" data-testid="collection-item-note">
                {noteLine}
              </span>
            </>
          )}
        </span>
        <span className="collection-item-actions">
          <button
            type="button"
            data-move="up"
            onClick={() => move(-1, 'up')}
            disabled={!canMove || index === 0}
            aria-label={`Move up: ${label}`}
          >
            ↑
          </button>
          <button
            type="button"
            data-move="down"
            onClick={() => move(1, 'down')}
            disabled={!canMove || index === count - 1}
            aria-label={`Move down: ${label}`}
          >
            ↓
          </button>
          <button
            type="button"
            aria-expanded={editorOpen}
            aria-controls={editorId}
            aria-label={`Note & tags: ${label}`}
            disabled={editorOpen && !editing}
            onClick={() => store.toggleEditor(item.id, !editorOpen)}
          >
            Note & tags
            {item.tags.length > 0 ? ` (${item.tags.length})` : ''}
          </button>
          <button type="button" onClick={() => void store.removeItem(item.id, label)} aria-label={`Remove from collection: ${label}`}>
            Remove
          </button>
        </span>
      </div>
      {editorOpen && (
        <div id={editorId} className="collection-item-editor">
          <form className="collection-note-form" onSubmit={(event) => void saveNote(event)}>
            <label htmlFor={`note-${item.id}`} className="visually-hidden">
              Note in this collection on {label}
            </label>
            <textarea
              id={`note-${item.id}`}
              rows={noteValue ? 2 : 1}
              value={noteValue}
              maxLength={100_000}
              placeholder="A note for this story…"
              aria-describedby={dirty ? unsavedId : undefined}
              onChange={(event) => useNoteDraftsStore.getState().edit(item.id, collection, event.target.value, savedNote)}
            />
            <div className="collection-note-actions">
              <button type="submit" disabled={!dirty || saving} aria-label={`Save note: ${label}`}>
                {saving ? 'Saving…' : 'Save note'}
              </button>
              {dirty && (
                <>
                  <button
                    type="button"
                    onClick={() => useNoteDraftsStore.getState().discard(item.id, collection)}
                    aria-label={`Discard unsaved note: ${label}`}
                  >
                    Discard
                  </button>
                  <span id={unsavedId} className="unsaved-hint" data-testid="note-unsaved">
                    Unsaved note
                  </span>
                </>
              )}
            </div>
          </form>
          <div className="collection-tags">
            <ul className="collection-tag-list" aria-label={`Tags on ${label}`}>
              {item.tags.map((t) => (
                <TagChip
                  key={`${t.collection === null ? 'library' : 'here'}\u0000${t.tag}`}
                  tag={t}
                  label={label}
                  onRemove={() => void store.removeTag(item.id, t).then(setProblem)}
                />
              ))}
            </ul>
            <form className="collection-inline" onSubmit={(event) => void addTag(event)}>
              <label htmlFor={`tag-${item.id}`} className="visually-hidden">
                New tag on {label}
              </label>
              <input
                id={`tag-${item.id}`}
                type="text"
                value={tag}
                maxLength={100}
                placeholder="Add a tag"
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? problemId : undefined}
                onChange={(event) => setTag(event.target.value)}
              />
              <button type="submit" disabled={tag.trim() === ''} aria-label={`Add tag: ${label}`}>
                Tag
              </button>
            </form>
          </div>
        </div>
      )}
      {problem && (
        <p id={problemId} className="error" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}
