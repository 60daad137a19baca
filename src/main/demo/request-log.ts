/** The requests the demo service received, for `GET /__demo/requests` and tests. */
import type { Clock } from '../core/clock';
import type { DemoRequestRecord } from './types';

const MAX_ENTRIES = 10_000;
const REDACTED = '[redacted]';
/** Parameter names that carry credentials when a client misplaces its token into the query. */
const SECRET_NAMES = /^(access_?token|api_?key|apikey|key|token|auth|authorization|bearer|secret|password)$/i;

export interface RequestLog {
  /** Starts an entry now; `finish` sets its status. */
  start(method: string, path: string, query: URLSearchParams): { finish(status: number): void };
  list(): DemoRequestRecord[];
  clear(): void;
}

export function createRequestLog(clock: Clock, secrets: () => readonly string[]): RequestLog {
  let entries: DemoRequestRecord[] = [];
  const scrub = (text: string): string => {
    let out = text;
    for (const secret of secrets()) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  };
  return {
    start(method, path, query) {
      // First value wins; a Map and fromEntries keep names like __proto__ as plain keys.
      const pairs = new Map<string, string>();
      for (const [name, value] of query) {
        const key = scrub(name);
        if (!pairs.has(key)) pairs.set(key, SECRET_NAMES.test(name) ? REDACTED : scrub(value));
      }
      const safeQuery = Object.fromEntries(pairs);
      let time: string;
      try {
        time = new Date(clock.now()).toISOString();
      } catch {
        time = new Date(0).toISOString();
      }
      const entry: DemoRequestRecord = { time, method, path: scrub(path), query: safeQuery, status: 0 };
      entries.push(entry);
      if (entries.length > MAX_ENTRIES) entries = entries.slice(-MAX_ENTRIES);
      return {
        finish(status) {
          entry.status = status;
        },
      };
    },
    list: () => entries.map((e) => ({ ...e, query: { ...e.query } })),
    clear() {
      entries = [];
    },
  };
}
