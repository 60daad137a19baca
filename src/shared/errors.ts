/**
 * Errors are values with a code and a sentence a user can act on. They cross every
 * boundary (IPC, HTTP, CLI) as `{ code, message }`, never as thrown stack traces.
 */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'UNKNOWN_METHOD',
  'FORBIDDEN',
  'NOT_FOUND',
  'TOKEN_MISSING',
  'TOKEN_REJECTED',
  /** A saved token is not sent to an address it was not saved for (the base URL changed since). */
  'TOKEN_ELSEWHERE',
  'SUBSCRIPTION_INACTIVE',
  'RATE_LIMITED',
  'UPSTREAM_ERROR',
  'UPSTREAM_UNAVAILABLE',
  'TIMEOUT',
  'NETWORK',
  'MALFORMED_RESPONSE',
  'SECRET_STORE_UNAVAILABLE',
  'DATABASE_TOO_NEW',
  'STORAGE_ERROR',
  'CANCELLED',
  'BUDGET_EXCEEDED',
  /** What the user changed was changed elsewhere meanwhile (a note saved in another window): nothing was overwritten. */
  'CONFLICT',
  /** The team hub (PostgreSQL) cannot be reached: the desk works on alone and says so. */
  'HUB_UNREACHABLE',
  /** The team hub answered but refused: wrong password, missing privilege, a certificate that does not verify. */
  'HUB_REFUSED',
  /** A case bundle does not verify (a hash, the signature, the timestamp, the custody chain, an item): named in the report. */
  'BUNDLE_INVALID',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
}

/** Facts a caller may act on (the queue reads retryAfterMs); never shown as text. */
export interface ErrorDetails {
  /** The service's HTTP status, when the service answered with this error. */
  status?: number;
  /** The wait the service asked for (Retry-After), bounded; absent when none was sent or it was not gone by. */
  retryAfterMs?: number;
  /** The sentence saying how a Retry-After was shortened or why it was not gone by; the queue's wait message quotes it. */
  retryAfterNote?: string;
  /** The error is what the service answered (or the way to it failed), though its status is not at hand. */
  fromService?: boolean;
  /** Sending the same request again would meet the same answer: the queue does not retry it. */
  final?: boolean;
  /** The request never left Gleaner (no token, a locked keychain): it used none of the budget. */
  notSent?: boolean;
  /** The `meta.request_id` the service's error answer carried: the answer a watch cites. */
  requestId?: string;
  /** The service's own reason, on one line, as the message quotes it. */
  serviceWords?: string;
}

export class GleanerError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: ErrorDetails }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GleanerError';
    this.code = code;
    this.details = options?.details ?? {};
  }

  toInfo(): ErrorInfo {
    return { code: this.code, message: this.message };
  }
}

export const isGleanerError = (value: unknown): value is GleanerError => value instanceof GleanerError;

/** The envelope every bridge call answers with, on every transport. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** The same error, marked as failing before anything was sent (ErrorDetails.notSent); other values unchanged. */
export function markNotSent(error: unknown): unknown {
  if (!isGleanerError(error)) return error;
  return new GleanerError(error.code, error.message, { cause: error.cause, details: { ...error.details, notSent: true } });
}
