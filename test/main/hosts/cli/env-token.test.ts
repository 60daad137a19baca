import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../../../src/main/hosts/cli/io';
import { runCli } from '../../../../src/main/hosts/cli/program';

function captureIo(env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    stdin: new PassThrough(),
    env,
    waitForShutdown: () => Promise.resolve(),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

describe('GLEANER_TOKEN checked as `token set` checks a token', () => {
  it.each([
    ['not printable ASCII', 'tök_ën_0123456789'],
    ['with a space inside', 'tok_abc def_0123'],
    ['too short', 'tok_1'],
    ['with Bearer in front', 'Bearer tok_0123456789'],
  ])('refuses a value %s with a coded error naming the variable, never the value, and sends nothing', async (_rule, value) => {
    let requests = 0;
    const service = createServer((_request, response) => {
      requests += 1;
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-env-token-'));
    try {
      const env = { GLEANER_TOKEN: value };
      const baseUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
      expect(await runCli(['config', 'set', 'base-url', baseUrl, '--data-dir', dir], captureIo(env).io, '/nowhere')).toBe(0);

      const run = captureIo(env);
      const status = await runCli(['call', 'videosite', 'search', 'query=harbour', '--json', '--data-dir', dir], run.io, '/nowhere');
      const { error } = JSON.parse(run.err()) as { error: { code: string; message: string } };
      expect(error.code, error.message).toBe('INVALID_INPUT');
      expect(status).toBe(2);
      expect(error.message).toMatch(/^GLEANER_TOKEN /);
      expect(error.message).not.toContain(value);
      expect(requests).toBe(0);
    } finally {
      service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
