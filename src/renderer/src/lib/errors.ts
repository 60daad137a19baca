/** Turns anything thrown by a bridge call into a sentence a journalist can act on. */
import { GleanerError } from '../../../shared/errors';

const FALLBACK: Partial<Record<GleanerError['code'], string>> = {
  NETWORK: 'Gleaner’s background process is not answering. Try again in a moment.',
  INTERNAL: 'Something went wrong inside Gleaner. Try again; if it keeps happening, restart Gleaner.',
};

export function errorText(error: unknown, doing?: string): string {
  const prefix = doing ? `Could not ${doing}. ` : '';
  if (error instanceof GleanerError) {
    const message = error.message.trim() || FALLBACK[error.code] || 'Something went wrong.';
    return `${prefix}${message}`;
  }
  if (error instanceof Error && error.message) return `${prefix}${error.message}`;
  return `${prefix}Something went wrong. Try again.`;
}
