import { describe, expect, it } from 'vitest';
import type { CollectionItem } from '../../../../src/shared/library';
import { appendRows, movedRows } from '../../../../src/renderer/src/views/collections/collection-order';

const item = (id: number, over: Partial<CollectionItem> = {}): CollectionItem => ({
  id,
  position: id,
  addedAt: '',
  platform: 'videosite',
  kind: 'video',
  title: `Item ${id}`,
  url: null,
  authorName: null,
  publishedAt: null,
  publishedText: null,
  publishedApproximate: false,
  note: null,
  tags: [],
  demo: false,
  ...over,
});

describe('collection rows', () => {
  const ids = (rows: readonly CollectionItem[] | null) => rows?.map((row) => [row.id, row.position]);

  it('shows a move within the rows read at once, each row keeping its number in the order', () => {
    const rows = [item(1), item(2), item(3)];
    expect(ids(movedRows(rows, 1, 1))).toEqual([
      [2, 1],
      [1, 2],
      [3, 3],
    ]);
    expect(ids(movedRows(rows, 3, -2))).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('leaves to the answer a move that starts or lands outside the rows read, or goes nowhere', () => {
    const rows = [item(1), item(2), item(3)];
    expect(movedRows(rows, 1, -1)).toBeNull();
    // Row 3 is the last read, not necessarily the last of the collection.
    expect(movedRows(rows, 3, 1)).toBeNull();
    expect(movedRows(rows, 9, 1)).toBeNull();
    expect(movedRows(rows, 2, 0)).toBeNull();
  });

  it('adds a later page without showing a row twice', () => {
    expect(appendRows([item(1), item(2)], [item(2), item(3)]).map((row) => row.id)).toEqual([1, 2, 3]);
  });
});
