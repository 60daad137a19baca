import { describe, expect, it } from 'vitest';
import { mergeOrder, type PlacedByHub } from '../../../../../src/main/core/team/sync/order-merge';

describe('the merged order of a shared collection', () => {
  const placed: PlacedByHub[] = [
    { itemCanon: 'x', position: 4, deskId: 'desk-b' },
    { itemCanon: 'a', position: 1, deskId: 'desk-a' },
    { itemCanon: 'y', position: 4, deskId: 'desk-a' },
    { itemCanon: 'z', position: 4, deskId: 'desk-a' },
    { itemCanon: 'm', position: 2.5, deskId: 'desk-b' },
  ];

  it('is the same whatever order the places arrive in, ties ordered by desk then item and spread apart', () => {
    const merged = mergeOrder(placed);
    expect(merged.map((m) => m.itemCanon)).toEqual(['a', 'm', 'y', 'z', 'x']);
    expect(mergeOrder([...placed].reverse())).toEqual(merged);
    expect(mergeOrder([placed[2]!, placed[0]!, placed[4]!, placed[1]!, placed[3]!])).toEqual(merged);
    const positions = merged.map((m) => m.position);
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(positions[4]! - 4).toBeLessThan(0.001);
  });

  it('leaves places that do not tie as they are', () => {
    expect(
      mergeOrder([
        { itemCanon: 'a', position: 3, deskId: 'd' },
        { itemCanon: 'b', position: 1, deskId: 'd' },
      ]),
    ).toEqual([
      { itemCanon: 'b', position: 1 },
      { itemCanon: 'a', position: 3 },
    ]);
  });
});
