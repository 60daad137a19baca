/**
 * Issue 29: "TLS (`sslmode=verify-full`) works". A real server with a certificate from a throwaway
 * CA naming `localhost` only, so one cluster shows the chain check and the host-name check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GleanerError } from '../../../../src/shared/errors';
import { openHubDB } from '../../../../src/main/core/store/hub';
import { parseHubUrl } from '../../../../src/main/core/team/hub-url';
import { makeTestCA, startPgCluster, type PgCluster } from '../../../helpers/pg-cluster';

describe('the team hub over TLS', () => {
  let cluster: PgCluster;
  let otherCaDir: string;
  let otherCaFile: string;
  beforeAll(async () => {
    cluster = await startPgCluster({ tls: true, certHosts: ['localhost'] });
    otherCaDir = mkdtempSync(join(tmpdir(), 'gleaner-other-ca-'));
    otherCaFile = makeTestCA(otherCaDir, 'other').certFile;
  }, 120_000);
  afterAll(() => {
    cluster?.stop();
    if (otherCaDir) rmSync(otherCaDir, { recursive: true, force: true });
  });

  const hubUrl = (host: string, query: string): string => `postgres://${cluster.user}@${host}:${cluster.port}/${cluster.database}?${query}`;

  async function refusal(url: string): Promise<GleanerError> {
    const outcome = await openHubDB({ url, password: cluster.password }).then(
      async (db) => {
        await db.close();
        return null;
      },
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(GleanerError);
    return outcome as GleanerError;
  }

  it('connects with sslmode=verify-full to the host the certificate names, and the session is encrypted', async () => {
    const db = await openHubDB({
      url: hubUrl('localhost', `sslmode=verify-full&sslrootcert=${cluster.caFile}`),
      password: cluster.password,
    });
    try {
      const [row] = await db.rows<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      expect(row?.ssl).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('refuses a server whose certificate another CA signed, saying so', async () => {
    const error = await refusal(hubUrl('localhost', `sslmode=verify-full&sslrootcert=${otherCaFile}`));
    expect(error.code).toBe('HUB_REFUSED');
    expect(error.message).toMatch(/TLS connection could not be verified/);
    expect(error.message).toMatch(/certificate/i);
  });

  it('refuses, with verify-full, an address the certificate does not name', async () => {
    const error = await refusal(hubUrl('127.0.0.1', `sslmode=verify-full&sslrootcert=${cluster.caFile}`));
    expect(error.code).toBe('HUB_REFUSED');
    expect(error.message).toMatch(/TLS connection could not be verified/);
  });

  it('accepts that address with verify-ca, which checks the chain only', async () => {
    const db = await openHubDB({ url: hubUrl('127.0.0.1', `sslmode=verify-ca&sslrootcert=${cluster.caFile}`), password: cluster.password });
    try {
      const [row] = await db.rows<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      expect(row?.ssl).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('still refuses another CA with verify-ca', async () => {
    const error = await refusal(hubUrl('127.0.0.1', `sslmode=verify-ca&sslrootcert=${otherCaFile}`));
    expect(error.code).toBe('HUB_REFUSED');
  });

  it('refuses verify-ca without sslrootcert as bad input before connecting (pg would throw an uncoded error)', () => {
    let caught: unknown;
    try {
      parseHubUrl(hubUrl('127.0.0.1', 'sslmode=verify-ca'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GleanerError);
    expect((caught as GleanerError).code).toBe('INVALID_INPUT');
    expect((caught as GleanerError).message).toMatch(/sslrootcert/);
  });
});
