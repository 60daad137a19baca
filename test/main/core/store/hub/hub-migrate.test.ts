import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnswersRepository,
  createMembersRepository,
  migrateHub,
  openHubDB,
  type HubDB,
} from '../../../../../src/main/core/store/hub';
import { HUB_MIGRATIONS } from '../../../../../src/main/core/store/hub/migrations';
import { startPgCluster, type PgCluster } from '../../../../helpers/pg-cluster';

describe('the team hub’s schema', () => {
  let cluster: PgCluster;
  let db: HubDB;
  beforeAll(async () => {
    cluster = await startPgCluster();
    db = await openHubDB({ url: cluster.url, password: cluster.password });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    cluster?.stop();
  });

  it('is created by the numbered migrations, once, even when two desks connect at the same moment', async () => {
    const other = await openHubDB({ url: cluster.url, password: cluster.password });
    try {
      const results = await Promise.all([migrateHub(db), migrateHub(other)]);
      expect(results.map((r) => r.to)).toEqual([HUB_MIGRATIONS.length, HUB_MIGRATIONS.length]);
      expect(results.map((r) => r.from).sort()).toEqual([0, HUB_MIGRATIONS.length]);
      const rows = await cluster.adminQuery<{ version: number }>('SELECT version FROM gleaner_hub_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(HUB_MIGRATIONS.map((m) => m.version));
    } finally {
      await other.close();
    }
  });

  it('refuses a hub set up by a newer Gleaner and changes nothing', async () => {
    await migrateHub(db);
    const next = HUB_MIGRATIONS.length + 1;
    await cluster.adminQuery("INSERT INTO gleaner_hub_migrations (version, name) VALUES ($1, 'from-the-future')", [next]);
    try {
      await expect(migrateHub(db)).rejects.toMatchObject({ code: 'DATABASE_TOO_NEW' });
    } finally {
      await cluster.adminQuery('DELETE FROM gleaner_hub_migrations WHERE version = $1', [next]);
    }
  });

  it('keeps one row per desk, renewed on reconnect', async () => {
    await migrateHub(db);
    const members = createMembersRepository(db);
    const deskId = '7d0d5c3e-4a63-4f0e-9a55-6f1d8f0b6a01';
    await members.upsert({ deskId, name: 'Ana', appVersion: '0.1.0' });
    await members.markDisconnected(deskId);
    await members.upsert({ deskId, name: 'Ana R.', appVersion: '0.1.0' });
    const list = await members.list();
    expect(list.filter((m) => m.deskId === deskId)).toEqual([expect.objectContaining({ name: 'Ana R.', disconnectedAt: null })]);
  });
});

describe('connecting to a hub', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('answers a wrong password with HUB_REFUSED that does not contain it', async () => {
    const wrong = 'not-the-password-42';
    const failure = await openHubDB({ url: cluster.url, password: wrong }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'HUB_REFUSED' });
    expect(String((failure as Error).message)).not.toContain(wrong);
  });

  it('answers a stopped server with HUB_UNREACHABLE', async () => {
    cluster.pause();
    try {
      await expect(openHubDB({ url: cluster.url, password: cluster.password, connectTimeoutMs: 2000 })).rejects.toMatchObject({
        code: 'HUB_UNREACHABLE',
      });
    } finally {
      cluster.resume();
    }
    const db = await openHubDB({ url: cluster.url, password: cluster.password });
    await db.close();
  });
});

describe('the hub’s answers', () => {
  let cluster: PgCluster;
  let db: HubDB;
  const deskA = '0b8a3c5e-0000-4000-8000-00000000000a';
  const deskB = '0b8a3c5e-0000-4000-8000-00000000000b';
  const answer = (requestId: string, body: string) => ({
    requestId,
    operation: 'videosite.video',
    params: { url: 'https://videosite.example/watch?v=1' },
    requestUrl: 'http://127.0.0.1:9/v1/videosite/video',
    status: 200,
    fetchedAt: '2026-11-27T10:00:00.000Z',
    durationMs: 120,
    nextPage: null,
    body,
    demo: false,
  });
  beforeAll(async () => {
    cluster = await startPgCluster();
    db = await openHubDB({ url: cluster.url, password: cluster.password });
    await migrateHub(db);
    const members = createMembersRepository(db);
    await members.upsert({ deskId: deskA, name: 'Ana', appVersion: '0' });
    await members.upsert({ deskId: deskB, name: 'Ben', appVersion: '0' });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    cluster?.stop();
  });

  it('keeps each answer once and each body once, and hands them out in push order', async () => {
    const answers = createAnswersRepository(db);
    const first = await answers.push(deskA, answer('req-1', '{"a":1}'));
    const again = await answers.push(deskB, answer('req-1', '{"a":1}'));
    const second = await answers.push(deskB, answer('req-2', '{"a":1}'));
    expect(first.added).toBe(true);
    expect(again).toEqual({ seq: first.seq, bodySha256: first.bodySha256, added: false });
    expect(second.seq).toBeGreaterThan(first.seq);
    const bodies = await cluster.adminQuery<{ n: string }>('SELECT count(*) AS n FROM answer_bodies');
    expect(Number(bodies[0]?.n)).toBe(1);
    const pulled = await answers.since(0, 10);
    expect(pulled.map((a) => [a.requestId, a.member, a.body])).toEqual([
      ['req-1', deskA, '{"a":1}'],
      ['req-2', deskB, '{"a":1}'],
    ]);
    expect(pulled[0]?.fetchedAt).toBe('2026-11-27T10:00:00.000Z');
    expect(await answers.since(second.seq, 10)).toEqual([]);
    expect((await answers.byRequestId('req-2'))?.seq).toBe(second.seq);
    expect(await answers.byRequestId('missing')).toBeNull();
  });
});
