import { describe, expect, it } from 'vitest';
import type { CustodyEntry } from '../../../../src/shared/custody';
import { describeCustodyEntry, hashPrefix, requestIdOf } from '../../../../src/renderer/src/views/custody/custody-text';

const entry = (kind: CustodyEntry['kind'], action: string, subject: CustodyEntry['subject']): CustodyEntry => ({
  seq: 7,
  at: '2026-01-02T03:04:05.000Z',
  actor: 'desk',
  kind,
  action,
  subject,
  prevHash: '0'.repeat(64),
  hash: 'abcdef0123456789'.repeat(4),
});

describe('custody entries in words', () => {
  it('says what happened, naming the collection or the whole library', () => {
    expect(describeCustodyEntry(entry('fetch', 'fetched', { operation: 'videosite/video', requestId: 'req_1' }))).toBe(
      'Fetched videosite/video',
    );
    expect(describeCustodyEntry(entry('tag', 'added', { tag: 'checked', collection: '', collectionName: null }))).toBe(
      'Tagged “checked” (library-wide)',
    );
    expect(describeCustodyEntry(entry('note', 'set', { collection: 'g', collectionName: 'Case' }))).toBe('Note written (in “Case”)');
    expect(describeCustodyEntry(entry('collection', 'renamed', { name: 'Case', before: 'Clips' }))).toBe(
      'Renamed the collection “Clips” to “Case”',
    );
    expect(describeCustodyEntry(entry('export', 'exported', { items: 2, format: 'csv', fileName: 'case.csv' }))).toBe(
      'Exported 2 items as csv to case.csv',
    );
    expect(describeCustodyEntry(entry('watch', 'paused', {}))).toBe('Watch: paused');
  });

  it('gives a fetch its request id and every entry a short hash', () => {
    expect(requestIdOf(entry('fetch', 'fetched', { requestId: 'req_1' }))).toBe('req_1');
    expect(requestIdOf(entry('tag', 'added', {}))).toBeNull();
    expect(hashPrefix('abcdef0123456789'.repeat(4))).toBe('abcdef012345');
  });

  it('says when an entry is about demo data, and only then', () => {
    expect(describeCustodyEntry(entry('fetch', 'fetched', { operation: 'videosite/video', requestId: 'req_1', demo: true }))).toBe(
      'Fetched videosite/video (demo data, invented by Gleaner’s demo service, not taken from any platform)',
    );
    expect(describeCustodyEntry(entry('export', 'exported', { items: 2, format: 'csv', fileName: 'case.csv', demo: true }))).toMatch(
      /^Exported 2 items as csv to case\.csv \(demo data, /,
    );
    expect(describeCustodyEntry(entry('fetch', 'fetched', { operation: 'videosite/video', requestId: 'req_1' }))).not.toMatch(/demo/);
  });
});
