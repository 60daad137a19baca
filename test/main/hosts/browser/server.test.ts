import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_USE_LINK_MS, mediaTypeOf, startBrowserHost, type BrowserHost } from '../../../../src/main/hosts/browser/server';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { rawRequest } from '../../../helpers/raw-http';

const SECRET = 'test-secret-0123456789abcdefghijklmnop';

const send = (host: BrowserHost, options: Parameters<typeof rawRequest>[1]) => rawRequest(host.port, options);

const rpc = (host: BrowserHost, method: string, body: string, headers: Record<string, string> = {}) =>
  send(host, {
    method: 'POST',
    path: `/rpc/${method}`,
    headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json', ...headers },
    body,
  });

describe('browser-mode host', () => {
  let testCore: TestCore;
  let host: BrowserHost;

  beforeAll(async () => {
    testCore = createTestCore();
    host = await startBrowserHost({
      dispatch: testCore.core.dispatch,
      events: testCore.core.events,
      rendererDir: join(__dirname, '../../../fixtures/renderer'),
      log: testCore.core.context.log,
      secret: SECRET,
    });
  });

  afterAll(async () => {
    await host.close();
    await testCore.dispose();
  });

  it('listens on loopback only and prints a URL to the app’s per-run path carrying the key', () => {
    expect(host.appPath).toMatch(/^\/[A-Za-z0-9_-]{22}$/);
    expect(host.url).toBe(`http://127.0.0.1:${host.port}${host.appPath}/?key=${SECRET}`);
  });

  it('answers /rpc/app.info with the bearer secret', async () => {
    const res = await rpc(host, 'app.info', '{}');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, value: { name: 'Gleaner', dataDir: testCore.dataDir } });
  });

  it.each([
    ['no secret', {}],
    ['a wrong bearer', { authorization: 'Bearer nope' }],
    ['a wrong cookie', { cookie: 'gleaner_session=nope' }],
  ])('refuses /rpc with %s (401)', async (_label, headers) => {
    const res = await send(host, {
      method: 'POST',
      path: '/rpc/app.info',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });

  it('refuses a foreign Host header even with the secret (DNS rebinding)', async () => {
    const res = await rpc(host, 'app.info', '{}', { host: `evil.example:${host.port}` });
    expect(res.status).toBe(403);
  });

  it('refuses a foreign Origin even with the secret', async () => {
    const res = await rpc(host, 'app.info', '{}', { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('refuses cross-site form posts', async () => {
    const link = new URL(host.browserLink());
    const cookie = String((await send(host, { path: link.pathname + link.search })).headers['set-cookie']).split(';')[0]!;
    const form = await send(host, {
      method: 'POST',
      path: `${host.appPath}/rpc/app.info`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    const crossSite = await rpc(host, 'app.info', '{}', { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });

  it('trades ?key= for an HttpOnly, SameSite=Strict session cookie scoped to the app path, and drops it from the URL', async () => {
    const link = new URL(host.browserLink());
    const res = await send(host, { path: `${link.pathname}${link.search}` });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${host.appPath}/`);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain(`Path=${host.appPath}`);
    const page = await send(host, { path: `${host.appPath}/`, headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('fixture page');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses the page without the key, and with a wrong key', async () => {
    expect((await send(host, { path: '/' })).status).toBe(401);
    expect((await send(host, { path: `${host.appPath}/` })).status).toBe(401);
    expect((await send(host, { path: `${host.appPath}/?key=wrong` })).status).toBe(401);
  });

  it('gives a browser link, on a bearer’s request, whose key works once, for two minutes, and is not the secret', async () => {
    let now = Date.UTC(2026, 10, 23, 9, 0);
    const own = await startBrowserHost({
      dispatch: testCore.core.dispatch,
      events: testCore.core.events,
      rendererDir: join(__dirname, '../../../fixtures/renderer'),
      log: testCore.core.context.log,
      secret: SECRET,
      now: () => now,
    });
    try {
      const keyOf = (link: string) => new URL(link).searchParams.get('key')!;
      const pathOf = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;
      const asked = await send(own, { method: 'POST', path: '/browser-link', headers: { authorization: `Bearer ${SECRET}` } });
      expect(asked.status).toBe(201);
      const first = (JSON.parse(asked.body) as { url: string }).url;
      expect(first.startsWith(`${own.origin}${own.appPath}/?key=`)).toBe(true);
      expect(first).not.toContain(SECRET);
      expect(keyOf(first)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const opened = await send(own, { path: pathOf(first) });
      expect(opened.status).toBe(303);
      // The cookie it trades for opens the app as the printed link's does.
      const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
      expect((await send(own, { path: `${own.appPath}/`, headers: { cookie } })).status).toBe(200);
      // Spent: a copy from a history opens nothing.
      const again = await send(own, { path: pathOf(first) });
      expect(again.status).toBe(401);
      expect(again.body).toContain('Each link opens one browser');
      // Unused but stale.
      const late = own.browserLink();
      now += ONE_USE_LINK_MS;
      expect((await send(own, { path: pathOf(late) })).status).toBe(401);
      const inTime = own.browserLink();
      now += ONE_USE_LINK_MS - 1;
      expect((await send(own, { path: pathOf(inTime) })).status).toBe(303);
      // Never a bearer: it only opens the page.
      const spare = keyOf(own.browserLink());
      expect(
        (
          await send(own, {
            method: 'POST',
            path: '/rpc/app.info',
            headers: { authorization: `Bearer ${spare}`, 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
      ).toBe(401);
      // Only the secret asks for one.
      expect((await send(own, { method: 'POST', path: '/browser-link' })).status).toBe(401);
      expect((await send(own, { method: 'POST', path: '/browser-link', headers: { authorization: `Bearer ${spare}` } })).status).toBe(401);
      // The printed link is not stale after two minutes: it opens the first browser whenever that comes.
      now += 60 * ONE_USE_LINK_MS;
      expect((await send(own, { path: pathOf(own.url) })).status).toBe(303);
    } finally {
      await own.close();
    }
  });

  it('reads a Content-Type’s media type without its parameters', () => {
    expect(mediaTypeOf('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaTypeOf(' application/json ')).toBe('application/json');
    expect(mediaTypeOf('application/jsonx')).toBe('application/jsonx');
    expect(mediaTypeOf(undefined)).toBe('');
  });

  it('answers wrong-shaped input with INVALID_INPUT naming the field, and keeps running', async () => {
    const bad = await rpc(host, 'app.info', '{"limit": "ten"}');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(JSON.parse(bad.body).error.message).toContain('limit');
    expect((await rpc(host, 'app.info', 'not json')).status).toBe(400);
    const tooLarge = await rpc(host, 'app.info', JSON.stringify({ big: 'x'.repeat(17 * 1024 * 1024) }));
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).error.message).toBe('The input is larger than 16 MB.');
    expect((await rpc(host, 'app.info', '{}')).status).toBe(200);
  });

  it('takes a paste as large as the contract allows, as the desktop app does', async () => {
    // 100,000 lines (the most an import takes) of 15 × "é": 3.2 MB of UTF-8, over the old 1 MB limit.
    const text = `${'é'.repeat(15)}\n`.repeat(100_000);
    const res = await rpc(host, 'import.plan', JSON.stringify({ text }));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true });
  });

  it('answers a method name that is not valid percent-encoding with 400, not a failure', async () => {
    const res = await rpc(host, '%E0%A4%A', '{}');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'The method name in this address is not valid percent-encoding.' },
    });
  });

  it('answers unknown methods with 404 and wrong verbs with 405', async () => {
    expect((await rpc(host, 'no.such', '{}')).status).toBe(404);
    expect((await send(host, { path: '/rpc/app.info', headers: { authorization: `Bearer ${SECRET}` } })).status).toBe(405);
  });

  it('streams events to subscribers as server-sent events', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/events',
          headers: { host: `127.0.0.1:${host.port}`, authorization: `Bearer ${SECRET}` },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            if (text.includes(': connected'))
              testCore.core.events.emit('task.progress', { taskId: 't1', label: 'Import', done: 3, total: 10 });
            if (text.includes('event: task.progress')) {
              req.destroy();
              resolve(text);
            }
          });
        },
      );
      req.on('error', (error) => (error.message.includes('aborted') ? undefined : reject(error)));
      req.end();
    });
    expect(received).toContain('data: {"taskId":"t1","label":"Import","done":3,"total":10}');
  });

  it('never writes the secret to its log', () => {
    expect(testCore.logLines.join('\n')).not.toContain(SECRET);
  });
});
