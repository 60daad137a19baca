/**
 * The browser-mode host's door, beyond test/main/hosts/browser/server.test.ts: every way in
 * without the secret or a session, with a foreign Host or Origin, or as a cross-site form post is
 * refused for the page, the RPC endpoint and the event stream alike, and nothing reaches the core.
 * How a browser gets its session is browser-session.test.ts's subject.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../src/main/hosts/browser/server';
import { createTestCore, type TestCore } from '../helpers/core';
import { rawRequest } from '../helpers/raw-http';
import { exchange } from '../helpers/raw-socket';

const SECRET = 'security-suite-secret-0123456789abcdef';
let testCore: TestCore;
let host: BrowserHost;
/** A browser's session cookie (`name=value`), valid within the app path. */
let session: string;
const dispatched: string[] = [];

beforeAll(async () => {
  testCore = createTestCore();
  host = await startBrowserHost({
    dispatch: (method, input) => {
      dispatched.push(String(method));
      return testCore.core.dispatch(method, input);
    },
    events: testCore.core.events,
    rendererDir: join(__dirname, '../fixtures/renderer'),
    log: testCore.core.context.log,
    secret: SECRET,
  });
  const link = new URL(host.browserLink());
  const opened = await send({ path: link.pathname + link.search });
  session = String(opened.headers['set-cookie']).split(';')[0]!;
});
afterAll(async () => {
  await host.close();
  await testCore.dispose();
});

const send = (options: Parameters<typeof rawRequest>[1]) => rawRequest(host.port, options);

const bearer = { authorization: `Bearer ${SECRET}` };
const cookie = () => ({ cookie: session });
const json = { 'content-type': 'application/json' };
/** `~` stands for the app's per-run path, known only once the host runs. */
const at = (path: string): string => path.replace(/^~/, host.appPath);

describe('the browser-mode host refuses', () => {
  it.each([
    ['the page', 'GET', '/'],
    ['the app', 'GET', '~/'],
    ['the app’s script', 'GET', '~/assets/index.js'],
    ['the page with a wrong key', 'GET', '~/?key=wrong'],
    ['the page with the key in another parameter', 'GET', `~/?k=${SECRET}`],
    ['an RPC call', 'POST', '/rpc/settings.get'],
    ['an RPC call in the app', 'POST', '~/rpc/settings.get'],
    ['the event stream', 'GET', '/events'],
    ['the event stream in the app', 'GET', '~/events'],
  ])('%s without the secret (401)', async (_label, method, path) => {
    const before = dispatched.length;
    const res = await send({ method, path: at(path), headers: json, ...(method === 'POST' ? { body: '{}' } : {}) });
    expect(res.status).toBe(401);
    expect(res.body).not.toContain(SECRET);
    expect(dispatched.length).toBe(before);
  });

  it.each([
    ['a wrong bearer of the right length', { authorization: `Bearer ${SECRET.replace(/.$/, 'X')}` }],
    ['the secret as Basic auth', { authorization: `Basic ${Buffer.from(`x:${SECRET}`).toString('base64')}` }],
    ['the secret as the session cookie', { cookie: `gleaner_session=${SECRET}` }],
    ['the old per-port cookie holding the secret', { cookie: `gleaner_key_${host?.port ?? 1}=${SECRET}` }],
    ['the secret with a suffix', { authorization: `Bearer ${SECRET}x` }],
  ])('an RPC call with %s (401)', async (_label, headers) => {
    for (const path of ['/rpc/settings.get', at('~/rpc/settings.get')]) {
      const res = await send({ method: 'POST', path, headers: { ...json, ...headers }, body: '{}' });
      expect(res.status, path).toBe(401);
    }
  });

  it('an RPC call with the session cookie outside the app path, where a browser never sends it (401)', async () => {
    const res = await send({ method: 'POST', path: '/rpc/settings.get', headers: { ...json, ...cookie() }, body: '{}' });
    expect(res.status).toBe(401);
  });

  it.each(['evil.example', `evil.example:${0}`, '127.0.0.1.evil.example', 'localhost.evil.example', '0x7f.0.0.1', ''])(
    'a foreign Host %j, even with the secret (403 or 400)',
    async (hostHeader) => {
      const before = dispatched.length;
      for (const [method, path, body] of [
        ['POST', '/rpc/settings.get', '{}'],
        ['GET', `~/?key=${SECRET}`, undefined],
        ['GET', '/events', undefined],
        ['POST', '~/session', `key=${SECRET}`],
      ] as const) {
        const res = await send({
          method,
          path: at(path),
          headers: { ...json, ...bearer, host: hostHeader || undefined },
          ...(body ? { body } : {}),
        });
        expect([400, 403], `${method} ${path}`).toContain(res.status);
      }
      expect(dispatched.length).toBe(before);
    },
  );

  it.each([
    ['the same Host twice', (own: string) => [own, own]],
    ['this Host, then a foreign one', (own: string) => [own, 'evil.example']],
    ['a foreign Host, then this one', (own: string) => [`EVIL.example`, own]],
    ['this Host under both its names', (own: string) => [own, own.replace('127.0.0.1', 'localhost')]],
    ['no Host at all, over HTTP/1.0', () => []],
  ])('a request with %s, even with the secret (400)', async (_label, hostsOf) => {
    const before = dispatched.length;
    const own = `127.0.0.1:${host.port}`;
    const hostLines = hostsOf(own)
      .map((value, index) => `${index % 2 ? 'HOST' : 'Host'}: ${value}\r\n`)
      .join('');
    const version = hostLines === '' ? 'HTTP/1.0' : 'HTTP/1.1';
    const res = await exchange(
      host.port,
      `POST /rpc/settings.get ${version}\r\n${hostLines}Authorization: Bearer ${SECRET}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(res.status).toBe(400);
    expect(dispatched.length).toBe(before);
    // The same request with exactly one Host is answered.
    const once = await exchange(
      host.port,
      `POST /rpc/settings.get HTTP/1.1\r\nHost: ${own}\r\nAuthorization: Bearer ${SECRET}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(once.status).toBe(200);
  });

  it.each(['https://evil.example', 'null', 'http://127.0.0.1:1', `http://127.0.0.1.evil.example:${0}`, 'http://localhost'])(
    'a foreign Origin %j, even with the secret (403)',
    async (origin) => {
      const res = await send({ method: 'POST', path: '/rpc/settings.get', headers: { ...json, ...bearer, origin }, body: '{}' });
      expect(res.status).toBe(403);
    },
  );

  it.each([
    ['application/x-www-form-urlencoded', 'a=1'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
    ['text/plain', '{}'],
    [undefined, '{}'],
  ])('a form-style post (%s) carrying the cookie, as a cross-site form would', async (contentType, body) => {
    const before = dispatched.length;
    const res = await send({
      method: 'POST',
      path: at('~/rpc/queue.pause'),
      headers: { ...cookie(), 'content-type': contentType, origin: 'https://evil.example' },
      body,
    });
    expect([403, 415]).toContain(res.status);
    const sameOriginForm = await send({
      method: 'POST',
      path: at('~/rpc/queue.pause'),
      headers: { ...cookie(), 'content-type': contentType },
      body,
    });
    expect(sameOriginForm.status).toBe(415);
    expect(dispatched.length).toBe(before);
  });

  it.each([
    ['application/jsonx', '{}'],
    ['application/json5', '{}'],
    ['application/json-seq', '{}'],
    ['application/jsonp; charset=utf-8', '{}'],
    ['text/application/json', '{}'],
  ])('an RPC call whose type only looks like JSON (%s), with the cookie or the secret (415)', async (contentType, body) => {
    const before = dispatched.length;
    for (const headers of [{ ...cookie() }, { ...bearer }]) {
      const res = await send({ method: 'POST', path: at('~/rpc/queue.pause'), headers: { ...headers, 'content-type': contentType }, body });
      expect(res.status).toBe(415);
    }
    expect(dispatched.length).toBe(before);
  });

  it('a request the browser marks Sec-Fetch-Site: cross-site, with the cookie (403)', async () => {
    const res = await send({
      method: 'POST',
      path: at('~/rpc/queue.pause'),
      headers: { ...cookie(), ...json, 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('a page on another local port (same-site, so a Strict cookie would travel) by its Origin (403)', async () => {
    const res = await send({
      method: 'POST',
      path: at('~/rpc/queue.pause'),
      headers: { ...cookie(), ...json, 'sec-fetch-site': 'same-site', origin: `http://127.0.0.1:${host.port + 1}` },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('a state-changing call by GET (405), so a link or an <img> cannot trigger one', async () => {
    const res = await send({ method: 'GET', path: at('~/rpc/queue.pause'), headers: { ...cookie() } });
    expect(res.status).toBe(405);
  });

  it('a new browser link asked for with a session instead of the secret (403)', async () => {
    const res = await send({ method: 'POST', path: at('~/browser-link'), headers: { ...cookie() } });
    expect(res.status).toBe(403);
  });
});

describe('the browser-mode page', () => {
  it('is served with a CSP that allows no inline or evaluated script, no framing and no other origins', async () => {
    const res = await send({ path: at('~/'), headers: cookie() });
    expect(res.status).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    const scriptSrc = directives['script-src'] ?? directives['default-src'];
    expect(scriptSrc).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-inline'[^;]*;?\s*$|script-src[^;]*unsafe|unsafe-eval/);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a valid call with the secret or the session (so the refusals above are not a broken host)', async () => {
    for (const [path, headers] of [
      ['/rpc/settings.get', bearer],
      [at('~/rpc/settings.get'), bearer],
      [at('~/rpc/settings.get'), cookie()],
    ] as const) {
      const res = await send({ method: 'POST', path, headers: { ...json, ...headers }, body: '{}' });
      expect(res.status, path).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ ok: true });
    }
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON ; charset=UTF-8'])(
    'takes JSON sent as %j',
    async (contentType) => {
      const res = await send({
        method: 'POST',
        path: at('~/rpc/settings.get'),
        headers: { ...cookie(), 'content-type': contentType },
        body: '{}',
      });
      expect(res.status).toBe(200);
    },
  );
});
