import type { ErrorCode, ErrorDetails, ErrorInfo } from '../../../shared/errors';

/** Everything the CLI touches of its process, injected so commands can be tested in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  stdin: NodeJS.ReadableStream;
  env: Record<string, string | undefined>;
  /** Resolves when the user asks a long-running command (serve) to stop. */
  waitForShutdown(): Promise<void>;
  /**
   * Calls `handler` on the next Ctrl+C (once) instead of ending the process, until the returned
   * function is called; a second Ctrl+C ends the process as usual. Absent: Ctrl+C is not caught.
   */
  onInterrupt?(handler: () => void): () => void;
  /** Opens a link in the user's browser (serve); absent, the system's opener is used. */
  openBrowser?(url: string): void;
}

/** shared/CLI.md: 2 for invalid input, 3 for service/auth errors, 1 otherwise. */
const SERVICE_CODES: readonly ErrorCode[] = [
  'TOKEN_MISSING',
  'TOKEN_REJECTED',
  'TOKEN_ELSEWHERE',
  'SUBSCRIPTION_INACTIVE',
  'RATE_LIMITED',
  'UPSTREAM_ERROR',
  'UPSTREAM_UNAVAILABLE',
  'TIMEOUT',
  'NETWORK',
  'MALFORMED_RESPONSE',
];

/**
 * NOT_FOUND is a service error when the service said it (a 404), and a plain failure (1) when
 * the library has no such item or collection.
 */
export function exitCodeFor(code: ErrorCode, fromService = false): number {
  if (code === 'INVALID_INPUT' || code === 'UNKNOWN_METHOD') return 2;
  if (code === 'NOT_FOUND') return fromService ? 3 : 1;
  return SERVICE_CODES.includes(code) ? 3 : 1;
}

/** Whether an error is the service's answer: it carries the HTTP status, or says so. */
export const isServiceAnswer = (details: ErrorDetails): boolean => details.status !== undefined || details.fromService === true;

/** One line, always: a message carrying the service's words must not start a line of its own. */
export function formatError(error: ErrorInfo, json: boolean): string {
  return json ? `${JSON.stringify({ error })}\n` : `error ${error.code}: ${error.message.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')}\n`;
}
