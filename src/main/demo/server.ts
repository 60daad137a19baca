/**
 * The built-in demo service: a loopback HTTP server that answers all 20 operations of the
 * retrieval service interface from the shared catalogue, with deterministic sample data, bearer
 * tokens per plan, per-team rate limits, pagination, the trim and extras flags, and fault
 * injection. It is Gleaner's default peer on first run and the peer tests run against.
 */
import { listenOnLoopback } from '../core/listen';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findOperation, type OperationSpec } from '../../shared/catalogue';
import { startTimer, type LongTimer } from '../../shared/long-timeout';
import { systemClock } from '../core/clock';
import { silentLogger } from '../core/log';
import { createControl } from './control';
import { handleControl } from './control-routes';
import { DemoRequestError } from './errors';
import { createFaultInjector, type FaultDecision } from './faults';
import { isLoopback, sendBytes, sendError, sendHtml, sendJson, sendTruncated } from './http';
import { mediaFileAt, MEDIA_ROUTE, placeMediaOn } from './media/index';
import { readParams } from './params';
import { createRateLimiter } from './rate-limit';
import { createRequestLog } from './request-log';
import type { ResponseContext } from './responses/context';
import { HANDLERS } from './responses/index';
import { createTeamRegistry } from './teams';
import { createTimeLayer } from './time/time-layer';
import type { DemoService, DemoServiceOptions } from './types';

export const DEFAULT_DEMO_SEED = 'gleaner-demo';

const API_PATH = /^\/api\/v1\/partner\/([^/]+)\/(.+?)\/?$/;

export async function startDemoService(options: DemoServiceOptions = {}): Promise<DemoService> {
  const seed = String(options.seed ?? DEFAULT_DEMO_SEED);
  const clock = options.clock ?? systemClock;
  const log = options.log ?? silentLogger;
  const teams = createTeamRegistry(seed, (token) => log.addSecret(token));
  const limiter = createRateLimiter(clock);
  const faults = createFaultInjector(seed);
  const requests = createRequestLog(clock, () => teams.everIssued());
  const cache = new Map<string, unknown>();
  const calls = new Map<string, number>();
  const time = createTimeLayer(seed);
  const control = createControl({ teams, limiter, faults, requests, time, resetCalls: () => calls.clear() });
  const timers = new Set<LongTimer>();
  let port = 0;
  /** Where clients reach the service; media addresses in its answers are placed there. */
  let origin = '';

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = startTimer(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.error('demo service request failed', { error: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) sendError(res, 500, 'The demo service failed to answer this request.');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isLoopback(req.socket.remoteAddress)) return sendError(res, 403, 'The demo service answers this machine only.');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      return sendError(res, 400, 'The request target is not a valid path.');
    }
    if (url.pathname === '/__demo' || url.pathname.startsWith('/__demo/')) {
      try {
        return await handleControl(req, res, url.pathname, control, port);
      } catch (error) {
        if (error instanceof DemoRequestError) return sendError(res, error.status, error.message);
        throw error;
      }
    }
    // Media files are what a CDN serves, not the API: no token, no rate limit, not in the request log.
    if (url.pathname.startsWith(MEDIA_ROUTE) && options.mediaAddresses !== 'cdn-like') return serveMedia(req, res, url.pathname);
    const entry = requests.start(req.method ?? 'GET', url.pathname, url.searchParams);
    const status = await answer(req, res, url);
    entry.finish(status);
    log.debug('demo request', { method: req.method, path: url.pathname, status });
  }

  function serveMedia(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, 'Media files are read with GET.', { allow: 'GET, HEAD' });
    const file = mediaFileAt(pathname);
    if (!file) return sendError(res, 404, `No media file at ${pathname}.`);
    sendBytes(res, file.contentType, file.body, req.method === 'GET');
  }

  /** Answers one API request and returns the status sent (0 when the connection was dropped). */
  async function answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<number> {
    const match = url.pathname.match(API_PATH);
    const op = match ? findOperation(match[1] ?? '', match[2] ?? '') : undefined;
    if (!op) {
      sendError(res, 404, `No operation at ${url.pathname}; paths look like /api/v1/partner/<platform>/<operation>.`);
      return 404;
    }
    if (req.method !== 'GET') {
      sendError(res, 405, 'Every operation uses GET.', { allow: 'GET' });
      return 405;
    }

    const fault = faults.decide(op);
    if (fault.latencyMs > 0) await sleep(fault.latencyMs);
    if (res.destroyed) return 0;
    const injected = injectFault(req, res, fault);
    if (injected !== null) return injected;

    const auth = teams.authenticate(req.headers.authorization);
    if (!auth.ok) {
      sendError(res, auth.status, auth.message);
      return auth.status;
    }
    const rate = limiter.take(auth.team);
    if (!rate.ok) {
      sendError(res, 429, rate.message, { 'retry-after': String(rate.retryAfterSeconds) });
      return 429;
    }

    let data: Record<string, unknown>;
    try {
      const ctx = contextFor(op, url);
      const timed = time.answer(op, ctx, HANDLERS[op.id](ctx));
      if (timed.kind === 'refused') throw new DemoRequestError(timed.status, timed.message);
      if (timed.kind === 'unsuccessful') {
        sendJson(res, 200, { success: false, message: timed.message, data: null, meta: metaOf(op) });
        return 200;
      }
      data = options.mediaAddresses === 'cdn-like' ? timed.data : placeMediaOn(timed.data, origin);
    } catch (error) {
      if (!(error instanceof DemoRequestError)) throw error;
      sendError(res, error.status, error.message);
      return error.status;
    }
    const body = {
      success: true,
      data: fault.outcome?.kind === 'garbled' ? garbled(data) : data,
      meta: metaOf(op),
    };
    if (fault.outcome?.kind === 'truncate') sendTruncated(res, body);
    else sendJson(res, 200, body);
    return 200;
  }

  // The spec lists no meta.endpoint for pins; "pin" names it after its path.
  const metaOf = (op: OperationSpec): Record<string, string> => ({
    platform: op.platform,
    endpoint: op.endpoint ?? 'pin',
    request_id: `req_${randomBytes(12).toString('hex')}`,
  });

  /** The answer with each record (an object in a list) replaced by a string: valid JSON, no readable item. */
  function garbled(data: Record<string, unknown>): Record<string, unknown> {
    const drift = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map((entry) => (typeof entry === 'object' && entry !== null ? 'unreadable record (injected fault)' : drift(entry)))
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, drift(inner)]))
          : value;
    return drift(data) as Record<string, unknown>;
  }

  /** Sends the answer of a fault that replaces the service's own, or returns null. */
  function injectFault(req: IncomingMessage, res: ServerResponse, fault: FaultDecision): number | null {
    const rule = fault.outcome;
    if (!rule) return null;
    switch (rule.kind) {
      case 'drop':
        req.socket.destroy();
        return 0;
      case 'status': {
        const status = rule.status ?? 503;
        const headers: Record<string, string> =
          rule.retryAfterSeconds === undefined || rule.retryAfterSeconds === null ? {} : { 'retry-after': String(rule.retryAfterSeconds) };
        sendError(
          res,
          status,
          status === 503
            ? 'The upstream platform is unavailable (injected fault).'
            : 'The upstream platform answered with an error (injected fault).',
          headers,
        );
        return status;
      }
      case 'html': {
        const status = rule.status ?? 502;
        sendHtml(res, status);
        return status;
      }
      case 'rate-limit': {
        const retryAfter = rule.retryAfterSeconds === undefined ? 1 : rule.retryAfterSeconds;
        sendError(res, 429, 'Too many requests (injected fault).', retryAfter === null ? {} : { 'retry-after': String(retryAfter) });
        return 429;
      }
      default:
        return null;
    }
  }

  function contextFor(op: OperationSpec, url: URL): ResponseContext {
    return {
      seed,
      op,
      params: readParams(op, url.searchParams),
      memo<T>(key: string, build: () => T): T {
        if (!cache.has(key)) cache.set(key, build());
        return cache.get(key) as T;
      },
      nextCall(key) {
        const count = calls.get(key) ?? 0;
        calls.set(key, count + 1);
        return count;
      },
    };
  }

  await listenOnLoopback(server, options.port);
  server.on('error', (error) => log.error('demo service error', { error: error.message }));
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  origin = url;
  log.info('demo service listening', { url });

  return {
    url,
    port,
    get teams() {
      return teams.list().map(({ name, plan, token }) => ({ name, plan, token }));
    },
    control,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) timer.clear();
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
