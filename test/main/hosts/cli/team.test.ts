import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamStatus } from '../../../../src/shared/team';
import { runCli } from '../../../../src/main/hosts/cli/program';
import { captureCliIo } from '../../../helpers/cli-io';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster';

/** Every file under a folder (the library, its WAL, the logs), as bytes. */
function filesUnder(folder: string): Buffer[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [readFileSync(path)];
  });
}

describe('gleaner team', { timeout: 120_000 }, () => {
  let cluster: PgCluster;
  let dataDir: string;
  const printed: string[] = [];
  const team = async (args: string[], stdin = '') => {
    const { io, out, err } = captureCliIo({ stdin, env: { GLEANER_HUB_PASSWORD: cluster.password } });
    const code = await runCli(['team', ...args, '--data-dir', dataDir], io, '/nowhere');
    printed.push(out(), err());
    return { code, out: out(), err: err() };
  };
  beforeAll(async () => {
    cluster = await startPgCluster();
    dataDir = mkdtempSync(join(tmpdir(), 'gleaner-team-cli-'));
  }, 120_000);
  afterAll(() => {
    cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a URL with a password in it before connecting, without printing it', async () => {
    const withPassword = cluster.urlWithPassword;
    const result = await team(['connect', withPassword], `${cluster.password}\n`);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error INVALID_INPUT: The hub URL holds a password/);
    expect(result.err).not.toContain(cluster.password);
  });

  it('connects with the password from standard input, and status lists the member', async () => {
    const connected = await team(['connect', cluster.url, '--member', 'Ana'], `${cluster.password}\n`);
    expect(connected.err).toBe('');
    expect(connected.code).toBe(0);
    expect(connected.out).toMatch(/^Connected: postgres:\/\//);
    expect(connected.out).toMatch(/Members \(1 connected\): Ana/);
    const status = await team(['status', '--json']);
    expect(status.code).toBe(0);
    const parsed = JSON.parse(status.out) as TeamStatus;
    expect(parsed).toMatchObject({ state: 'connected', url: cluster.url, member: 'Ana' });
    expect(parsed.members.map((m) => m.name)).toEqual(['Ana']);
    const sync = await team(['sync']);
    expect(sync.code).toBe(0);
    expect(sync.out).toMatch(/^Synced with the team hub\./);
  });

  it('keeps the hub password out of the library, the log, the hub and every output', async () => {
    for (const file of filesUnder(dataDir)) expect(file.includes(cluster.password)).toBe(false);
    const columns = await cluster.adminQuery<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json')`,
    );
    expect(columns.length).toBeGreaterThan(3);
    for (const { table_name: table, column_name: column } of columns) {
      const hits = await cluster.adminQuery(`SELECT 1 FROM "${table}" WHERE "${column}"::text LIKE '%' || $1 || '%'`, [cluster.password]);
      expect(hits, `${table}.${column}`).toEqual([]);
    }
    expect(printed.join('\n')).not.toContain(cluster.password);
  });

  it('disconnects, and says so in status', async () => {
    const result = await team(['disconnect']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Disconnected from the team hub/);
    const status = await team(['status']);
    expect(status.out).toMatch(/^Not connected to a team hub/);
    const rows = await cluster.adminQuery<{ disconnected_at: Date | null }>('SELECT disconnected_at FROM members');
    expect(rows.every((row) => row.disconnected_at !== null)).toBe(true);
  });
});
