import { describe, expect, it } from 'vitest';
import { isGleanerError } from '../../../../src/shared/errors';
import { isDiskFull, storageError } from '../../../../src/main/core/store/storage-error';

const failure = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(`${code}: raw`), { code, ...extra });
const LIBRARY = '/data/Gleaner/gleaner.sqlite3';

describe('storageError', () => {
  it.each([
    ['SQLITE_FULL', {}],
    ['ENOSPC', { path: '/data/Gleaner/held-answers/job-1.json' }],
    ['EDQUOT', { path: '/data/Gleaner/logs/gleaner.log' }],
  ])('says %s is a full disk, and what to do', (code, extra) => {
    const translated = storageError(failure(code, extra), LIBRARY);
    expect(translated).toMatchObject({
      code: 'STORAGE_ERROR',
      message: expect.stringMatching(/^The disk holding .* is full: free some space/),
    });
  });

  it('names the library for SQLite, the file’s folder for the file system, and the library in general without a path', () => {
    expect(storageError(failure('SQLITE_FULL'), LIBRARY)).toMatchObject({ message: expect.stringContaining(`the library at ${LIBRARY}`) });
    expect(storageError(failure('ENOSPC', { path: '/mnt/out/x.csv' }), LIBRARY)).toMatchObject({
      message: expect.stringContaining('The disk holding /mnt/out is full'),
    });
    expect(storageError(failure('SQLITE_FULL'))).toMatchObject({ message: expect.stringMatching(/^The disk holding the library is full/) });
  });

  it('takes an I/O error on a disk with no room left for a full disk, and otherwise for a failing disk', () => {
    const ioError = failure('SQLITE_IOERR_SHMSIZE');
    expect(isDiskFull(ioError, LIBRARY, { freeBytes: () => 0 })).toBe(true);
    expect(storageError(ioError, LIBRARY, { freeBytes: () => 0 })).toMatchObject({ message: expect.stringMatching(/is full/) });
    expect(isDiskFull(ioError, LIBRARY, { freeBytes: () => 10 ** 9 })).toBe(false);
    expect(storageError(ioError, LIBRARY, { freeBytes: () => 10 ** 9 })).toMatchObject({
      code: 'STORAGE_ERROR',
      message: expect.stringMatching(/may be failing or gone/),
    });
  });

  it('says what a read-only, damaged or foreign library is', () => {
    expect(storageError(failure('SQLITE_READONLY'), LIBRARY)).toMatchObject({ message: expect.stringMatching(/is read-only/) });
    expect(storageError(failure('SQLITE_CORRUPT'), LIBRARY)).toMatchObject({ message: expect.stringMatching(/is damaged/) });
    expect(storageError(failure('SQLITE_NOTADB'), LIBRARY)).toMatchObject({ message: expect.stringMatching(/is not a Gleaner library/) });
    expect(storageError(failure('SQLITE_CANTOPEN'), LIBRARY)).toMatchObject({ message: expect.stringMatching(/cannot open/) });
  });

  it('leaves every other error as it is', () => {
    for (const other of [failure('SQLITE_BUSY'), failure('ECONNREFUSED'), new Error('a bug'), 'text']) {
      const translated = storageError(other, LIBRARY);
      expect(isGleanerError(translated)).toBe(false);
      expect(translated).toBe(other);
    }
  });
});
