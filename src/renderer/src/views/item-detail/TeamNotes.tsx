import { useState } from 'react';
import type { ItemDetail } from '../../../../shared/library';
import type { NoteConflictInfo, NoteVersionInfo } from '../../../../shared/team-sync';
import { errorText } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { libraryChanged } from '../../lib/library-events';
import { useItemStore } from '../../stores/item-store';
import { bridge } from '../../transport';

const where = (collection: string | null): string => (collection === null ? 'the note' : `the note in “${collection}”`);

/** What colleagues did with this item (team library): who fetched it, who wrote its notes, and notes edited on two desks. */
export function TeamNotes({ detail }: { detail: ItemDetail }) {
  const team = detail.team;
  if (!team) return null;
  return (
    <section aria-labelledby="detail-team-heading" className="detail-section" data-testid="item-team">
      <h3 id="detail-team-heading">From the team</h3>
      {team.fetchedBy.length > 0 && <p className="muted">Fetched by {team.fetchedBy.join(', ')}</p>}
      {team.noteAuthors.map((author) => (
        <p key={author.collection ?? ''} className="muted">
          {where(author.collection).replace(/^t/, 'T')} was last written by {author.member} · {formatDateTime(author.at)}
        </p>
      ))}
      {team.noteConflicts.map((conflict) => (
        <NoteConflict
          key={conflict.id}
          itemId={detail.item.id}
          conflict={conflict}
          current={detail.notes.find((n) => n.collection === conflict.collection)?.body ?? ''}
        />
      ))}
    </section>
  );
}

function NoteConflict({ itemId, conflict, current }: { itemId: number; conflict: NoteConflictInfo; current: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keep = async (body: string): Promise<void> => {
    setBusy(true);
    try {
      const detail = await bridge.call('items.resolveNoteConflict', { conflictId: conflict.id, body });
      if (useItemStore.getState().openId === itemId) useItemStore.setState({ detail });
      libraryChanged({ itemIds: [itemId], by: 'item-detail' });
      setProblem(null);
    } catch (error) {
      setProblem(errorText(error, 'keep that version'));
    } finally {
      setBusy(false);
    }
  };
  const version = (v: NoteVersionInfo, index: number) => (
    <div key={index} className="collection-note">
      <p className="muted">
        {v.member} · {formatDateTime(v.at)}
      </p>
      <p className="item-text" dir="auto">
        {v.body ?? '(deleted the note)'}
      </p>
      <button type="button" disabled={busy} onClick={() => void keep(v.body ?? '')}>
        Keep {v.member}’s version
      </button>
    </div>
  );
  return (
    <div role="group" aria-label={`Two versions of ${where(conflict.collection)}`} data-testid="note-conflict">
      <p>
        {where(conflict.collection).replace(/^t/, 'T')} was edited on two desks at once; both versions are kept until you keep one (or edit
        the note to merge them, then keep yours).
      </p>
      {conflict.versions.map(version)}
      <button type="button" disabled={busy} onClick={() => void keep(current)}>
        Keep the note as it stands now
      </button>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
