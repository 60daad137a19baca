import type { Database } from 'better-sqlite3';
import { preparedOnUse } from './prepared-on-use';
import { writeTransaction } from './write-transaction';

/** Raw key/value settings, each value stored as JSON text. */
export interface SettingsRepository {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): boolean;
  entries(prefix?: string): [string, unknown][];
}

export function createSettingsRepository(db: Database, now: () => Date): SettingsRepository {
  const select = preparedOnUse(() => db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'));
  const upsert = preparedOnUse(() =>
    db.prepare(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    ),
  );
  const remove = preparedOnUse(() => db.prepare('DELETE FROM settings WHERE key = ?'));
  const list = preparedOnUse(() =>
    db.prepare<[string], { key: string; value: string }>("SELECT key, value FROM settings WHERE key LIKE ? ESCAPE '\\' ORDER BY key"),
  );
  return {
    get(key) {
      const row = select().get(key);
      return row ? (JSON.parse(row.value) as unknown) : undefined;
    },
    set(key, value) {
      writeTransaction(db, () => upsert().run(key, JSON.stringify(value), now().toISOString()));
    },
    delete(key) {
      return writeTransaction(db, () => remove().run(key).changes > 0);
    },
    entries(prefix = '') {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return list()
        .all(pattern)
        .map((row) => [row.key, JSON.parse(row.value) as unknown]);
    },
  };
}
