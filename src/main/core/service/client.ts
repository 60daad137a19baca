/**
 * The client of the retrieval service: one request, checked before it is sent, answered
 * with the response as received plus what provenance needs, or a coded error. The token is
 * read only to build the Authorization header and is scrubbed from anything the server
 * echoes back.
 */
import { z } from '../../../shared/zod';
import { once } from '../../../shared/contract-method';
import type { OperationId } from '../../../shared/catalogue';
import { GleanerError, markNotSent, type ErrorCode, type ErrorDetails } from '../../../shared/errors';
import type { ParamCheckOptions, ParamInput } from '../../../shared/params';
import type { Clock } from '../clock';
import type { Logger } from '../log';
import { TIMEOUT_KEYS, type RequestTimeouts, type ServiceSettings } from '../settings/service-settings';
import { readRetryAfter, waitText, type RetryAfterReading } from '../queue/retry-after';
import { nextPageAfter, type RefusedPage } from './pagination';
import { prepareRequest, type PreparedRequest } from './request';

export interface ServiceResponse {
  operation: OperationId;
  /** Parameters under Gleaner's names (never the token). */
  params: Record<string, string>;
  wireParams: Record<string, string>;
  /** The request URL without any credential. */
  requestUrl: string;
  status: number;
  requestId: string;
  platform: string;
  endpoint: string;
  /** `data` of the envelope, as parsed. */
  data: unknown;
  /** The response body exactly as received, for provenance and hashing. */
  body: string;
  /** UTC, ISO-8601. */
  fetchedAt: string;
  durationMs: number;
  /** Parameters for the next page, or null when there is none to fetch. */
  nextPage: Record<string, string> | null;
  /** What the user should know about this answer, stored with it (a listing that repeats its page). */
  warnings?: string[];
  /** A next page the answer named that cannot be sent (a value too long, control characters): not offered, and why. */
  refusedPage?: RefusedPage;
}

/** Where to send, and with which token: the core resolves `demo` to the built-in service. */
export interface ServiceTarget {
  baseUrl: string;
  token: string | null;
}

export interface ServiceClientDeps {
  fetch: typeof fetch;
  clock: Clock;
  log: Logger;
  settings(): ServiceSettings;
  target(): Promise<ServiceTarget>;
  /** Checks of the links in parameters (their platform, and what they point at) before a request is spent. */
  linkChecks?: ParamCheckOptions;
  /** Per-request time limits instead of the settings' (tests use short ones). */
  timeoutMs?: RequestTimeouts;
  /** The largest answer read (MAX_BODY_BYTES unless a test says otherwise). */
  maxBodyBytes?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ServiceClient {
  /** Checks and builds a request without sending it (INVALID_INPUT on bad parameters). */
  prepare(operationId: OperationId, input: ParamInput): PreparedRequest;
  send(request: PreparedRequest, options?: CallOptions): Promise<ServiceResponse>;
  call(operationId: OperationId, input: ParamInput, options?: CallOptions): Promise<ServiceResponse>;
}

/** The largest answer read: far above any page of results or transcript, far below what a process can hold. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * The body as text, or null once it passes `maxBytes` (the rest is not read). The read stops
 * when `signal` aborts: a fetch may leave its body streaming after the request's own signal
 * fired (Electron's net.fetch, a proxy's stream), and a server trickling bytes must not hold a
 * request past its time limit.
 */
async function readCapped(response: Response, maxBytes: number, signal: AbortSignal): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  let stop = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch (error) {
    // The stream may already be broken; what matters is that nothing more is read.
    reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
  // Decoded as response.text() would: UTF-8, a byte-order mark dropped, bad bytes replaced.
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Built on the first answer: most commands never ask the service anything (issue 28.19). */
const envelopeSchema = once(() =>
  z.object({
    success: z.literal(true),
    data: z.record(z.string(), z.unknown()),
    meta: z.object({
      platform: z.string(),
      endpoint: z.string(),
      request_id: z.string().regex(/^req_.+/),
    }),
  }),
);

export function createServiceClient(deps: ServiceClientDeps): ServiceClient {
  const maxBodyBytes = deps.maxBodyBytes ?? MAX_BODY_BYTES;

  const prepare: ServiceClient['prepare'] = (operationId, input) => prepareRequest(operationId, input, deps.settings(), deps.linkChecks);

  const send: ServiceClient['send'] = async (request, options = {}) => {
    let target: ServiceTarget;
    try {
      target = await deps.target();
    } catch (error) {
      throw markNotSent(error);
    }
    const { baseUrl, token } = target;
    if (options.signal?.aborted) throw markNotSent(new GleanerError('CANCELLED', `The request for ${request.operation.id} was cancelled.`));
    if (!token) {
      throw markNotSent(
        new GleanerError('TOKEN_MISSING', 'No API token is set. Add your token in Settings (or `gleaner token set`) to use the service.'),
      );
    }
    deps.log.addSecret(token);
    const requestUrl = `${baseUrl}${request.pathAndQuery}`;
    // Read for each request, so a changed setting applies to the next one.
    const which = request.operation.slow ? 'slow' : 'normal';
    const timeoutMs = (deps.timeoutMs ?? deps.settings().timeouts)[which];
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const started = deps.clock.now();
    const scrub = (text: string) => text.split(token).join('[redacted]');

    let response: Response;
    let body: string | null;
    try {
      response = await deps.fetch(requestUrl, {
        method: 'GET',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        // Never followed: the token would go wherever the Location points. Seen, so it can be named.
        redirect: 'manual',
        signal,
      });
      if (isRedirect(response)) {
        response.body?.cancel().catch(() => undefined);
        throw redirectError(response, requestUrl, scrub, request.operation.id);
      }
      body = await readCapped(response, maxBodyBytes, signal);
    } catch (error) {
      if (error instanceof GleanerError) throw error;
      throw transportError(error, options.signal, timeout, timeoutMs, request.operation.id, TIMEOUT_KEYS[which]);
    }
    if (body === null) {
      // Read whole, such an answer could exhaust memory (a string has a size limit too); asking again would bring the same.
      throw new GleanerError(
        'MALFORMED_RESPONSE',
        `The service’s answer to ${request.operation.id} is larger than ${Math.round(maxBodyBytes / 1024 / 1024)} MB, so Gleaner did not keep it.`,
        { details: { status: response.status, final: true } },
      );
    }

    if (response.status < 200 || response.status > 299) {
      throw statusError(response, body, scrub, deps.clock.now(), request.operation.id, pathOf(requestUrl, request.pathAndQuery));
    }

    if (body.trim() === '') {
      // An answer that arrived whole and empty (a 204, say) is what the service chose to send; a
      // cut connection fails while reading instead. Asking again would bring the same.
      throw new GleanerError(
        'MALFORMED_RESPONSE',
        `The service answered ${request.operation.id} with an empty body (status ${response.status}), so there was nothing to keep.`,
        {
          details: { status: response.status, final: true },
        },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw malformed(`The service answered ${request.operation.id} with something that is not JSON.`);
    }
    if (json && typeof json === 'object' && (json as { success?: unknown }).success === false) {
      // A well-formed refusal, not a fault on the way: asking again would spend a request on the same answer.
      const said = whatTheServiceSaid(json, scrub);
      throw new GleanerError(
        'UPSTREAM_ERROR',
        // One full stop: a reason that ends its own sentence is not given a second one.
        `The service could not complete ${request.operation.id}: ${(said.serviceWords ?? 'it gave no reason').replace(/\.+$/, '')}.${requestIdNote(said)}`,
        { details: { status: response.status, final: true, ...said } },
      );
    }
    const envelope = envelopeSchema().safeParse(json);
    if (!envelope.success) {
      const where = envelope.error.issues[0]?.path.join('.') || 'the envelope';
      throw offShape(`The service’s answer to ${request.operation.id} is not in the documented shape (problem at ${where}).`);
    }
    const { meta, data } = envelope.data;
    if (meta.platform !== request.operation.platform) {
      throw offShape(`The service answered ${request.operation.id} for platform ${scrub(JSON.stringify(meta.platform))}.`);
    }
    if (request.operation.endpoint !== null && meta.endpoint !== request.operation.endpoint) {
      throw offShape(
        `The service answered ${request.operation.id} as endpoint ${scrub(JSON.stringify(meta.endpoint))}, not ${JSON.stringify(request.operation.endpoint)}.`,
      );
    }
    // The body is kept as received (its hash is the evidence), so one that repeats the token
    // cannot be kept at all: the token must never reach the library, an export or the window.
    if (echoesToken(body, json, token)) {
      // Asking again would spend another request on the same answer.
      throw new GleanerError(
        'MALFORMED_RESPONSE',
        `The service’s answer to ${request.operation.id} contains your API token, so Gleaner did not keep it. Ask the service why it sends the token back.`,
        { details: { status: response.status, final: true } },
      );
    }
    const finished = deps.clock.now();
    return {
      operation: request.operation.id,
      params: request.params,
      wireParams: request.wireParams,
      requestUrl,
      status: response.status,
      requestId: meta.request_id,
      platform: meta.platform,
      endpoint: meta.endpoint,
      data,
      body,
      fetchedAt: new Date(finished).toISOString(),
      durationMs: Math.max(0, finished - started),
      ...nextPageAfter(request.operation, data, request.params),
    };
  };

  // async, so a bad parameter rejects the promise like every other failure rather than throwing.
  return { prepare, send, call: async (operationId, input, options) => send(prepare(operationId, input), options) };
}

const malformed = (message: string) => new GleanerError('MALFORMED_RESPONSE', message);
/** An answer well formed but not in the documented shape: asking again would bring the same, at the price of a request. */
const offShape = (message: string) => new GleanerError('MALFORMED_RESPONSE', message, { details: { final: true } });

/**
 * Whether a body holds the token, as written or with JSON escapes (`\/`, `\u0061`): the parsed
 * value, written out again, spells every string one way, so only bodies with a backslash need it.
 */
export function echoesToken(body: string, json: unknown, token: string): boolean {
  if (body.includes(token)) return true;
  return body.includes('\\') && JSON.stringify(json).includes(JSON.stringify(token).slice(1, -1));
}

function transportError(
  error: unknown,
  userSignal: AbortSignal | undefined,
  timeout: AbortSignal,
  timeoutMs: number,
  operation: string,
  timeoutSetting: string,
): GleanerError {
  if (userSignal?.aborted) return new GleanerError('CANCELLED', `The request for ${operation} was cancelled.`);
  if (timeout.aborted) {
    return new GleanerError(
      'TIMEOUT',
      `The service did not answer ${operation} within ${Math.round(timeoutMs / 1000)} seconds (the setting ${timeoutSetting}).`,
    );
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const code = (cause as (Error & { code?: unknown }) | null)?.code;
  const text = `${typeof code === 'string' ? code : ''} ${cause?.message ?? ''}`;
  const detail = text.includes('ECONNREFUSED')
    ? ' (connection refused)'
    : text.includes('ENOTFOUND') || text.includes('EAI_AGAIN')
      ? ' (host not found)'
      : '';
  // Refused, or no address to send to: the request never reached the service, so it used none
  // of the plan's budget (a reset or a cut connection may have, and still counts).
  const neverArrived = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH/.test(text);
  return new GleanerError(
    'NETWORK',
    `Could not reach the service${detail}. Check the base URL in Settings and your connection; nothing was stored.`,
    neverArrived ? { details: { notSent: true } } : undefined,
  );
}

/**
 * What an error answer said: its reason, and the request id it carries where a success carries it
 * (`meta.request_id`). Both go into the error's details, which the queue keeps with a failed job
 * (a watch cites the answer that said an item is gone), and into its sentence, for people.
 */
function whatTheServiceSaid(json: unknown, scrub: (text: string) => string): Pick<ErrorDetails, 'requestId' | 'serviceWords'> {
  const meta = json && typeof json === 'object' ? (json as { meta?: unknown }).meta : undefined;
  const id = meta && typeof meta === 'object' ? (meta as { request_id?: unknown }).request_id : undefined;
  const serviceWords = serverMessage(json, scrub);
  return {
    ...(typeof id === 'string' && /^req_[\w-]{1,120}$/.test(id) ? { requestId: scrub(id) } : {}),
    ...(serviceWords ? { serviceWords } : {}),
  };
}

const requestIdNote = ({ requestId }: Pick<ErrorDetails, 'requestId'>): string => (requestId ? ` (request id ${requestId})` : '');

/**
 * The first of `message`, `error`, `detail` that a JSON error body carries, on one line: it
 * becomes part of Gleaner's own messages, where a line break could pass for another line.
 */
function serverMessage(json: unknown, scrub: (text: string) => string): string | null {
  if (!json || typeof json !== 'object') return null;
  // Scrubbed before and after folding whitespace: folding could join the pieces of a token that holds spaces.
  const oneLine = (text: string) => scrub(scrub(text).replace(/\s+/g, ' ').trim()).slice(0, 300);
  for (const key of ['message', 'error', 'detail']) {
    const reason = reasonIn((json as Record<string, unknown>)[key]);
    if (reason) return oneLine(reason);
  }
  return null;
}

/** How many of a list of problems (a validation error) are named: the first few say what to fix. */
const PROBLEMS_NAMED = 3;

/**
 * A reason written as text, as `{ message }`, or as a list of problems such as a FastAPI
 * validation error: `[{ loc: ['query', 'url'], msg: 'Field required' }]`.
 */
function reasonIn(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value : null;
  if (Array.isArray(value)) {
    const problems = value.map(problemIn).filter((problem): problem is string => problem !== null);
    if (problems.length === 0) return null;
    const more = problems.length > PROBLEMS_NAMED ? ` (and ${problems.length - PROBLEMS_NAMED} more)` : '';
    return `${problems.slice(0, PROBLEMS_NAMED).join('; ')}${more}`;
  }
  if (value && typeof value === 'object') {
    const { message, msg } = value as { message?: unknown; msg?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (typeof msg === 'string' && msg.trim()) return msg;
  }
  return null;
}

function problemIn(entry: unknown): string | null {
  if (typeof entry === 'string') return entry.trim() ? entry : null;
  const text = reasonIn(entry);
  if (!text) return null;
  const loc = (entry as { loc?: unknown }).loc;
  const where = Array.isArray(loc) ? loc.filter((part) => typeof part === 'string' || typeof part === 'number').join('.') : '';
  return where ? `${text} (${where})` : text;
}

/** `scrub` applies to the message as parsed: a token written with JSON escapes (`\/`, `\u…`) only reads as itself then. */
function statusError(
  response: Response,
  body: string,
  scrub: (text: string) => string,
  nowMs: number,
  operation: string,
  path: string,
): GleanerError {
  let said: Pick<ErrorDetails, 'requestId' | 'serviceWords'> = {};
  try {
    said = whatTheServiceSaid(JSON.parse(body) as unknown, scrub);
  } catch {
    // Not JSON: the status is all there is.
  }
  const because = `${said.serviceWords ? ` The service said: ${said.serviceWords}` : ''}${requestIdNote(said)}`;
  const status = response.status;
  const make = (code: ErrorCode, message: string, retryAfter: RetryAfterReading = {}) =>
    new GleanerError(code, message, {
      details: {
        status,
        ...said,
        ...(retryAfter.ms === undefined ? {} : { retryAfterMs: retryAfter.ms }),
        ...(retryAfter.note === undefined ? {} : { retryAfterNote: retryAfter.note }),
      },
    });
  // Bounded, and said when shortened or not gone by (retry-after.ts): a wrong value must not stop the queue.
  const retryAfter = () => readRetryAfter(response.headers.get('retry-after'), nowMs);
  const final = (code: ErrorCode, message: string) => new GleanerError(code, message, { details: { status, final: true, ...said } });
  switch (true) {
    case status === 401:
      return make(
        'TOKEN_REJECTED',
        `The service rejected the API token (401). It may have been refreshed or replaced; paste the new token in Settings.${because}`,
      );
    case status === 403:
      return make(
        'SUBSCRIPTION_INACTIVE',
        `The token is valid but the team’s subscription is not active (403). Renew it in the service’s account settings.${because}`,
      );
    case status === 429: {
      const reading = retryAfter();
      const wait = reading.note ? ` ${reading.note}` : reading.ms === undefined ? '' : ` It asks to wait ${waitText(reading.ms)}.`;
      return make('RATE_LIMITED', `The team’s rate limit is reached (429).${wait}${because}`, reading);
    }
    case status === 404:
      // The same status answers a path the service does not have, so the settings may be the cause.
      return make(
        'NOT_FOUND',
        `The service found nothing for ${operation} (404 at ${scrub(path)}). If the content should exist, the base URL or this operation’s path in Settings may be wrong.${because}`,
      );
    case status === 410:
      return make('NOT_FOUND', `The service found nothing for ${operation} (410).${because}`);
    case status === 400 || status === 422:
      return make('INVALID_INPUT', `The service refused the parameters of ${operation} (${status}).${because}`);
    case status >= 500:
      // A 503 may say when to come back; the queue waits at least that long before trying again.
      return make(
        'UPSTREAM_ERROR',
        `The service had a problem answering ${operation} (${status}); trying again later usually works.${because}`,
        retryAfter(),
      );
    case status === 408:
      return make(
        'UPSTREAM_ERROR',
        `The service gave up waiting for the request for ${operation} (408); trying again usually works.${because}`,
      );
    default:
      // Any other refusal (402, 414, …) is the service's answer to this very request: asking again would bring the same.
      return final('UPSTREAM_ERROR', `The service answered ${operation} with an unexpected status ${status}.${because}`);
  }
}

const isRedirect = (response: Response): boolean =>
  response.type === 'opaqueredirect' || (response.status >= 300 && response.status <= 399 && response.headers.has('location'));

/** Names where a redirect points (scheme and host only: its path or query may hold anything) without going there. */
function redirectError(response: Response, requestUrl: string, scrub: (text: string) => string, operation: string): GleanerError {
  let where = 'an address it did not show';
  const location = response.headers.get('location');
  if (location !== null) {
    try {
      const target = new URL(location, requestUrl);
      where = scrub(`${target.protocol}//${target.host}`);
    } catch {
      where = 'an address that is not a valid URL';
    }
  }
  const status = response.status === 0 ? 'a redirect' : `a redirect (${response.status})`;
  return new GleanerError(
    'UPSTREAM_ERROR',
    `The service answered ${operation} with ${status} to ${where}. Gleaner does not follow redirects, so your token is not sent anywhere else; if the service has moved, set its new base URL in Settings.`,
    { details: { status: response.status, final: true } },
  );
}

/** The path a request went to, base URL's own path included: what a 404 names, without the (possibly long) query. */
function pathOf(requestUrl: string, pathAndQuery: string): string {
  try {
    return new URL(requestUrl).pathname;
  } catch {
    return pathAndQuery.split('?')[0] ?? '';
  }
}
