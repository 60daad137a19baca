import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/main/core/log';
import { createMemoryHubPasswordStore } from '../../../../src/main/core/secrets/hub-password-store';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { openHubDB } from '../../../../src/main/core/store/hub';
import { createTeamRuntime, type TeamRuntime } from '../../../../src/main/core/team/runtime';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster';

const DOCUMENTED_PASSWORD = 'choose-a-long-random-password';

/** The administrator's SQL exactly as docs/team.md gives it, split at psql's \connect. */
function documentedSql(): { beforeConnect: string[]; database: string; afterConnect: string[] } {
  const doc = readFileSync(join(__dirname, '../../../../docs/team.md'), 'utf8');
  const block = doc.match(/```sql\n([\s\S]*?)```/)?.[1];
  if (!block) throw new Error('docs/team.md has no sql block');
  const lines = block.trim().split('\n');
  const at = lines.findIndex((line) => line.startsWith('\\connect '));
  return {
    beforeConnect: lines.slice(0, at),
    database: lines[at]!.slice('\\connect '.length).trim(),
    afterConnect: lines.slice(at + 1),
  };
}

describe('the least-privileged role docs/team.md documents', () => {
  let cluster: PgCluster;
  let runtime: TeamRuntime | undefined;
  beforeAll(async () => {
    // Names of its own, so the documented role and database are created from nothing.
    cluster = await startPgCluster({ database: 'cluster_db', user: 'cluster_owner' });
  }, 120_000);
  afterAll(async () => {
    await runtime?.close();
    cluster?.stop();
  });

  it('is enough for Gleaner to create its schema and connect, and allows nothing beyond its own schema', async () => {
    const sql = documentedSql();
    for (const statement of sql.beforeConnect) await cluster.adminQuery(statement);
    for (const statement of sql.afterConnect) await cluster.adminQuery(statement, [], sql.database);
    const url = `postgres://gleaner_desk@127.0.0.1:${cluster.port}/${sql.database}`;
    runtime = createTeamRuntime({
      settings: createSettingsRepository(openDatabase({ path: ':memory:' }), () => new Date()),
      secrets: createMemoryHubPasswordStore(),
      clock: { now: () => Date.now() },
      log: createLogger(() => undefined),
      events: { emit: () => undefined },
      appVersion: '0.0.0-test',
    });
    const status = await runtime.connect(url, 'Ana', DOCUMENTED_PASSWORD);
    expect(status.state).toBe('connected');
    const schemas = await cluster.adminQuery<{ table_schema: string }>(
      "SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name IN ('members', 'gleaner_hub_migrations')",
      [],
      sql.database,
    );
    expect(schemas.map((row) => row.table_schema)).toEqual(['gleaner']);
    const role = await cluster.adminQuery<{ rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean }>(
      "SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = 'gleaner_desk'",
    );
    expect(role).toEqual([{ rolsuper: false, rolcreatedb: false, rolcreaterole: false }]);
    const desk = await openHubDB({ url, password: DOCUMENTED_PASSWORD });
    try {
      await expect(desk.rows('CREATE TABLE public.intruder (x int)')).rejects.toMatchObject({ code: 'HUB_REFUSED' });
      await expect(desk.rows('CREATE SCHEMA intruder')).rejects.toMatchObject({ code: 'HUB_REFUSED' });
    } finally {
      await desk.close();
    }
  });
});
