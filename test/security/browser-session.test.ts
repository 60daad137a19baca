/**
 * How a browser gets into the browser-mode host, beside browser-host.test.ts's refusals: the
 * run's secret never reaches a browser (its cookie holds a session of its own); each link's key
 * opens one browser; the app and its cookie live under a random per-run path, so another server
 * on 127.0.0.1 never receives the cookie; and the browser Gleaner opens gets its key from a file
 * only this user can read, gone once used. The last two are also checked in Chromium itself.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, startBrowserHost, type BrowserHost } from '../../src/main/hosts/browser/server';
import { createTestCore, type TestCore } from '../helpers/core';
import { rawRequest, type RawAnswer } from '../helpers/raw-http';

const SECRET = 'session-suite-secret-0123456789abcdef';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

let testCore: TestCore;
const hosts: BrowserHost[] = [];
beforeAll(() => {
  testCore = createTestCore();
});
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});
afterAll(async () => {
  await testCore.dispose();
});

/** A host of the test's own: links and sessions are state, spent by each test. */
async function startHost(): Promise<BrowserHost> {
  const host = await startBrowserHost({
    dispatch: testCore.core.dispatch,
    events: testCore.core.events,
    rendererDir: join(__dirname, '../fixtures/renderer'),
    log: testCore.core.context.log,
    secret: SECRET,
  });
  hosts.push(host);
  return host;
}

const send = (host: BrowserHost, options: Parameters<typeof rawRequest>[1]): Promise<RawAnswer> => rawRequest(host.port, options);

/** A link's path and query, as the browser asks for it. */
const pathOf = (link: string): string => {
  const url = new URL(link);
  return url.pathname + url.search;
};

/** The app's path as the printed link shows it, without its trailing slash. */
const appPathOf = (host: BrowserHost): string => new URL(host.url).pathname.replace(/\/$/, '');

interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
  /** `name=value`, as a browser sends it back. */
  pair: string;
}

function setCookieOf(answer: RawAnswer): SetCookie | null {
  const header = answer.headers['set-cookie'];
  const line = Array.isArray(header) ? header[0] : header;
  if (!line) return null;
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  const index = pair!.indexOf('=');
  return {
    name: pair!.slice(0, index),
    value: pair!.slice(index + 1),
    attributes: new Map(attributes.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=').slice(1).join('=')])),
    pair: pair!,
  };
}

const json = { 'content-type': 'application/json' };

describe('a browser never holds the run’s secret', () => {
  it('trading the printed link sets a cookie holding a fresh session, not the secret', async () => {
    const host = await startHost();
    const opened = await send(host, { path: pathOf(host.url) });
    expect(opened.status).toBe(303);
    const cookie = setCookieOf(opened)!;
    expect(cookie.value).not.toContain(SECRET);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Strict');
    // The session opens the app and its bridge, as the secret would.
    const page = await send(host, { path: `${appPathOf(host)}/`, headers: { cookie: cookie.pair } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('fixture page');
    expect(
      (await send(host, { method: 'POST', path: `${appPathOf(host)}/rpc/app.info`, headers: { ...json, cookie: cookie.pair }, body: '{}' }))
        .status,
    ).toBe(200);
    // A cookie holding the secret itself is no session.
    expect((await send(host, { path: `${appPathOf(host)}/`, headers: { cookie: `${cookie.name}=${SECRET}` } })).status).toBe(401);
  });

  it('each browser gets a session of its own', async () => {
    const host = await startHost();
    const first = setCookieOf(await send(host, { path: pathOf(host.url) }))!;
    const second = setCookieOf(await send(host, { path: pathOf(host.browserLink()) }))!;
    expect(second.value).not.toBe(first.value);
    expect(second.value).not.toContain(SECRET);
  });

  it('never writes a session to the log', async () => {
    const host = await startHost();
    const cookie = setCookieOf(await send(host, { path: pathOf(host.url) }))!;
    await send(host, { path: `${appPathOf(host)}/`, headers: { cookie: cookie.pair } });
    expect(testCore.logLines.join('\n')).not.toContain(cookie.value);
  });
});

describe('a link’s key opens one browser', () => {
  it('the printed link, once used, opens nothing for a browser without a session, and still opens the first one', async () => {
    const host = await startHost();
    const first = await send(host, { path: pathOf(host.url) });
    expect(first.status).toBe(303);
    const cookie = setCookieOf(first)!;

    // Read back from the history, in another browser (or profile): spent.
    const again = await send(host, { path: pathOf(host.url) });
    expect(again.status).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain('already opened Gleaner in a browser');

    // The first browser opening its link again (history, another tab) goes on in its session.
    const sameBrowser = await send(host, { path: pathOf(host.url), headers: { cookie: cookie.pair } });
    expect(sameBrowser.status).toBe(303);
    expect(sameBrowser.headers.location).toBe(`${appPathOf(host)}/`);
    expect(sameBrowser.headers['set-cookie']).toBeUndefined();

    // Scripts keep the secret as their bearer token for the whole run.
    const script = await send(host, {
      method: 'POST',
      path: '/rpc/app.info',
      headers: { ...json, authorization: `Bearer ${SECRET}` },
      body: '{}',
    });
    expect(script.status).toBe(200);
  });

  it('a link opened by a browser that has a session is spent too', async () => {
    const host = await startHost();
    const cookie = setCookieOf(await send(host, { path: pathOf(host.browserLink()) }))!;
    expect((await send(host, { path: pathOf(host.url), headers: { cookie: cookie.pair } })).status).toBe(303);
    expect((await send(host, { path: pathOf(host.url) })).status).toBe(401);
  });
});

describe('the app and its cookie live under a random per-run path', () => {
  it('the cookie’s Path is the app path the printed link shows, and each run has its own', async () => {
    const host = await startHost();
    const other = await startHost();
    expect(appPathOf(host)).toMatch(/^\/[A-Za-z0-9_-]{22}$/);
    expect(appPathOf(host)).toBe(host.appPath);
    expect(appPathOf(other)).not.toBe(appPathOf(host));
    const cookie = setCookieOf(await send(host, { path: pathOf(host.url) }))!;
    expect(cookie.name).toBe(SESSION_COOKIE);
    expect(cookie.attributes.get('path')).toBe(appPathOf(host));
  });

  it.each([
    ['the page', 'GET', '/'],
    ['a page file', 'GET', '/index.html'],
    ['an RPC call', 'POST', '/rpc/app.info'],
    ['the event stream', 'GET', '/events'],
    ['a download', 'GET', '/exports/x/y.csv'],
    ['a new link', 'POST', '/browser-link'],
  ])('outside the app path, the session cookie opens nothing: %s (401)', async (_label, method, path) => {
    const host = await startHost();
    const cookie = setCookieOf(await send(host, { path: pathOf(host.url) }))!;
    const res = await send(host, { method, path, headers: { ...json, cookie: cookie.pair }, ...(method === 'POST' ? { body: '{}' } : {}) });
    expect(res.status).toBe(401);
    expect(res.body).not.toContain('fixture page');
  });

  it('without its path, even the secret gets no app; the app’s path without its slash is sent to it', async () => {
    const host = await startHost();
    const bearer = { authorization: `Bearer ${SECRET}` };
    const root = await send(host, { path: '/', headers: bearer });
    expect(root.status).toBe(404);
    expect(root.body).not.toContain('fixture page');
    expect((await send(host, { path: `${appPathOf(host)}/`, headers: bearer })).body).toContain('fixture page');
    const bare = await send(host, { path: appPathOf(host) });
    expect(bare.status).toBe(308);
    expect(bare.headers.location).toBe(`${appPathOf(host)}/`);
  });
});

describe('the page Gleaner opens the browser on', () => {
  it('is a file only this user can read, in a folder of its own, holding a one-use key that is not the secret', async () => {
    const host = await startHost();
    const path = await host.writeOpenerPage();
    const folder = statSync(dirname(path));
    const file = statSync(path);
    expect(folder.mode & 0o777).toBe(0o700);
    expect(file.mode & 0o777).toBe(0o600);
    expect(file.uid).toBe(process.getuid!());
    const html = readFileSync(path, 'utf8');
    expect(html).not.toContain(SECRET);
    expect(html).toContain(`action="${host.origin}${appPathOf(host)}/session"`);
    expect(/name="key" value="([A-Za-z0-9_-]{43})"/.exec(html)).not.toBeNull();
  });

  it('posts its key once: the browser gets a session, the file is gone, and the key opens nothing again', async () => {
    const host = await startHost();
    const path = await host.writeOpenerPage();
    const key = /name="key" value="([^"]+)"/.exec(readFileSync(path, 'utf8'))![1]!;
    // As a page opened from a file posts it: no origin, cross-site.
    const post = () =>
      send(host, {
        method: 'POST',
        path: `${appPathOf(host)}/session`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'cross-site' },
        body: new URLSearchParams({ key }).toString(),
      });
    const opened = await post();
    expect(opened.status).toBe(200);
    const cookie = setCookieOf(opened)!;
    expect(cookie.value).not.toContain(SECRET);
    expect(cookie.attributes.get('path')).toBe(appPathOf(host));
    // It moves on to the app by a same-origin navigation, which carries the new cookie.
    expect(opened.body).toContain(`<meta http-equiv="refresh" content="0; url=${appPathOf(host)}/">`);
    expect(existsSync(path)).toBe(false);
    expect(existsSync(dirname(path))).toBe(false);
    expect((await post()).status).toBe(401);
    expect((await send(host, { path: `${appPathOf(host)}/?key=${key}` })).status).toBe(401);
    // Never a bearer: it only opens a browser.
    expect(
      (await send(host, { method: 'POST', path: '/rpc/app.info', headers: { ...json, authorization: `Bearer ${key}` }, body: '{}' }))
        .status,
    ).toBe(401);
  });

  it('refuses the key from another origin, or not as a form', async () => {
    const host = await startHost();
    const path = await host.writeOpenerPage();
    const key = /name="key" value="([^"]+)"/.exec(readFileSync(path, 'utf8'))![1]!;
    const body = new URLSearchParams({ key }).toString();
    const at = `${appPathOf(host)}/session`;
    expect(
      (
        await send(host, {
          method: 'POST',
          path: at,
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
          body,
        })
      ).status,
    ).toBe(403);
    expect((await send(host, { method: 'POST', path: at, headers: { 'content-type': 'text/plain' }, body })).status).toBe(415);
    // Neither spent it.
    expect(
      (await send(host, { method: 'POST', path: at, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })).status,
    ).toBe(200);
  });

  it('goes when the run ends, used or not', async () => {
    const host = await startHost();
    const path = await host.writeOpenerPage();
    expect(existsSync(path)).toBe(true);
    await host.close();
    expect(existsSync(dirname(path))).toBe(false);
  });
});

describe('in Chromium', () => {
  let browser: Awaited<ReturnType<typeof chromium.launch>>;
  let elsewhere: Server;
  /** The Cookie headers another server on 127.0.0.1 received. */
  const cookiesElsewhere: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    elsewhere = createServer((req, res) => {
      cookiesElsewhere.push(req.headers.cookie ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('another local server');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => elsewhere?.close(resolve));
  });

  /** Visits the other local server where a Path=/ cookie for 127.0.0.1 would go, and at the short paths. */
  async function visitElsewhere(page: Awaited<ReturnType<typeof browser.newPage>>, host: BrowserHost): Promise<void> {
    const port = (elsewhere.address() as AddressInfo).port;
    cookiesElsewhere.length = 0;
    for (const path of ['/', '/rpc/app.info', '/index.html']) await page.goto(`http://127.0.0.1:${port}${path}`);
    // Three visits, and whatever the browser asked for beside them (an icon).
    expect(cookiesElsewhere.length).toBeGreaterThanOrEqual(3);
    for (const header of cookiesElsewhere) {
      expect(header).not.toContain(SECRET);
      expect(header).not.toContain(SESSION_COOKIE);
    }
    // Nor does this host's own root see it, where it would be no use anyway.
    expect((await page.goto(`${host.origin}/`))!.status()).toBe(401);
  }

  it('the printed link opens the app in one browser, survives a reload, and its cookie reaches no other local server', async () => {
    const host = await startHost();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(host.url);
      await expect.poll(() => page.url()).toBe(`${host.origin}${appPathOf(host)}/`);
      expect(await page.textContent('body')).toContain('fixture page');
      expect((await page.reload())!.status()).toBe(200);
      expect(await page.textContent('body')).toContain('fixture page');
      await visitElsewhere(page, host);

      const cookies = await context.cookies();
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatchObject({ path: appPathOf(host), httpOnly: true, sameSite: 'Strict' });
      expect(cookies[0]!.value).not.toContain(SECRET);
    } finally {
      await context.close();
    }
    // Another browser with the same link, as from the first one's history: refused.
    const second = await browser.newContext();
    try {
      expect((await (await second.newPage()).goto(host.url))!.status()).toBe(401);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('the opener page posts its key and lands on the app, with a session the other server never sees', async () => {
    const host = await startHost();
    const path = await host.writeOpenerPage();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(pathToFileURL(path).href);
      await page.waitForURL(`${host.origin}${appPathOf(host)}/`);
      await expect.poll(() => page.textContent('body')).toContain('fixture page');
      expect(existsSync(dirname(path))).toBe(false);
      expect((await page.reload())!.status()).toBe(200);
      const cookies = await context.cookies();
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatchObject({ name: SESSION_COOKIE, path: appPathOf(host), httpOnly: true, sameSite: 'Strict' });
      await visitElsewhere(page, host);
    } finally {
      await context.close();
    }
  }, 60_000);
});
