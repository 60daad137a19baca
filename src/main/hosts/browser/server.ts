/**
 * Browser mode: the renderer and the bridge over loopback HTTP, for machines without a
 * display or an Electron binary. The same dispatch function as the Electron IPC answers
 * `POST /rpc/<method>`; events stream as server-sent events from `GET /events`.
 *
 * Any page in the user's browser can send requests to 127.0.0.1, so every request must
 * carry a credential, name this host in `Host` (against DNS rebinding), and, when it has an
 * `Origin`, come from this origin.
 *
 * Credentials. The run's secret is the bearer token for scripts, and the key of the printed
 * link. A browser never holds it: a link's key is traded, once, for a session of its own, a
 * random value this run remembers in memory, in an HttpOnly, SameSite=Strict cookie. Each key
 * opens one browser session at most, so a link left in a browser's history opens nothing new.
 * The browser Gleaner opens itself gets a key of its own, in a page only this user can read
 * (opener-page.ts), never on a command line other users of the machine can read.
 *
 * Why the app lives under a random per-run path: cookies are not scoped by port, so a
 * 127.0.0.1 cookie with `Path=/` goes to every other server on 127.0.0.1 the browser visits,
 * and its holder would have the whole bridge (which can change the base URL and so receive the
 * API token). The app, its bridge and its downloads are served under `/<app path>/`, and the
 * cookie's Path is that path: another port receives the cookie only for an address it cannot
 * guess. Set aside: no cookie at all, the page keeping its session in sessionStorage and
 * sending it as a header. Script in the page could then read the session (it cannot read an
 * HttpOnly cookie), EventSource sends no headers, so the event stream and every download would
 * need credentials in their URLs, and a reload would depend on what the tab kept. Scripts
 * keep the bearer token on the short paths too (`/rpc/…`, `/events`, `/exports/…`): a
 * bearer is never sent by a browser on its own.
 *
 * Connections. Anyone on the machine can connect without a credential, so what a connection may
 * hold is bounded: a connection must send a whole request head soon after it opens (one that
 * never sends a byte included), a request its body soon after, and an idle kept-alive connection is
 * closed; a refusal closes its connection. Past the cap on connections held at once, the oldest
 * connection that has not yet shown a credential is closed to make room, so a crowd of idle or
 * unauthenticated connections can neither exhaust the process's file descriptors nor lock the
 * user's browser and scripts out; only when every connection held has shown one is the newcomer
 * closed instead.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ErrorCode, Envelope } from '../../../shared/errors';
import { startTimer, type LongTimer } from '../../../shared/long-timeout';
import { listenOnLoopback, type Dispatch, type EventHub, type ExportService, type Logger } from '../../core';
import { readStaticFile } from '../static-files';
import { pageSecurityHeaders, SECURITY_HEADERS } from '../web-security';
import { writeOpenerPage } from './opener-page';

export interface BrowserHostOptions {
  dispatch: Dispatch;
  events: EventHub;
  rendererDir: string;
  log: Logger;
  /** 0 picks a free port. */
  port?: number;
  /** Fixed only in tests; a fresh random secret otherwise. */
  secret?: string;
  /** The core's finished exports, offered as downloads; without it, no download is served. */
  exportDownloads?: Pick<ExportService, 'download'>;
  /** Milliseconds since the epoch; fixed only in tests of one-use links' expiry. */
  now?: () => number;
  /** Lower only in tests. */
  limits?: Partial<ConnectionLimits>;
}

export interface ConnectionLimits {
  /** Connections held at once. */
  maxConnections: number;
  /** From a connection's opening (or a kept-alive connection's next request) to a whole request head. */
  headersTimeoutMs: number;
  /** From a request's start to the last byte of its body. */
  requestTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
}

/**
 * A browser holds at most six connections to a host, one of them each tab's event stream; 128 leaves
 * room for several browsers and scripts, and stays far below any descriptor limit.
 */
export const CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 128,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
};

export interface BrowserHost {
  /** The link `gleaner serve` prints: the app's address with the run's secret as `?key=`. It opens one browser. */
  url: string;
  origin: string;
  /** The random per-run path the app is served under (`/…`, no trailing slash), and the session cookie's Path. */
  appPath: string;
  port: number;
  secret: string;
  /** A fresh link for another browser: its key opens one browser session, within ONE_USE_LINK_MS, and is not the secret. */
  browserLink(): string;
  /**
   * Writes a page that posts a fresh one-use key to this host, readable by this user only, and
   * returns its file's path. The page is deleted once its key is used or stale, or on close().
   */
  writeOpenerPage(): Promise<string>;
  close(): Promise<void>;
}

/** How long a one-use link (the opener page's, or one asked for) stays usable: long enough for a slow first start. */
export const ONE_USE_LINK_MS = 2 * 60_000;

/** The session cookie's name; its Path (the app path) keeps it apart from other runs' and other ports'. */
export const SESSION_COOKIE = 'gleaner_session';

/**
 * Room for the largest input the contract accepts: a paste of 5,000,000 characters is up to
 * 15 MB as UTF-8 JSON (as in the desktop app, where IPC has no such limit).
 */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** The opener page's form holds one key. */
const MAX_FORM_BYTES = 4096;
const HEARTBEAT_MS = 25_000;

const STATUS_FOR_CODE: Partial<Record<ErrorCode, number>> = {
  INVALID_INPUT: 400,
  UNKNOWN_METHOD: 404,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  INTERNAL: 500,
};

const SPENT_LINK_MESSAGE =
  'Unauthorized: this link’s key is not valid for this run of Gleaner, or it has already opened Gleaner in a browser. Each link opens one browser; for another, ask `gleaner serve` for a new link (see “Browser mode” in the README) or start it again.';

export function httpStatusFor(envelope: Envelope<unknown>): number {
  return envelope.ok ? 200 : (STATUS_FOR_CODE[envelope.error.code] ?? 422);
}

/** The media type of a Content-Type header, without its parameters (`; charset=…`), lower-cased. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Keys and sessions are looked up by digest, so no lookup compares a secret byte by byte. */
const digestOf = (value: string): string => createHash('sha256').update(value).digest('base64url');

interface LinkKey {
  /** When it stops working; the printed link's key never does (it is spent instead). */
  expiresAt: number;
  /** Deletes what carried the key (an opener page) once the key is spent or stale. */
  discard?: () => Promise<void>;
}

type Credential = 'bearer' | 'session';

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  options.log.addSecret(secret);
  const now = options.now ?? Date.now;
  const appPath = `/${randomBytes(16).toString('base64url')}`;
  /** One-use keys not spent yet, by digest. */
  const linkKeys = new Map<string, LinkKey>([[digestOf(secret), { expiresAt: Number.POSITIVE_INFINITY }]]);
  /** This run's browser sessions, by digest of the cookie's value. */
  const sessions = new Set<string>();
  const openStreams = new Set<ServerResponse>();
  let port = 0;
  const limits: ConnectionLimits = { ...CONNECTION_LIMITS, ...options.limits };
  /** Every connection held, oldest first; `proven` once one of its requests showed a credential. */
  const connections = new Map<Socket, { proven: boolean; firstHead: LongTimer | null }>();

  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      // Node refuses a head's timeout longer than the whole request's.
      requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two timeouts above this often (every 30 s by default).
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        options.log.error('browser host request failed', { error: error instanceof Error ? error.message : String(error) });
        if (!res.headersSent)
          sendJson(res, 500, { ok: false, error: { code: 'INTERNAL', message: 'Gleaner could not answer this request.' } });
        else res.end();
      });
    },
  );

  server.on('connection', (socket: Socket) => {
    if (connections.size >= limits.maxConnections) {
      const unproven = [...connections].find(([, held]) => !held.proven)?.[0];
      if (!unproven) {
        socket.destroy();
        return;
      }
      forget(unproven);
      unproven.destroy();
    }
    // Node's headersTimeout starts only with a first byte: a connection that sends none is closed here.
    const firstHead = startTimer(() => socket.destroy(), limits.headersTimeoutMs, { unref: true });
    connections.set(socket, { proven: false, firstHead });
    socket.once('close', () => forget(socket));
  });
  server.on('request', (req: IncomingMessage) => {
    const held = connections.get(req.socket);
    held?.firstHead?.clear();
    if (held) held.firstHead = null;
  });

  function forget(socket: Socket): void {
    const held = connections.get(socket);
    held?.firstHead?.clear();
    connections.delete(socket);
  }

  /** This connection's requests have shown a credential: it is not closed to make room for others. */
  function prove(req: IncomingMessage): void {
    const held = connections.get(req.socket);
    if (held) held.proven = true;
  }

  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];
  const allowedOrigins = (): string[] => allowedHosts().map((h) => `http://${h}`);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Node keeps the first of several Host headers, and takes none on HTTP/1.0: exactly one is asked.
    const hosts = headerValues(req.rawHeaders, 'host');
    if (hosts.length !== 1) return refuse(res, 400, 'Bad request: send exactly one Host header.');
    const host = hosts[0]!;
    if (!allowedHosts().includes(host)) return refuse(res, 403, 'Forbidden: unexpected Host header.');
    const url = new URL(req.url ?? '/', `http://${host}`);
    const inApp = url.pathname === appPath || url.pathname.startsWith(`${appPath}/`);
    /** The path the routes below know: within the app path, or as sent (the bearer's short paths). */
    const route = inApp ? url.pathname.slice(appPath.length) : url.pathname;

    // The opener page is a local file: its post has the Origin "null" and is cross-site by
    // nature. Its one-use key is the whole credential, and it opens nothing without one.
    const fromOpenerPage = inApp && route === '/session' && req.method === 'POST';
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin) && !(fromOpenerPage && origin === 'null')) {
      return refuse(res, 403, 'Forbidden: cross-origin request.');
    }
    if (req.headers['sec-fetch-site'] === 'cross-site' && !fromOpenerPage) return refuse(res, 403, 'Forbidden: cross-site request.');

    // Relative addresses in the page (its scripts, /rpc, /events, downloads) need the trailing slash.
    if (route === '' && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(308, { location: `${appPath}/${url.search}`, 'cache-control': 'no-store', ...SECURITY_HEADERS });
      res.end();
      return;
    }

    if (fromOpenerPage) return openFromOpenerPage(req, res);

    // A link's ?key=…: trade it for a session cookie and drop it from the URL.
    if (inApp && req.method === 'GET' && url.searchParams.has('key')) {
      const cookie = await tradeLinkKey(req, url.searchParams.get('key'));
      if (cookie === null) return refuse(res, 401, SPENT_LINK_MESSAGE);
      prove(req);
      url.searchParams.delete('key');
      res.writeHead(303, {
        location: url.pathname + url.search,
        ...(cookie ? { 'set-cookie': cookie } : {}),
        'cache-control': 'no-store',
        ...SECURITY_HEADERS,
      });
      res.end();
      return;
    }

    const credential = credentialOf(req, inApp);
    if (!credential)
      return refuse(res, 401, 'Unauthorized: open the link that `gleaner serve` printed, or send the secret as a bearer token.');
    prove(req);

    if (route === '/browser-link') {
      if (credential !== 'bearer') return sendText(res, 403, 'Forbidden: a new link takes the run’s secret as a bearer token.');
      if (req.method !== 'POST') return sendText(res, 405, 'Use POST for /browser-link.', { allow: 'POST' });
      return sendJson(res, 201, { url: browserLink() });
    }

    if (route.startsWith('/rpc/')) {
      if (req.method !== 'POST') return sendText(res, 405, 'Use POST for /rpc.', { allow: 'POST' });
      // Cross-site HTML forms can only send form or text bodies; requiring JSON (exactly, not a
      // type that merely starts like it) shuts them out.
      if (mediaTypeOf(req.headers['content-type']) !== 'application/json') {
        return sendJson(res, 415, { ok: false, error: { code: 'INVALID_INPUT', message: 'Send the input as application/json.' } });
      }
      let method: string;
      try {
        method = decodeURIComponent(route.slice('/rpc/'.length));
      } catch {
        return sendJson(res, 400, {
          ok: false,
          error: { code: 'INVALID_INPUT', message: 'The method name in this address is not valid percent-encoding.' },
        });
      }
      const body = await readBody(req, MAX_BODY_BYTES);
      if (body === 'too-large')
        return sendJson(res, 413, { ok: false, error: { code: 'INVALID_INPUT', message: 'The input is larger than 16 MB.' } });
      let input: unknown = {};
      if (body.length > 0) {
        try {
          input = JSON.parse(body);
        } catch {
          return sendJson(res, 400, { ok: false, error: { code: 'INVALID_INPUT', message: 'The input is not valid JSON.' } });
        }
      }
      const envelope = await options.dispatch(method, input);
      return sendJson(res, httpStatusFor(envelope), envelope);
    }

    if (route.startsWith('/exports/')) {
      if (req.method !== 'GET') return sendText(res, 405, 'Use GET for /exports.', { allow: 'GET' });
      return sendExport(res, route.slice('/exports/'.length));
    }

    if (route === '/events') {
      if (req.method !== 'GET') return sendText(res, 405, 'Use GET for /events.', { allow: 'GET' });
      return openEventStream(res);
    }

    // The app itself is only under its path, where the cookie goes.
    if (!inApp) return sendText(res, 404, 'Not found: Gleaner is at the address `gleaner serve` printed.');
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed.', { allow: 'GET, HEAD' });
    const file = await readStaticFile(options.rendererDir, route);
    if (!file) return sendText(res, 404, 'Not found.');
    const isPage = file.contentType.startsWith('text/html');
    res.writeHead(200, {
      'content-type': file.contentType,
      'cache-control': isPage ? 'no-store' : 'no-cache',
      ...(isPage ? await pageSecurityHeaders(options.dispatch) : SECURITY_HEADERS),
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  /**
   * The opener page's post. Answered with a page that moves on by itself, not a redirect: a
   * redirect would be followed as part of the cross-site navigation from the file, which sends
   * no SameSite=Strict cookie and which the checks above refuse; the refresh from this page is
   * a same-origin navigation.
   */
  async function openFromOpenerPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (mediaTypeOf(req.headers['content-type']) !== 'application/x-www-form-urlencoded')
      return refuse(res, 415, 'Send the key as a form.');
    const body = await readBody(req, MAX_FORM_BYTES);
    if (body === 'too-large') return refuse(res, 413, 'The form is too large.');
    const cookie = await tradeLinkKey(req, new URLSearchParams(body).get('key'));
    if (cookie === null) return refuse(res, 401, SPENT_LINK_MESSAGE);
    prove(req);
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      ...(cookie ? { 'set-cookie': cookie } : {}),
      'cache-control': 'no-store',
      ...SECURITY_HEADERS,
    });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${appPath}/"><title>Gleaner</title></head>` +
        `<body><p><a href="${appPath}/">Open Gleaner</a></p></body></html>`,
    );
  }

  /**
   * Spends a link's key. A browser without a session gets a new one (the Set-Cookie value); one
   * that has a session already keeps it ('' — it is opening its link again, from its history or
   * another tab); null when neither holds.
   */
  async function tradeLinkKey(req: IncomingMessage, candidate: string | null): Promise<string | null> {
    const spent = await spendLinkKey(candidate);
    if (hasSession(req)) return '';
    if (!spent) return null;
    const session = randomBytes(32).toString('base64url');
    options.log.addSecret(session);
    sessions.add(digestOf(session));
    return `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=${appPath}`;
  }

  /** True once for each key, before it expires; spent or stale keys are forgotten. */
  async function spendLinkKey(candidate: string | null): Promise<boolean> {
    const at = now();
    for (const [key, entry] of linkKeys) if (entry.expiresAt <= at) await forgetLinkKey(key);
    if (!candidate) return false;
    const key = digestOf(candidate);
    if (!linkKeys.has(key)) return false;
    await forgetLinkKey(key);
    return true;
  }

  async function forgetLinkKey(key: string): Promise<void> {
    const entry = linkKeys.get(key);
    linkKeys.delete(key);
    await entry?.discard?.();
  }

  function newLinkKey(): string {
    const key = randomBytes(32).toString('base64url');
    options.log.addSecret(key);
    return key;
  }

  function addLinkKey(key: string, discard?: () => Promise<void>): void {
    linkKeys.set(digestOf(key), { expiresAt: now() + ONE_USE_LINK_MS, ...(discard ? { discard } : {}) });
  }

  function browserLink(): string {
    const key = newLinkKey();
    addLinkKey(key);
    return `${origin}${appPath}/?key=${key}`;
  }

  async function openerPage(): Promise<string> {
    const key = newLinkKey();
    const page = await writeOpenerPage(`${origin}${appPath}/session`, key);
    // A stale key opens nothing; its page need not wait for close() to go.
    const timer = startTimer(() => void forgetLinkKey(digestOf(key)), ONE_USE_LINK_MS, { unref: true });
    addLinkKey(key, async () => {
      timer.clear();
      await page.remove();
    });
    return page.path;
  }

  function secretMatches(candidate: string | null | undefined): boolean {
    if (!candidate) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  function hasSession(req: IncomingMessage): boolean {
    return readCookies(req.headers.cookie, SESSION_COOKIE).some((value) => sessions.has(digestOf(value)));
  }

  /** The bearer works on every path; the session cookie only within the app path, its Path. */
  function credentialOf(req: IncomingMessage, inApp: boolean): Credential | null {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ') && secretMatches(auth.slice('Bearer '.length).trim())) return 'bearer';
    return inApp && hasSession(req) ? 'session' : null;
  }

  /** `/exports/<export id>/<path>`: a finished export's file, as a download (same checks as /rpc). */
  async function sendExport(res: ServerResponse, rest: string): Promise<void> {
    const downloads = options.exportDownloads ?? null;
    let exportId: string;
    let path: string;
    try {
      const [first, ...others] = rest.split('/').map(decodeURIComponent);
      exportId = first ?? '';
      path = others.join('/');
    } catch {
      return sendText(res, 400, 'Bad export address.');
    }
    const file = downloads?.download(exportId, path) ?? null;
    const info = file ? await stat(file.path).catch(() => null) : null;
    if (!file || !info?.isFile()) return sendText(res, 404, 'This export is not available (it may have expired).');
    const asciiName = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
    res.writeHead(200, {
      'content-type': file.mediaType,
      'content-length': String(info.size),
      'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'cache-control': 'no-store',
      ...SECURITY_HEADERS,
    });
    await new Promise<void>((resolve, reject) => {
      const stream = createReadStream(file.path);
      stream.on('error', reject);
      res.on('close', () => {
        stream.destroy();
        resolve();
      });
      stream.pipe(res);
    });
  }

  function openEventStream(res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      ...SECURITY_HEADERS,
    });
    res.write(': connected\n\n');
    openStreams.add(res);
    const unsubscribe = options.events.subscribe((event, payload) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(res);
    });
  }

  await listenOnLoopback(server, options.port);
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}${appPath}/?key=${secret}`,
    origin,
    appPath,
    port,
    secret,
    browserLink,
    writeOpenerPage: openerPage,
    close: async () => {
      // Opener pages not used yet go with the run.
      await Promise.all([...linkKeys.keys()].map(forgetLinkKey));
      await new Promise<void>((resolve) => {
        for (const stream of openStreams) stream.end();
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/** Every value of a header, however many times and in whatever case it was sent. */
function headerValues(rawHeaders: readonly string[], name: string): string[] {
  const values: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    if (rawHeaders[index]!.toLowerCase() === name) values.push(rawHeaders[index + 1]!);
  }
  return values;
}

/** Every value sent under `name`: a page on another local port can set a same-named cookie of its own beside ours. */
function readCookies(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) values.push(part.slice(index + 1).trim());
  }
  return values;
}

function readBody(req: IncomingMessage, limit: number): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS });
  res.end(JSON.stringify(body));
}

/** A refusal before any credential: the connection goes with the answer, so refused clients hold nothing. */
function refuse(res: ServerResponse, status: number, text: string): void {
  sendText(res, status, text, { connection: 'close' });
}

function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS, ...extra });
  res.end(text);
}
