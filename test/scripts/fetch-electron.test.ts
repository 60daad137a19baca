import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadOrigin, fetchElectron, firstLine } from '../../scripts/fetch-electron.mjs';

const folders: string[] = [];
const servers: Server[] = [];
afterEach(async () => {
  folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true }));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A stand-in for node_modules/electron whose install.js does what `script` says (and leaves a mark that it ran). */
function fakeElectron(script: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-fake-electron-'));
  folders.push(dir);
  writeFileSync(join(dir, 'package.json'), '{"name":"electron","version":"0.0.0"}');
  writeFileSync(join(dir, 'install.js'), `require('fs').writeFileSync(require('path').join(__dirname, 'ran'), '');\n${script}`);
  return dir;
}

async function listening(): Promise<number> {
  const server = createServer((socket) => socket.destroy());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm ci where Electron’s binary cannot be downloaded', () => {
  it('says so in one line and goes on, without trying the download, when the download host cannot be reached', async () => {
    const dir = fakeElectron('process.exit(0);');
    const port = await closedPort();
    const { ok, line } = await fetchElectron({ electronDir: dir, env: { ELECTRON_MIRROR: `https://127.0.0.1:${port}/` } });
    expect(ok).toBe(false);
    expect(line).toContain('127.0.0.1 cannot be reached');
    expect(line).toContain('npm start opens Gleaner in your browser');
    expect(line).not.toContain('\n');
    expect(existsSync(join(dir, 'ran'))).toBe(false);
  });

  it('turns a failed download into one line, without the stack trace', async () => {
    const port = await listening();
    const dir = fakeElectron("console.error(new Error('getaddrinfo ENOTFOUND objects.example').stack); process.exit(1);");
    const { ok, line } = await fetchElectron({ electronDir: dir, env: { ELECTRON_MIRROR: `https://127.0.0.1:${port}/` } });
    expect(existsSync(join(dir, 'ran'))).toBe(true);
    expect(ok).toBe(false);
    expect(line).toContain('(getaddrinfo ENOTFOUND objects.example)');
    expect(line).not.toMatch(/\bat /);
  });

  it('runs Electron’s own download where the host answers, and is quiet once the binary is in place', async () => {
    const port = await listening();
    const dir = fakeElectron("require('fs').writeFileSync(require('path').join(__dirname, 'path.txt'), 'electron');");
    const env = { ELECTRON_MIRROR: `https://127.0.0.1:${port}/` };
    expect(await fetchElectron({ electronDir: dir, env })).toEqual({ ok: true, line: 'The desktop shell (Electron) is installed.' });
    rmSync(join(dir, 'ran'));
    expect(await fetchElectron({ electronDir: dir, env })).toEqual({ ok: true, line: null });
    expect(existsSync(join(dir, 'ran'))).toBe(false);
  });

  it('honours ELECTRON_SKIP_BINARY_DOWNLOAD, and an optional Electron that npm left out', async () => {
    const dir = fakeElectron('process.exit(0);');
    const skipped = await fetchElectron({ electronDir: dir, env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    expect(skipped.line).toContain('skipped (ELECTRON_SKIP_BINARY_DOWNLOAD is set)');
    expect(existsSync(join(dir, 'ran'))).toBe(false);
    const missing = await fetchElectron({ electronDir: null, env: {} });
    expect(missing).toEqual({ ok: false, line: expect.stringContaining('is not installed') });
  });

  it('as a command: exits 0 during the install, 1 for npm run desktop:fetch, printing one line either way', async () => {
    const dir = fakeElectron('process.exit(0);');
    const port = await closedPort();
    const env = { ...process.env, ELECTRON_MIRROR: `https://127.0.0.1:${port}/`, ELECTRON_SKIP_BINARY_DOWNLOAD: '' };
    for (const [args, status] of [
      [[], 0],
      [['--required'], 1],
    ] as const) {
      const run = spawnSync(process.execPath, ['scripts/fetch-electron.mjs', '--electron-dir', dir, ...args], { env, encoding: 'utf8' });
      expect(run.status).toBe(status);
      expect(run.stdout.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toBe('');
    }
  });

  it('reads the mirror from the places @electron/get reads it', () => {
    expect(downloadOrigin({})).toEqual({ host: 'github.com', port: 443 });
    expect(downloadOrigin({ npm_config_electron_mirror: 'http://mirror.internal:8080/electron/' })).toEqual({
      host: 'mirror.internal',
      port: 8080,
    });
    expect(downloadOrigin({ ELECTRON_MIRROR: 'file:///srv/electron/' })).toBeNull();
    expect(firstLine('\nRequestError: connect ETIMEDOUT\n    at x (y.js:1:1)\n')).toBe('connect ETIMEDOUT');
  });
});
