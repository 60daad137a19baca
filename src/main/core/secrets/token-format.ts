/**
 * What a retrieval-service token may look like, checked before it is stored. The checks are
 * deliberately loose about the alphabet (the interface does not fix one) and strict about
 * what would certainly break a bearer header. Messages never echo any part of the token,
 * nor its length: only which rule it broke.
 */
import { GleanerError } from '../../../shared/errors';

export const TOKEN_MIN_LENGTH = 8;
export const TOKEN_MAX_LENGTH = 4096;

const invalid = (sentence: string): GleanerError => new GleanerError('INVALID_INPUT', `${sentence} Nothing was saved.`);

/** The token trimmed of surrounding whitespace (and of a byte-order mark a text editor may have put in front). */
const trimToken = (raw: string): string => raw.replace(/^\uFEFF/, '').trim();

/** The rule a (trimmed) token breaks, as a sentence about "the token", or null when it may be one. */
export function tokenProblem(raw: string): string | null {
  const token = trimToken(raw);
  if (token === '') return 'The token is empty.';
  if (/^(authorization:\s*)?bearer\s/i.test(token)) {
    return 'Give only the token itself, without “Bearer ” or an Authorization header in front of it.';
  }
  if (/\s/.test(token)) {
    return 'The token contains whitespace or a line break inside it; a token is one unbroken string (check that only the token was given).';
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    return 'The token contains a character that is not printable ASCII; copy it again from the service’s account page.';
  }
  if (token.length < TOKEN_MIN_LENGTH) {
    return `The token is too short: tokens have at least ${TOKEN_MIN_LENGTH} characters (check that all of it was copied).`;
  }
  if (token.length > TOKEN_MAX_LENGTH) {
    return `The token is too long: tokens have at most ${TOKEN_MAX_LENGTH} characters (check that only the token was given).`;
  }
  return null;
}

/** Returns the token trimmed, or throws GleanerError('INVALID_INPUT') naming the rule it breaks. */
export function validateToken(raw: string): string {
  const problem = tokenProblem(raw);
  if (problem !== null) throw invalid(problem);
  return trimToken(raw);
}
