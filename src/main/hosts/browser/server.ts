/**
 * Browser mode: the renderer and the bridge over loopback HTTP, for machines without a
 * display or an Electron binary. The same dispatch function as the Electron IPC answers
 * `POST /rpc/<method>`; events stream as server-sent events from `GET /events`.
 *
 * Any page in the user's browser can send requests to 127.0.0.1, so every request must
 * carry the per-run secret (cookie or bearer), name this host in `Host` (against DNS
 * rebinding), and, when it has an `Origin`, come from this origin.
 *
 * The browser Gleaner opens itself gets a link of its own: a key that works once, for two
 * minutes. The opener's command line (and the browser's, when it starts one) can be read by
 * other users of the machine, so the run's secret stays out of it; the printed link carries
 * the secret, as the CLI contract says.
 */
import { listenOnLoopback } from '../../core/listen';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorCode, Envelope } from '../../../shared/errors';
import type { Dispatch } from '../../core/bridge/dispatcher';
import type { EventHub } from '../../core/events';
import type { ExportService } from '../../core/export/export-service';
import type { Logger } from '../../core/log';
import { readStaticFile } from '../static-files';
import { SECURITY_HEADERS } from '../web-security';

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
  /** Milliseconds since the epoch; fixed only in tests of the opener link's expiry. */
  now?: () => number;
}

export interface BrowserHost {
  /** The URL to open once: it carries the secret as `?key=`. */
  url: string;
  origin: string;
  port: number;
  secret: string;
  /** A fresh link for a browser to open: its key works once, within OPENER_LINK_MS, and is not the secret. */
  openerLink(): string;
  close(): Promise<void>;
}

/** How long a link made for the browser Gleaner opens stays usable: long enough for a slow first start. */
export const OPENER_LINK_MS = 2 * 60_000;

/**
 * Room for the largest input the contract accepts: a paste of 5,000,000 characters is up to
 * 15 MB as UTF-8 JSON (as in the desktop app, where IPC has no such limit).
 */
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const HEARTBEAT_MS = 25_000;

const STATUS_FOR_CODE: Partial<Record<ErrorCode, number>> = {
  INVALID_INPUT: 400,
  UNKNOWN_METHOD: 404,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  INTERNAL: 500,
};

export function httpStatusFor(envelope: Envelope<unknown>): number {
  return envelope.ok ? 200 : (STATUS_FOR_CODE[envelope.error.code] ?? 422);
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  options.log.addSecret(secret);
  const now = options.now ?? Date.now;
  /** Opener links not used yet, with the moment each stops working. */
  const openerKeys = new Map<string, number>();
  const openStreams = new Set<ServerResponse>();
  let port = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log.error('browser host request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: { code: 'INTERNAL', message: 'Gleaner could not answer this request.' } });
      else res.end();
    });
  });

  const cookieName = (): string => `gleaner_key_${port}`;
  const allowedHosts = (): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];
  const allowedOrigins = (): string[] => allowedHosts().map((h) => `http://${h}`);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host ?? '';
    if (!allowedHosts().includes(host)) return sendText(res, 403, 'Forbidden: unexpected Host header.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().includes(origin)) return sendText(res, 403, 'Forbidden: cross-origin request.');
    if (req.headers['sec-fetch-site'] === 'cross-site') return sendText(res, 403, 'Forbidden: cross-site request.');

    const url = new URL(req.url ?? '/', `http://${host}`);

    // The page is opened once with ?key=…; trade it for an HttpOnly cookie and drop it from the URL.
    if (req.method === 'GET' && url.searchParams.has('key')) {
      const key = url.searchParams.get('key');
      if (!secretMatches(key) && !redeemOpenerKey(key)) {
        return sendText(
          res,
          401,
          'Unauthorized: this link’s key is not valid for this run of Gleaner. A link Gleaner opened for you works once, for two minutes; open the link `gleaner serve` printed instead.',
        );
      }
      url.searchParams.delete('key');
      res.writeHead(303, {
        location: url.pathname + url.search,
        'set-cookie': `${cookieName()}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
        'cache-control': 'no-store',
        ...SECURITY_HEADERS,
      });
      res.end();
      return;
    }

    if (!isAuthorised(req)) return sendText(res, 401, 'Unauthorized: open the link that `gleaner serve` printed, or send the secret as a bearer token.');

    if (url.pathname.startsWith('/rpc/')) {
      if (req.method !== 'POST') return sendText(res, 405, 'Use POST for /rpc.', { allow: 'POST' });
      // Cross-site HTML forms can only send form or text bodies; requiring JSON shuts them out.
      if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
        return sendJson(res, 415, { ok: false, error: { code: 'INVALID_INPUT', message: 'Send the input as application/json.' } });
      }
      let method: string;
      try {
        method = decodeURIComponent(url.pathname.slice('/rpc/'.length));
      } catch {
        return sendJson(res, 400, { ok: false, error: { code: 'INVALID_INPUT', message: 'The method name in this address is not valid percent-encoding.' } });
      }
      const body = await readBody(req);
      if (body === 'too-large') return sendJson(res, 413, { ok: false, error: { code: 'INVALID_INPUT', message: 'The input is larger than 16 MB.' } });
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

    if (url.pathname.startsWith('/exports/')) {
      if (req.method !== 'GET') return sendText(res, 405, 'Use GET for /exports.', { allow: 'GET' });
      return sendExport(res, url.pathname.slice('/exports/'.length));
    }

    if (url.pathname === '/events') {
      if (req.method !== 'GET') return sendText(res, 405, 'Use GET for /events.', { allow: 'GET' });
      return openEventStream(res);
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(res, 405, 'Method not allowed.', { allow: 'GET, HEAD' });
    const file = await readStaticFile(options.rendererDir, url.pathname);
    if (!file) return sendText(res, 404, 'Not found.');
    res.writeHead(200, {
      'content-type': file.contentType,
      'cache-control': file.contentType.startsWith('text/html') ? 'no-store' : 'no-cache',
      ...SECURITY_HEADERS,
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  function secretMatches(candidate: string | null | undefined): boolean {
    if (!candidate) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** True once for each opener key, before it expires; spent or stale keys are forgotten. */
  function redeemOpenerKey(candidate: string | null): boolean {
    const at = now();
    for (const [key, expires] of openerKeys) if (expires <= at) openerKeys.delete(key);
    if (!candidate || !openerKeys.has(candidate)) return false;
    openerKeys.delete(candidate);
    return true;
  }

  function isAuthorised(req: IncomingMessage): boolean {
    const auth = req.headers.authorization;
    if (auth?.startsWith('Bearer ') && secretMatches(auth.slice('Bearer '.length).trim())) return true;
    return secretMatches(readCookie(req.headers.cookie, cookieName()));
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
    url: `${origin}/?key=${secret}`,
    origin,
    port,
    secret,
    openerLink: () => {
      const key = randomBytes(32).toString('base64url');
      options.log.addSecret(key);
      openerKeys.set(key, now() + OPENER_LINK_MS);
      return `${origin}/?key=${key}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const stream of openStreams) stream.end();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

function readBody(req: IncomingMessage): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
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

function sendText(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS, ...extra });
  res.end(text);
}
