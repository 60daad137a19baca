import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databasePath } from '../../../../src/main/core/data-dir';
import { setConfig } from '../../../../src/main/core/settings/service-settings';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { openDatabase, writeTransaction, type Database } from '../../../../src/main/core/store/database';
import { queueStateRepository } from '../../../../src/main/core/store/queue/queue-state';
import { liftLibraryTokenPause, libraryServiceOrigin } from '../../../../src/main/core/usecases/library-token';
import type { PauseReason } from '../../../../src/shared/queue';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gleaner-library-token-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** Opens (creating) the library in the data folder, runs `use`, and closes it again. */
function withLibrary(use: (db: Database) => void): void {
  const db = openDatabase({ path: databasePath(dataDir) });
  try {
    use(db);
  } finally {
    db.close();
  }
}

const setBaseUrl = (value: string) =>
  withLibrary((db) =>
    setConfig(
      createSettingsRepository(db, () => new Date()),
      'base-url',
      value,
    ),
  );

function pauseFor(reason: PauseReason, withPausedJob = false): void {
  withLibrary((db) => {
    writeTransaction(db, (tx) => queueStateRepository.setPause(tx, { reason, message: 'Paused for the test.' }));
    if (withPausedJob) {
      db.prepare("INSERT INTO batches (kind, label, created_at) VALUES ('call', 'held', '2026-03-02T00:00:00.000Z')").run();
      db.prepare(
        "INSERT INTO jobs (batch_id, operation, params, state, created_at, updated_at) VALUES (1, 'videosite/trending', '{}', 'paused', '2026-03-02T00:00:00.000Z', '2026-03-02T00:00:00.000Z')",
      ).run();
    }
  });
}

function readBack(): { pause: unknown; states: string[] } {
  const db = openDatabase({ path: databasePath(dataDir) });
  try {
    return { pause: queueStateRepository.pause(db), states: db.prepare('SELECT state FROM jobs').pluck().all() as string[] };
  } finally {
    db.close();
  }
}

describe('libraryServiceOrigin', () => {
  it('is null where there is no library, and makes none', () => {
    expect(libraryServiceOrigin(dataDir)).toBeNull();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('is null on the demo service (a new library’s default)', () => {
    withLibrary(() => undefined);
    expect(libraryServiceOrigin(dataDir)).toBeNull();
  });

  it('is the origin of the real service the library sends to', () => {
    setBaseUrl('https://api.example.com/v1');
    expect(libraryServiceOrigin(dataDir)).toBe('https://api.example.com');
  });
});

describe('liftLibraryTokenPause', () => {
  it('is false where there is no library, and makes none', () => {
    expect(liftLibraryTokenPause(dataDir)).toBe(false);
    expect(existsSync(databasePath(dataDir))).toBe(false);
  });

  it('lifts a pause that waited for a token, putting the jobs it held back in line, once', () => {
    pauseFor('TOKEN_MISSING', true);
    expect(liftLibraryTokenPause(dataDir)).toBe(true);
    expect(readBack()).toEqual({ pause: null, states: ['queued'] });
    expect(liftLibraryTokenPause(dataDir)).toBe(false);
  });

  it('leaves any other pause as it is', () => {
    pauseFor('user');
    expect(liftLibraryTokenPause(dataDir)).toBe(false);
    expect(readBack().pause).toMatchObject({ reason: 'user' });
  });
});
