import type { ErrorCode, ErrorInfo } from '../../../shared/errors';

/** Everything the CLI touches of its process, injected so commands can be tested in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  stdin: NodeJS.ReadableStream;
  env: Record<string, string | undefined>;
  /** Resolves when the user asks a long-running command (serve) to stop. */
  waitForShutdown(): Promise<void>;
}

/** shared/CLI.md: 2 for invalid input, 3 for service/auth errors, 1 otherwise. */
const SERVICE_CODES: readonly ErrorCode[] = [
  'TOKEN_MISSING',
  'TOKEN_REJECTED',
  'SUBSCRIPTION_INACTIVE',
  'RATE_LIMITED',
  'UPSTREAM_ERROR',
  'UPSTREAM_UNAVAILABLE',
  'TIMEOUT',
  'NETWORK',
  'MALFORMED_RESPONSE',
  'NOT_FOUND',
];

export function exitCodeFor(code: ErrorCode): number {
  if (code === 'INVALID_INPUT' || code === 'UNKNOWN_METHOD') return 2;
  return SERVICE_CODES.includes(code) ? 3 : 1;
}

export function formatError(error: ErrorInfo, json: boolean): string {
  return json ? `${JSON.stringify({ error })}\n` : `error ${error.code}: ${error.message}\n`;
}
