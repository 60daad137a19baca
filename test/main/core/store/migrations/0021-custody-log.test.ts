import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migration0021 } from '../../../../../src/main/core/store/migrations/0021-custody-log';
import { custodyRepository } from '../../../../../src/main/core/store/custody/custody-repository';
import { sha256Hex } from '../../../../../src/main/core/store/custody/custody-functions';
import type { WritableDB } from '../../../../../src/main/core/store/write-transaction';
import { GENESIS_HASH, verifyChain } from '../../../../../src/shared/custody';
import { databaseAtVersion } from './at-version';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function atVersion20WithAnswers() {
  const db = databaseAtVersion(20);
  db.exec(`
    INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body)
      VALUES (1, 'videosite/search', '{}', 'u', 'req_1', 200, 't', '${sha('b')}', 'b'),
             (2, 'videosite/search', '{}', 'u', 'req_2', 200, 't', '${sha('a')}', 'a');
  `);
  return db;
}

describe('migration 0021-custody-log', () => {
  it('starts the log with one log-started entry naming the answers held and their digest, inventing no history', () => {
    const db = atVersion20WithAnswers();
    migration0021.up(db);
    const entries = custodyRepository.all(db as never);
    expect(entries).toHaveLength(1);
    const sorted = [sha('a'), sha('b')].sort();
    expect(entries[0]).toMatchObject({
      seq: 1,
      kind: 'log-started',
      action: 'started',
      prevHash: GENESIS_HASH,
      subject: { answers: 2, answersDigest: sha(`${sorted[0]}\n${sorted[1]}\n`) },
    });
    expect(entries[0]!.actor).toMatch(/^[0-9a-f]{32}$/);
    expect(verifyChain(entries, sha256Hex)).toBeNull();
  });

  it('refuses to update or delete an entry (triggers)', () => {
    const db = atVersion20WithAnswers();
    migration0021.up(db);
    expect(() => db.exec("UPDATE custody_log SET actor = 'someone else'")).toThrow(/append-only/);
    expect(() => db.exec('DELETE FROM custody_log')).toThrow(/append-only/);
    custodyRepository.importEntries(db as unknown as WritableDB, 'bundle:x', custodyRepository.all(db as never), 't');
    expect(() => db.exec("UPDATE custody_imported SET actor = 'x'")).toThrow(/append-only/);
    expect(() => db.exec('DELETE FROM custody_imported')).toThrow(/append-only/);
    expect(custodyRepository.all(db as never)).toHaveLength(1);
  });

  it('records collections, memberships, notes and tags by triggers, chained', () => {
    const db = atVersion20WithAnswers();
    migration0021.up(db);
    db.exec(`
      INSERT INTO items (id, platform, kind, native_id, url, first_fetched_at, last_fetched_at, last_response_id)
        VALUES (1, 'videosite', 'video', 'a', NULL, 't', 't', 1);
      INSERT INTO collections (id, name, created_at, updated_at) VALUES (1, 'Story', 't1', 't1');
      UPDATE collections SET name = 'Case' WHERE id = 1;
      INSERT INTO collection_items (collection_id, item_id, position, added_at) VALUES (1, 1, 1, 't2');
      INSERT INTO notes (item_id, collection_id, body, updated_at) VALUES (1, 1, 'Seen', 't4');
      INSERT INTO tags (item_id, collection_id, tag) VALUES (1, 0, 'checked');
      DELETE FROM tags;
      DELETE FROM collection_items;
    `);
    const entries = custodyRepository.all(db as never);
    expect(entries.map((e) => `${e.kind} ${e.action}`)).toEqual([
      'log-started started',
      'collection created',
      'collection renamed',
      'collection added',
      'note set',
      'tag added',
      'tag removed',
      'collection removed',
    ]);
    const gid = db.prepare('SELECT global_id FROM collections').pluck().get();
    expect(entries[1]!.subject).toEqual({ collection: gid, name: 'Story' });
    expect(entries[4]!.subject).toMatchObject({
      collection: gid,
      collectionName: 'Case',
      itemId: 1,
      platform: 'videosite',
      bodySha256: sha('Seen'),
    });
    expect(verifyChain(entries, sha256Hex)).toBeNull();
    expect(custodyRepository.entriesConcerning(db as never, { itemIds: [1] }).map((e) => e.seq)).toEqual([4, 5, 6, 7, 8]);
  });
});
