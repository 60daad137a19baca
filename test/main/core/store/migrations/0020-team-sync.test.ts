import { describe, expect, it } from 'vitest';
import { migration0020 } from '../../../../../src/main/core/store/migrations/0020-team-sync';
import { databaseAtVersion } from './at-version';

function atVersion18WithALibrary() {
  const db = databaseAtVersion(19);
  db.exec(`
    INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body)
      VALUES (1, 'videosite/search', '{}', 'u', 'req_1', 200, 't', 'h', '{}');
    INSERT INTO items (id, platform, kind, native_id, url, first_fetched_at, last_fetched_at, last_response_id)
      VALUES (1, 'videosite', 'video', 'a', NULL, 't', 't', 1), (2, 'forum', 'post', NULL, 'https://forum.test/p/2', 't', 't', 1);
    INSERT INTO collections (id, name, created_at, updated_at) VALUES (1, 'Story', 't1', 't1');
    INSERT INTO collection_items (collection_id, item_id, position, added_at) VALUES (1, 1, 1, 't2'), (1, 2, 2, 't3');
    INSERT INTO notes (item_id, collection_id, body, updated_at) VALUES (2, 1, 'In the story', 't4'), (1, 0, 'Everywhere', 't5');
    INSERT INTO tags (item_id, collection_id, tag) VALUES (1, 0, 'checked');
  `);
  return db;
}

const outbox = (db: ReturnType<typeof databaseAtVersion>) =>
  db
    .prepare<[], { entity: string; op: string; key: string; payload: string }>(
      'SELECT entity, op, key, payload FROM team_outbox ORDER BY id',
    )
    .all()
    .map((row) => ({ entity: row.entity, op: row.op, key: JSON.parse(row.key) as unknown, payload: JSON.parse(row.payload) as unknown }));

describe('migration 0020-team-sync', () => {
  it('gives every collection a global id and puts what the library held in the outbox, items by platform and native id or URL', () => {
    const db = atVersion18WithALibrary();
    migration0020.up(db);
    const gid = db.prepare<[], string>('SELECT global_id FROM collections WHERE id = 1').pluck().get()!;
    expect(gid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const videoA = { platform: 'videosite', nativeId: 'a', url: null };
    const post2 = { platform: 'forum', nativeId: null, url: 'https://forum.test/p/2' };
    expect(outbox(db)).toEqual([
      { entity: 'collection', op: 'create', key: { gid }, payload: { name: 'Story' } },
      { entity: 'member', op: 'add', key: { gid, item: videoA }, payload: { position: 1, addedAt: 't2' } },
      { entity: 'member', op: 'add', key: { gid, item: post2 }, payload: { position: 2, addedAt: 't3' } },
      { entity: 'note', op: 'set', key: { gid, item: post2 }, payload: { body: 'In the story', base: null } },
      { entity: 'note', op: 'set', key: { gid: '', item: videoA }, payload: { body: 'Everywhere', base: null } },
      { entity: 'tag', op: 'add', key: { gid: '', item: videoA, tag: 'checked' }, payload: {} },
    ]);
  });

  it('captures every later change whoever makes it, with the text a note had before, and nothing while pulled changes are applied', () => {
    const db = atVersion18WithALibrary();
    migration0020.up(db);
    db.exec('DELETE FROM team_outbox');
    db.exec(`
      INSERT INTO collections (name, created_at, updated_at) VALUES ('Second', 't', 't');
      UPDATE collections SET name = 'Story, final' WHERE id = 1;
      UPDATE collection_items SET position = 0.5 WHERE collection_id = 1 AND item_id = 2;
      UPDATE notes SET body = 'Everywhere, checked' WHERE item_id = 1 AND collection_id = 0;
      DELETE FROM tags;
      DELETE FROM collections WHERE id = 1;
    `);
    const second = db.prepare<[], string>("SELECT global_id FROM collections WHERE name = 'Second'").pluck().get();
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(outbox(db).map((c) => `${c.entity} ${c.op}`)).toEqual([
      'collection create',
      'collection rename',
      'member move',
      'note set',
      'tag remove',
      // Its items, notes and tags go with it: the one delete says so.
      'collection delete',
    ]);
    expect(outbox(db)[3]!.payload).toEqual({ body: 'Everywhere, checked', base: 'Everywhere' });

    db.exec('DELETE FROM team_outbox');
    db.exec('INSERT INTO team_sync_applying (one) VALUES (1)');
    db.exec("INSERT INTO collections (name, created_at, updated_at, global_id) VALUES ('Pulled', 't', 't', 'g-1')");
    db.exec("UPDATE notes SET body = 'From a colleague' WHERE item_id = 1");
    db.exec('DELETE FROM team_sync_applying');
    expect(outbox(db)).toEqual([]);
    expect(db.prepare("SELECT global_id FROM collections WHERE name = 'Pulled'").pluck().get()).toBe('g-1');
  });
});
