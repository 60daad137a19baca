import * as fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHeldAnswerFiles, type HeldFileSystem } from '../../../../src/main/core/queue/held-answer-files';
import type { Answer } from '../../../../src/main/core/queue/answers';
import type { JobRow } from '../../../../src/main/core/store/queue/jobs';
import { createLogger } from '../../../../src/main/core/log';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function answerFor(jobId: number, bodyBytes = 1000): Answer {
  const body = JSON.stringify({ success: true, data: { title: 'x'.repeat(bodyBytes) }, meta: { request_id: `req_${jobId}` } });
  return {
    job: { id: jobId, attempts: 0, operation: 'videosite/search', batch_id: 1 } as unknown as JobRow,
    response: {
      operation: 'videosite/search',
      params: { query: 'flood' },
      requestUrl: 'http://127.0.0.1/api',
      requestId: `req_${jobId}`,
      status: 200,
      fetchedAt: '2026-04-01T00:00:00.000Z',
      durationMs: 5,
      body,
      data: (JSON.parse(body) as { data: unknown }).data,
      nextPage: null,
    },
    sendId: jobId * 10,
  };
}

/**
 * The real file system, except that while `full` is set a write fails with ENOSPC unless the
 * reserve gave back enough room for it first (as on a disk with no space left but ours).
 */
function fillableDisk(free: number) {
  const disk = { full: false, room: 0, free };
  const reserveSize = (path: fs.PathLike) => {
    try {
      return fs.statSync(path).size;
    } catch {
      return 0;
    }
  };
  const paths = new Map<number, string>();
  const files: HeldFileSystem = {
    ...fs,
    openSync: ((path: fs.PathLike, ...rest: Parameters<typeof fs.openSync> extends [unknown, ...infer R] ? R : never) => {
      const fd = fs.openSync(path, ...rest);
      paths.set(fd, String(path));
      return fd;
    }) as typeof fs.openSync,
    truncateSync: (path, length) => {
      disk.room += reserveSize(path) - (length ?? 0);
      fs.truncateSync(path, length);
    },
    writeSync: ((fd: number, buffer: Buffer, offset: number, length: number) => {
      if (disk.full && !paths.get(fd)?.endsWith('reserve')) {
        if (length > disk.room) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        disk.room -= length;
      }
      return fs.writeSync(fd, buffer, offset, length);
    }) as typeof fs.writeSync,
  };
  return { disk, files };
}

function setup(free = 64 * 1024 * 1024, reserveBytes = 1024 * 1024) {
  const folder = mkdtempSync(join(tmpdir(), 'gleaner-held-'));
  folders.push(folder);
  const { disk, files } = fillableDisk(free);
  const logLines: string[] = [];
  const store = createHeldAnswerFiles({
    folder: join(folder, 'held-answers'),
    log: createLogger((line) => logLines.push(line)),
    fs: files,
    freeBytes: () => (disk.full ? 0 : disk.free),
    reserveBytes,
  });
  const reserve = () => fs.statSync(join(folder, 'held-answers', 'reserve')).size;
  const names = () => (fs.existsSync(join(folder, 'held-answers')) ? fs.readdirSync(join(folder, 'held-answers')).sort() : []);
  return { store, disk, reserve, names, logLines };
}

describe('held answers on disk', () => {
  it('keeps an answer until it is removed, the data read again from its body', () => {
    const { store, names } = setup();
    const answer = answerFor(7);
    expect(store.save(answer)).toBe(true);
    expect(names()).toEqual(['job-7.json']);
    expect(store.loadAll()).toEqual([answer]);
    store.remove(7);
    expect(store.loadAll()).toEqual([]);
  });

  it('sets space aside while there is room, at most a quarter of what is free', () => {
    const roomy = setup(64 * 1024 * 1024, 1024 * 1024);
    roomy.store.topUpReserve();
    expect(roomy.reserve()).toBe(1024 * 1024);
    const small = setup(400 * 1024, 1024 * 1024);
    small.store.topUpReserve();
    expect(small.reserve()).toBe(100 * 1024);
  });

  it('on a full disk, makes room for a held answer from the space set aside, giving back no more than it needs', () => {
    const { store, disk, reserve, names } = setup();
    store.topUpReserve();
    disk.full = true;
    expect(store.save(answerFor(1))).toBe(true);
    expect(store.save(answerFor(2))).toBe(true);
    expect(names()).toEqual(['job-1.json', 'job-2.json', 'reserve']);
    // Each answer took about its size and a little slack: most of the reserve is left for the next.
    expect(reserve()).toBeGreaterThan(1024 * 1024 - 2 * 80 * 1024);
    expect(store.loadAll().map((answer) => answer.job.id)).toEqual([1, 2]);
  });

  it('without space set aside, a full disk keeps the answer in memory only, leaving nothing half-written', () => {
    const { store, disk, names, logLines } = setup();
    disk.full = true;
    expect(store.save(answerFor(3))).toBe(false);
    expect(names()).toEqual([]);
    expect(logLines.join('\n')).toMatch(/held in memory only/);
  });

  it('an answer too big for the space set aside leaves that space for answers that fit', () => {
    const { store, disk, reserve } = setup(64 * 1024 * 1024, 256 * 1024);
    store.topUpReserve();
    disk.full = true;
    expect(store.save(answerFor(4, 512 * 1024))).toBe(false);
    expect(reserve()).toBe(256 * 1024);
    expect(store.save(answerFor(5))).toBe(true);
  });
});
