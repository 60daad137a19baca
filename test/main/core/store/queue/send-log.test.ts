import { describe, expect, it } from 'vitest';
import { sendLogRepository as sendLog } from '../../../../../src/main/core/store/queue/send-log';
import { addBatch, openLibrary } from './fixture';

describe('send log repository', () => {
  it('records sends, moves one to its answer time, removes one, and reads those after a time in order', () => {
    const { db, write } = openLibrary();
    const { jobIds } = addBatch(write, [{}]);
    const job = jobIds[0]!;
    const first = write((tx) => sendLog.add(tx, 1_000, job));
    const second = write((tx) => sendLog.add(tx, 2_000, job));
    const third = write((tx) => sendLog.add(tx, 3_000, job));
    expect(new Set([first, second, third]).size).toBe(3);
    write((tx) => sendLog.moveTo(tx, first, 4_000));
    write((tx) => sendLog.remove(tx, second));
    expect(sendLog.timesSince(db, 0)).toEqual([3_000, 4_000]);
    expect(sendLog.timesSince(db, 3_000)).toEqual([4_000]);
  });

  it('keeps each send’s outcome', () => {
    const { db, write } = openLibrary();
    const { jobIds } = addBatch(write, [{}]);
    const id = write((tx) => sendLog.add(tx, 1_000, jobIds[0]!));
    write((tx) => sendLog.setOutcome(tx, id, 'RATE_LIMITED'));
    expect(db.prepare('SELECT outcome FROM send_log WHERE id = ?').pluck().get(id)).toBe('RATE_LIMITED');
  });
});
