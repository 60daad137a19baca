import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHubDB, type HubDB } from '../../../../../src/main/core/store/hub';
import { startPgCluster, type PgCluster } from '../../../../helpers/pg-cluster';

describe('the team hub going away', () => {
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

  it('fails a transaction on a pooled connection the hub dropped with a coded error, and nothing uncaught', async () => {
    // A connection left idle in the pool, then the hub stops: the next transaction gets that connection.
    await db.rows('SELECT 1');
    cluster.pause();
    try {
      await expect(db.transaction((tx) => tx.rows('SELECT 1'))).rejects.toMatchObject({ code: 'HUB_UNREACHABLE' });
      // The dropped connection's last event arrives after the failure; vitest fails the file on an uncaught one.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      cluster.resume();
    }
    expect(await db.transaction((tx) => tx.rows<{ one: number }>('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
  }, 60_000);
});
