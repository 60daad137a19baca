/**
 * A tiny structured logger. Every line passes through `redact`, which replaces any secret
 * the process knows (the API token, the browser-mode key) before it reaches a sink.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** Registers a value that must never be written out. */
  addSecret(value: string): void;
}

export type LogSink = (line: string) => void;

export function createLogger(sink: LogSink, clock: { now(): number } = { now: () => Date.now() }): Logger {
  const secrets = new Set<string>();
  const redact = (text: string): string => {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join('[redacted]');
    return out;
  };
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    const record = { time: new Date(clock.now()).toISOString(), level, message, ...fields };
    let line: string;
    try {
      line = JSON.stringify(record);
    } catch {
      line = JSON.stringify({ time: record.time, level, message });
    }
    sink(redact(line));
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    addSecret: (value) => {
      // Very short values would redact ordinary words; real secrets are long.
      if (value.length < 8) return;
      secrets.add(value);
      // Lines are JSON: a secret holding " or \ or a control character appears escaped in them.
      secrets.add(JSON.stringify(value).slice(1, -1));
    },
  };
}

export const silentLogger: Logger = createLogger(() => undefined);
