import { describe, expect, it } from 'vitest';
import { queueStateRepository as queueState } from '../../../../../src/main/core/store/queue/queue-state';
import { openLibrary } from './fixture';

describe('queue state repository', () => {
  it('reads the fallback for a key never written, and a value as written (JSON) after', () => {
    const { db, write } = openLibrary();
    expect(queueState.read(db, 'share', { share: 1 })).toEqual({ share: 1 });
    write((tx) => queueState.write(tx, 'share', { share: 0.5, ceiling: 1 }));
    write((tx) => queueState.write(tx, 'share', { share: 0.25, ceiling: 1 }));
    expect(queueState.read(db, 'share', null)).toEqual({ share: 0.25, ceiling: 1 });
    write((tx) => queueState.remove(tx, 'share'));
    expect(queueState.read(db, 'share', 'gone')).toBe('gone');
  });

  it('keeps the pause and the runner lease under their own keys', () => {
    const { db, write } = openLibrary();
    expect(queueState.pause(db)).toBeNull();
    expect(queueState.lease(db)).toBeNull();
    write((tx) => queueState.setPause(tx, { reason: 'user', message: 'Paused.' }));
    write((tx) => queueState.setLease(tx, { owner: '12-abc', expiresAt: 5 }));
    expect(queueState.pause(db)).toEqual({ reason: 'user', message: 'Paused.' });
    expect(queueState.lease(db)).toEqual({ owner: '12-abc', expiresAt: 5 });
    write((tx) => queueState.clearPause(tx));
    expect(queueState.pause(db)).toBeNull();
    expect(queueState.lease(db)).toEqual({ owner: '12-abc', expiresAt: 5 });
    write((tx) => queueState.releaseLease(tx));
    expect(queueState.lease(db)).toBeNull();
  });

  it('reads the count of commits by other connections as a number', () => {
    const { db } = openLibrary();
    expect(typeof queueState.othersCommitCount(db)).toBe('number');
  });
});
