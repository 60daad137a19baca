/**
 * Item detail's team section: who fetched the item and wrote its notes, and a note edited on two
 * desks shown with both versions, rendered inert.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ItemDetail } from '../../../../src/shared/library';

vi.mock('../../../../src/renderer/src/transport', () => ({ bridge: { call: async () => ({}), subscribe: () => () => {} } }));

const { TeamNotes } = await import('../../../../src/renderer/src/views/item-detail/TeamNotes');

const detail = (team: ItemDetail['team']) =>
  ({ item: { id: 7 }, notes: [{ collection: null, body: 'Now', updatedAt: '2026-01-01T00:00:00Z' }], team }) as unknown as ItemDetail;
const render = (team: ItemDetail['team']) => renderToStaticMarkup(createElement(TeamNotes, { detail: detail(team) }));

describe('the team section of item detail', () => {
  it('is absent when no colleague touched the item', () => {
    expect(render(undefined)).toBe('');
  });

  it('says who fetched the item and who wrote a note, and shows both versions of a conflicting note, inert', () => {
    const html = render({
      fetchedBy: ['Ana'],
      noteAuthors: [{ collection: 'Harbour', member: 'Ben', at: '2026-01-01T10:00:00Z' }],
      noteConflicts: [
        {
          id: 3,
          collection: null,
          versions: [
            { body: '<img src=x onerror=alert(1)>', member: 'Ana', at: '2026-01-01T10:00:00Z' },
            { body: null, member: 'Ben', at: '2026-01-01T10:01:00Z' },
          ],
        },
      ],
    });
    expect(html).toContain('Fetched by Ana');
    expect(html).toContain('The note in “Harbour” was last written by Ben');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('(deleted the note)');
    expect(html).toContain('Keep Ana’s version');
    expect(html).toContain('Keep Ben’s version');
    expect(html).toContain('Keep the note as it stands now');
  });
});
