import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHubUrl } from '../../../../src/main/core/team/hub-url';

const refusal = (raw: string): string => {
  try {
    parseHubUrl(raw);
  } catch (error) {
    expect((error as { code?: string }).code).toBe('INVALID_INPUT');
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('parseHubUrl', () => {
  it('reads user, host, port, database and sslmode, and names one keychain account per hub', () => {
    expect(parseHubUrl('postgresql://desk@db.example.org/newsroom?sslmode=verify-full')).toMatchObject({
      user: 'desk',
      host: 'db.example.org',
      port: 5432,
      database: 'newsroom',
      sslmode: 'verify-full',
      keychainAccount: 'team-hub desk@db.example.org:5432/newsroom',
    });
    expect(parseHubUrl('postgres://a@127.0.0.1:6543/x').port).toBe(6543);
  });

  it('refuses a password in the URL without repeating it', () => {
    for (const raw of [
      'postgres://desk:Sup3rSecret!@host/db',
      'postgres://desk:Sup3rSecret!@host/db?sslmode=require',
      'postgres://desk@host/db?password=Sup3rSecret!',
    ]) {
      const message = refusal(raw);
      expect(message).toMatch(/password/);
      expect(message).not.toContain('Sup3rSecret');
    }
  });

  it('refuses other schemes, a missing host, user or database, and unknown parameters', () => {
    expect(refusal('mysql://a@h/db')).toMatch(/postgres:\/\//);
    expect(refusal('postgres://h/db')).toMatch(/no user/);
    expect(refusal('postgres://a@h')).toMatch(/no database/);
    expect(refusal('postgres://a@h/db?options=-c')).toMatch(/not supported/);
    expect(refusal('')).toMatch(/Give/);
  });

  it('accepts the five sslmodes only, and an sslrootcert that is an existing absolute file', () => {
    expect(refusal('postgres://a@h/db?sslmode=verify')).toMatch(/sslmode must be one of/);
    expect(refusal('postgres://a@h/db?sslrootcert=ca.pem')).toMatch(/absolute/);
    expect(refusal('postgres://a@h/db?sslrootcert=/nonexistent/ca.pem')).toMatch(/does not exist/);
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-ca-'));
    const ca = join(dir, 'ca.pem');
    writeFileSync(ca, 'x');
    expect(parseHubUrl(`postgres://a@h/db?sslmode=verify-ca&sslrootcert=${ca}`).sslmode).toBe('verify-ca');
  });
});
