/**
 * A colleague's demo answer keeps its mark through the hub, and a hub from before answers were
 * marked marks its old rows as each desk's own library does (hub migration 0009).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getItemDetail } from '../../../../../src/main/core/library/items';
import { openHubDB } from '../../../../../src/main/core/store/hub/hub-db';
import { migrateHub } from '../../../../../src/main/core/store/hub/hub-migrate';
import { HUB_MIGRATIONS } from '../../../../../src/main/core/store/hub/migrations';
import { createAnswersRepository, createMembersRepository } from '../../../../../src/main/core/store/hub';
import { sha256Hex } from '../../../../../src/main/core/store/hub/answers-repository';
import { startPgCluster, type PgCluster } from '../../../../helpers/pg-cluster';
import { openDesk, syncAll, type Desk } from './desks';

let cluster: PgCluster;
const open: Desk[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
}, 120_000);
afterAll(() => cluster?.stop());
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close()));
});

describe('demo answers across desks', () => {
  it('a colleague’s demo answer pulled from the hub keeps its mark; their real answer gets none', async () => {
    const [ana, ben] = [await openDesk(cluster, 'Ana'), await openDesk(cluster, 'Ben')];
    open.push(ana, ben);
    ana.fetch(['d1'], { demo: true });
    ana.fetch(['r1']);
    await syncAll([ana, ben]);

    const rows = await cluster.adminQuery<{ demo: boolean | null }>('SELECT demo FROM answers ORDER BY seq');
    expect(rows.map((row) => row.demo)).toEqual([true, false]);
    expect(getItemDetail(ben.db, ben.itemId('d1')).item.demo).toBe(true);
    expect(getItemDetail(ben.db, ben.itemId('d1')).provenance.map((p) => p.demo)).toEqual([true]);
    expect(getItemDetail(ben.db, ben.itemId('r1')).item.demo).toBe(false);
  });

  it('marks a hub’s old rows that carry the demo service’s address and request id, and takes the others for real', async () => {
    await cluster.adminQuery(`CREATE DATABASE old_hub OWNER ${cluster.user}`);
    const db = await openHubDB({ url: cluster.url.replace(/\/[^/]+$/, '/old_hub'), password: cluster.password });
    try {
      await migrateHub(db, HUB_MIGRATIONS.slice(0, 8));
      const deskId = '00000000-0000-4000-8000-000000000001';
      await createMembersRepository(db).upsert({ deskId, name: 'Ana', appVersion: 'old' });
      const answer = (requestId: string, requestUrl: string) => ({
        requestId,
        operation: 'videosite/search',
        params: { query: 'flood' },
        requestUrl,
        status: 200,
        fetchedAt: '2026-01-01T00:00:00.000Z',
        durationMs: 5,
        nextPage: null,
        body: `{"success":true,"data":{},"n":"${requestId}"}`,
      });
      // As a version before 0009 pushed them: no demo column yet.
      for (const [requestId, url] of [
        ['req_0123456789abcdef01234567', 'http://127.0.0.1:40123/api/v1/partner/videosite/search?query=flood'],
        ['req_0123456789abcdef01234568', 'https://api.service.example/api/v1/partner/videosite/search?query=flood'],
        ['req_9f2c', 'http://127.0.0.1:8443/api/v1/partner/videosite/search?query=flood'],
      ] as const) {
        const a = answer(requestId, url);
        const sha = sha256Hex(a.body);
        await db.rows('INSERT INTO answer_bodies (sha256, body) VALUES ($1, $2) ON CONFLICT DO NOTHING', [sha, a.body]);
        await db.rows(
          `INSERT INTO answers (request_id, body_sha256, operation, params, request_url, status, fetched_at, duration_ms, next_page, member)
           VALUES ($1, $2, $3, $4, $5, 200, $6, 5, NULL, $7)`,
          [requestId, sha, a.operation, JSON.stringify(a.params), url, a.fetchedAt, deskId],
        );
      }
      await migrateHub(db);
      const pulled = await createAnswersRepository(db).since(0, 10);
      expect(pulled.map((p) => [p.requestId, p.demo])).toEqual([
        ['req_0123456789abcdef01234567', true],
        ['req_0123456789abcdef01234568', false],
        ['req_9f2c', false],
      ]);
    } finally {
      await db.close();
    }
  });
});
