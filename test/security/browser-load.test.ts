/**
 * The browser-mode host under load from clients without a credential: anyone on the machine can
 * open connections to it. They never hold more than the cap, a connection that sends nothing (or
 * its head too slowly) is closed, kept-alive connections do not linger, refusals close their
 * connection, and through all of it the user's own requests and event stream go on. Caps and
 * timeouts are lowered for the tests; every wait is a bounded poll.
 */
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowserHost, type BrowserHost, type ConnectionLimits } from '../../src/main/hosts/browser/server';
import { createTestCore, type TestCore } from '../helpers/core';
import { rawRequest } from '../helpers/raw-http';
import { firstAnswer, holdConnection, type HeldConnection } from '../helpers/raw-socket';

const SECRET = 'load-suite-secret-0123456789abcdef';
const bearer = { authorization: `Bearer ${SECRET}` };
/** Long enough that nothing in a test closes by a timeout it does not mean to test. */
const LONG_MS = 60_000;
/** How long a poll waits for what the host should do within a fraction of it. */
const BOUND = { timeout: 5_000, interval: 10 };

let testCore: TestCore;
const hosts: BrowserHost[] = [];
const held: HeldConnection[] = [];
beforeAll(() => {
  testCore = createTestCore();
});
afterEach(async () => {
  for (const connection of held.splice(0)) connection.socket.destroy();
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});
afterAll(async () => {
  await testCore.dispose();
});

async function startHost(limits: Partial<ConnectionLimits>): Promise<BrowserHost> {
  const host = await startBrowserHost({
    dispatch: testCore.core.dispatch,
    events: testCore.core.events,
    rendererDir: join(__dirname, '../fixtures/renderer'),
    log: testCore.core.context.log,
    secret: SECRET,
    limits,
  });
  hosts.push(host);
  return host;
}

async function hold(host: BrowserHost, count: number): Promise<HeldConnection[]> {
  const opened: HeldConnection[] = [];
  for (let index = 0; index < count; index += 1) opened.push(await holdConnection(host.port));
  held.push(...opened);
  return opened;
}

const closedCount = (connections: readonly HeldConnection[]): number => connections.filter((c) => c.closed()).length;

const settingsCall = (host: BrowserHost) =>
  rawRequest(host.port, {
    method: 'POST',
    path: '/rpc/settings.get',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: '{}',
  });

/** The user's event stream, held open: resolves with its answer once its head has arrived. */
function openEventStream(host: BrowserHost): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path: '/events', headers: bearer, agent: false }, resolve);
    req.on('error', reject);
    req.end();
  });
}

describe('the browser-mode host under load', () => {
  it('holds no more than its cap: the oldest connections without a credential go, the user’s stay and are answered', async () => {
    const cap = 20;
    const host = await startHost({ maxConnections: cap, headersTimeoutMs: LONG_MS, keepAliveTimeoutMs: LONG_MS });
    const stream = await openEventStream(host);
    expect(stream.statusCode).toBe(200);
    let streamClosed = false;
    stream.socket.once('close', () => (streamClosed = true));

    const idle = await hold(host, cap + 50);
    // Room is made for each newcomer by closing the oldest idle one; the event stream is one of the cap.
    await vi.waitFor(() => expect(closedCount(idle)).toBeGreaterThanOrEqual(51), BOUND);
    expect(idle.slice(0, 51).every((c) => c.closed())).toBe(true);
    expect(idle.slice(-(cap - 1)).some((c) => c.closed())).toBe(false);

    const answer = await settingsCall(host);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true });
    expect(streamClosed).toBe(false);
    stream.destroy();
  });

  it('closes the newcomer, not the user’s connections, when every connection held has shown a credential', async () => {
    const host = await startHost({ maxConnections: 3, headersTimeoutMs: LONG_MS, keepAliveTimeoutMs: LONG_MS });
    const streams = await Promise.all([openEventStream(host), openEventStream(host), openEventStream(host)]);
    expect(streams.map((s) => s.statusCode)).toEqual([200, 200, 200]);
    const [late] = await hold(host, 1);
    await vi.waitFor(() => expect(late!.closed()).toBe(true), BOUND);
    expect(streams.some((s) => s.socket.destroyed)).toBe(false);
    for (const s of streams) s.destroy();
  });

  it('closes a connection that never sends a byte, or sends its head too slowly, after the headers timeout', async () => {
    const host = await startHost({ headersTimeoutMs: 200, keepAliveTimeoutMs: LONG_MS });
    const silent = await hold(host, 5);
    const [slow] = await hold(host, 1);
    const head = `GET /events HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nX-Slow: `;
    let sent = 0;
    const trickle = setInterval(() => {
      if (!slow!.closed()) slow!.socket.write(head[sent++ % head.length]!);
    }, 20);
    try {
      await vi.waitFor(() => expect(closedCount([...silent, slow!])).toBe(6), BOUND);
    } finally {
      clearInterval(trickle);
    }
    // A new connection is answered as ever.
    expect((await settingsCall(host)).status).toBe(200);
  });

  it('closes an idle kept-alive connection after its timeout, and says so in Keep-Alive', async () => {
    const host = await startHost({ keepAliveTimeoutMs: 1_000, headersTimeoutMs: LONG_MS });
    const [connection] = await hold(host, 1);
    connection!.socket.write(
      `POST /rpc/settings.get HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nAuthorization: Bearer ${SECRET}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    await vi.waitFor(() => expect(connection!.received()).toContain('"ok":true'), BOUND);
    const answer = firstAnswer(connection!.received());
    expect(answer.status).toBe(200);
    expect(answer.headers['keep-alive']).toEqual(['timeout=1']);
    await vi.waitFor(() => expect(connection!.closed()).toBe(true), BOUND);
  });

  it('closes the connection of every refused request, so a refused client holds nothing', async () => {
    const host = await startHost({ keepAliveTimeoutMs: LONG_MS, headersTimeoutMs: LONG_MS });
    const refused = [
      `POST /rpc/settings.get HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      `GET /events HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${SECRET}\r\n\r\n`,
      `GET /events HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nOrigin: https://evil.example\r\nAuthorization: Bearer ${SECRET}\r\n\r\n`,
      `GET ${host.appPath}/?key=wrong HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n\r\n`,
    ];
    const connections = await hold(host, refused.length);
    refused.forEach((text, index) => connections[index]!.socket.write(text));
    await vi.waitFor(() => expect(closedCount(connections)).toBe(refused.length), BOUND);
    for (const connection of connections) {
      const answer = firstAnswer(connection.received());
      expect([401, 403]).toContain(answer.status);
      expect(answer.headers.connection).toEqual(['close']);
    }
  });
});
