/**
 * Desks for the sync tests: each its own SQLite library in a temporary folder with the core
 * pieces sync uses (ingest with the stub normaliser, the collections layer), its own hub
 * connection, and a switch to take it offline.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCollectionRepository } from '../../../../../src/main/core/library/collections';
import { createIngester } from '../../../../../src/main/core/library/ingest';
import { createLogger } from '../../../../../src/main/core/log';
import { createMembersRepository, migrateHub, openHubDB, readHubId, type HubDB } from '../../../../../src/main/core/store/hub';
import { openDatabase, type ReadableDB } from '../../../../../src/main/core/store/database';
import { createTeamSync, type TeamSync, type TeamSyncDeps } from '../../../../../src/main/core/team/sync/team-sync';
import type { HubSession } from '../../../../../src/main/core/team/session';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startPgCluster, type PgCluster } from '../../../../helpers/pg-cluster';
import { fakeResponse, item, stubNormalise } from '../../../../helpers/library';

export interface Desk {
  name: string;
  deskId: string;
  db: ReadableDB;
  hub: HubDB;
  library: ReturnType<typeof createCollectionRepository>;
  sync: TeamSync;
  logLines: string[];
  online: boolean;
  /** Syncs with another hub from now on (another database of the cluster): what `team connect` to a new URL does. */
  moveTo(database: string): Promise<void>;
  /** Stores an answer holding these videos (by native id), as if this desk fetched it (from the demo service, with `demo`). */
  fetch(nativeIds: string[], options?: { demo?: boolean }): number[];
  itemId(nativeId: string): number;
  close(): Promise<void>;
}

export async function openDesk(
  cluster: PgCluster,
  name: string,
  extra: Pick<TeamSyncDeps, 'onPulled' | 'onWatchChanges'> = {},
): Promise<Desk> {
  const folder = mkdtempSync(join(tmpdir(), `gleaner-desk-${name}-`));
  const db = openDatabase({ path: join(folder, 'library.sqlite') });
  const ingest = createIngester(db, stubNormalise);
  const library = createCollectionRepository(db, () => new Date().toISOString());
  const deskId = randomUUID();
  const joinHub = async (url: string): Promise<HubSession> => {
    const db = await openHubDB({ url, password: cluster.password });
    await migrateHub(db);
    await createMembersRepository(db).upsert({ deskId, name, appVersion: 'test' });
    return { db, deskId, memberName: name, hubId: await readHubId(db) };
  };
  let session = await joinHub(cluster.url);
  const hub = session.db;
  const logLines: string[] = [];
  const desk: Desk = {
    name,
    deskId,
    db,
    hub,
    library,
    logLines,
    online: true,
    async moveTo(database) {
      const previous = session;
      session = await joinHub(cluster.url.replace(/\/[^/]+$/, `/${database}`));
      desk.hub = session.db;
      await previous.db.close();
    },
    sync: createTeamSync({
      db,
      ingest,
      clock: { now: () => Date.now() },
      log: createLogger((line) => logLines.push(line)),
      session: () => (desk.online ? session : null),
      // The tests sync by hand: no periodic pull.
      timers: { setTimeout: () => null, clearTimeout: () => undefined },
      ...extra,
    }),
    fetch(nativeIds, options = {}) {
      const result = ingest(
        fakeResponse(
          'videosite/search',
          { items: nativeIds.map((id) => item({ nativeId: id, title: `Video ${id}` })) },
          { requestId: `req-${name}-${randomUUID()}`, ...(options.demo ? { demo: true } : {}) },
        ),
      );
      return result.itemIds;
    },
    itemId(nativeId) {
      const found = db
        .prepare<[string], number>("SELECT id FROM items WHERE platform = 'videosite' AND native_id = ?")
        .pluck()
        .get(nativeId);
      if (found === undefined) throw new Error(`${name} has no item ${nativeId}`);
      return found;
    },
    async close() {
      await desk.sync.close();
      await desk.hub.close();
      db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return desk;
}

/** What must be identical on every desk once converged: items, collections with their order, notes, tags. */
export function snapshot(desk: Desk) {
  const { db } = desk;
  return {
    items: db.prepare('SELECT platform, native_id, url, title FROM items ORDER BY platform, native_id').all(),
    collections: db
      .prepare(
        `SELECT c.name, c.global_id,
                (SELECT json_group_array(native_id) FROM (SELECT i.native_id FROM collection_items ci JOIN items i ON i.id = ci.item_id
                  WHERE ci.collection_id = c.id ORDER BY ci.position, ci.item_id)) AS members
           FROM collections c ORDER BY c.global_id`,
      )
      .all(),
    notes: db
      .prepare(
        `SELECT i.native_id, coalesce(c.global_id, '') AS gid, n.body FROM notes n JOIN items i ON i.id = n.item_id
           LEFT JOIN collections c ON c.id = n.collection_id ORDER BY i.native_id, gid`,
      )
      .all(),
    tags: db
      .prepare(
        `SELECT i.native_id, coalesce(c.global_id, '') AS gid, t.tag FROM tags t JOIN items i ON i.id = t.item_id
           LEFT JOIN collections c ON c.id = t.collection_id ORDER BY i.native_id, gid, t.tag`,
      )
      .all(),
  };
}

export const integrity = (desk: Desk): unknown => desk.db.pragma('integrity_check', { simple: true });

/** Each desk syncs in turn, twice, so every desk has seen every other's work. */
export async function syncAll(desks: readonly Desk[]): Promise<void> {
  for (let round = 0; round < 2; round += 1) for (const desk of desks) await desk.sync.syncOnce();
}

/**
 * A throwaway PostgreSQL cluster for one describe block, and the desks its tests open, closed
 * after each test. `cluster` is there once the block's tests run.
 */
export function deskSuite(): { cluster: PgCluster; open: Desk[] } {
  const suite = { cluster: undefined as unknown as PgCluster, open: [] as Desk[] };
  beforeAll(async () => {
    suite.cluster = await startPgCluster();
  }, 120_000);
  afterAll(() => suite.cluster?.stop());
  afterEach(async () => {
    await Promise.all(suite.open.splice(0).map((d) => d.close()));
  });
  return suite;
}
