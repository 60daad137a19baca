/**
 * `/__demo/…`: control of the demo service over HTTP, for the CLI, scripts and tests. No
 * token is needed, so only this machine may use it: requests must name this host and may
 * not come from a web page of another origin (a page in the user's browser could otherwise
 * post to 127.0.0.1).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DemoRequestError, badRequest } from './errors';
import { readBody, sendError, sendJson } from './http';
import { DEMO_MAX_ADVANCE_HOURS, DEMO_TRUTH_KINDS, type DemoControl, type FaultRule } from './types';

const TEAM_ACTIONS = ['refresh-token', 'lapse', 'suspend', 'reactivate'] as const;

export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  control: DemoControl,
  port: number,
): Promise<void> {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  if (!hosts.includes(req.headers.host ?? ''))
    return sendError(res, 403, 'The control endpoints answer only requests addressed to 127.0.0.1.');
  const origin = req.headers.origin;
  if ((origin !== undefined && !hosts.some((h) => origin === `http://${h}`)) || req.headers['sec-fetch-site'] === 'cross-site') {
    return sendError(res, 403, 'The control endpoints do not answer web pages of other origins.');
  }
  const method = req.method ?? 'GET';
  const route = path.replace(/\/+$/, '');

  if (route === '/__demo') {
    return sendJson(res, 200, {
      endpoints: [
        'GET /__demo/requests',
        'GET /__demo/teams',
        ...TEAM_ACTIONS.map((a) => `POST /__demo/teams/<name>/${a}`),
        'POST /__demo/colleagues {"share": 0..1, "team"?: name}',
        'GET|POST|DELETE /__demo/faults (POST {"rules": [...]})',
        'POST /__demo/reset',
        `POST /__demo/advance {"hours": whole number 1..${DEMO_MAX_ADVANCE_HOURS}}`,
        'GET /__demo/clock',
        'GET /__demo/truth[?since=ISO][&kind=edited,removed,…]',
      ],
    });
  }
  if (route === '/__demo/requests') return method === 'GET' ? sendJson(res, 200, { requests: control.requests() }) : notAllowed(res, 'GET');
  if (route === '/__demo/teams') return method === 'GET' ? sendJson(res, 200, { teams: control.teams() }) : notAllowed(res, 'GET');

  const teamAction = route.match(/^\/__demo\/teams\/([^/]+)\/([a-z-]+)$/);
  if (teamAction) {
    if (method !== 'POST') return notAllowed(res, 'POST');
    const name = safeDecode(teamAction[1] ?? '');
    const action = teamAction[2];
    if (action === 'refresh-token') {
      const token = control.refreshToken(name);
      return sendJson(res, 200, { token, team: control.teams().find((t) => t.token === token) });
    }
    if (action === 'lapse') control.lapse(name);
    else if (action === 'suspend') control.suspend(name);
    else if (action === 'reactivate') control.reactivate(name);
    else return sendError(res, 404, `Unknown team action ${JSON.stringify(action)}; use one of ${TEAM_ACTIONS.join(', ')}.`);
    return sendJson(res, 200, { team: control.teams().find((t) => t.name === name || t.plan === name) });
  }

  if (route === '/__demo/colleagues') {
    if (method !== 'POST') return notAllowed(res, 'POST');
    const body = await jsonBody(req);
    const share = body.share;
    const team = body.team;
    if (typeof share !== 'number') throw badRequest('Send {"share": a number from 0 to 1}.');
    if (team !== undefined && typeof team !== 'string') throw badRequest('team must be a team name.');
    control.setColleagues(share, team);
    return sendJson(res, 200, { teams: control.teams() });
  }

  if (route === '/__demo/faults') {
    if (method === 'GET') return sendJson(res, 200, { rules: control.faults() });
    if (method === 'DELETE') {
      control.clearFaults();
      return sendJson(res, 200, { rules: [] });
    }
    if (method !== 'POST') return notAllowed(res, 'GET, POST, DELETE');
    const body = await jsonBody(req);
    if (!Array.isArray(body.rules)) throw badRequest('Send {"rules": [...]}.');
    control.setFaults(body.rules as FaultRule[]);
    return sendJson(res, 200, { rules: control.faults() });
  }

  if (route === '/__demo/advance') {
    if (method !== 'POST') return notAllowed(res, 'POST');
    const body = await jsonBody(req);
    return sendJson(res, 200, control.advance(body.hours as number));
  }
  if (route === '/__demo/clock') return method === 'GET' ? sendJson(res, 200, control.clock()) : notAllowed(res, 'GET');
  if (route === '/__demo/truth') {
    if (method !== 'GET') return notAllowed(res, 'GET');
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    const since = query.get('since');
    if (since !== null && Number.isNaN(Date.parse(since))) throw badRequest('since must be an ISO date, such as 2025-06-02T12:00:00Z.');
    const kinds = query.get('kind')?.split(',');
    const unknownKind = kinds?.find((kind) => !(DEMO_TRUTH_KINDS as readonly string[]).includes(kind));
    if (unknownKind !== undefined) throw badRequest(`kind must list some of: ${DEMO_TRUTH_KINDS.join(', ')}.`);
    const changes = control
      .truth()
      .filter((c) => (since === null || Date.parse(c.at) > Date.parse(since)) && (kinds === undefined || kinds.includes(c.kind)))
      // native_id and change repeat itemId and kind under the names shared/CLI.md gives them.
      .map((c) => ({ ...c, native_id: c.itemId, change: c.kind === 'new-post' ? 'new' : c.kind }));
    return sendJson(res, 200, { clock: control.clock(), changes });
  }

  if (route === '/__demo/reset') {
    if (method !== 'POST') return notAllowed(res, 'POST');
    control.reset();
    return sendJson(res, 200, { reset: true });
  }

  return sendError(res, 404, `No control endpoint at ${route}; see GET /__demo.`);
}

const notAllowed = (res: ServerResponse, allow: string): void => sendError(res, 405, `Use ${allow} here.`, { allow });

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (text === null) throw new DemoRequestError(413, 'The body is larger than 64 kB.');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('The body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
