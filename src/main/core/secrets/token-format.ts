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

/**
 * Returns the token trimmed of surrounding whitespace (and of a byte-order mark a text editor
 * may have put in front), or throws GleanerError('INVALID_INPUT').
 */
export function validateToken(raw: string): string {
  const token = raw.replace(/^\uFEFF/, '').trim();
  if (token === '') throw invalid('The token is empty.');
  if (/^(authorization:\s*)?bearer\s/i.test(token)) {
    throw invalid('Give only the token itself, without “Bearer ” or an Authorization header in front of it.');
  }
  if (/\s/.test(token)) {
    throw invalid(
      'The token contains whitespace or a line break inside it; a token is one unbroken string (check that only the token was given).',
    );
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw invalid('The token contains a character that is not printable ASCII; copy it again from the service’s account page.');
  }
  if (token.length < TOKEN_MIN_LENGTH) {
    throw invalid(`The token is too short: tokens have at least ${TOKEN_MIN_LENGTH} characters (check that all of it was copied).`);
  }
  if (token.length > TOKEN_MAX_LENGTH) {
    throw invalid(`The token is too long: tokens have at most ${TOKEN_MAX_LENGTH} characters (check that only the token was given).`);
  }
  return token;
}
