/**
 * A saved token belongs to the address it was saved for. Gleaner sends it only to that origin
 * (scheme, host and port of the base URL): a base URL changed afterwards, by a typo
 * (api.exmaple.com), a pasted instruction or a colleague's settings, gets no token until the
 * user allows it there, by name, or saves a token for it. A token taken from GLEANER_TOKEN is
 * given for the run that uses it and is not bound.
 *
 * The origin is kept with the token, in the same keychain entry (`<token> <origin>`: a token
 * has no whitespace), so that it follows the token into every library on the machine. An entry
 * with no origin (saved by an older Gleaner, or while the demo service was in use) is bound to
 * the first real address it is sent to.
 */
import { GleanerError } from '../../../shared/errors';
import { DEMO_BASE_URL } from '../settings/service-settings';

export interface StoredToken {
  token: string;
  /** The origin the token may be sent to; null when not bound yet. */
  origin: string | null;
}

/** The origin requests go to under this base URL; null for the built-in demo service. */
export function serviceOrigin(baseUrl: string): string | null {
  if (baseUrl === DEMO_BASE_URL) return null;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}

/** The keychain entry for a token bound to `origin` (or unbound, with null). */
export function storedTokenValue(token: string, origin: string | null): string {
  return origin === null ? token : `${token} ${origin}`;
}

/** Reads a keychain entry: a token alone, or a token and the origin it is bound to. */
export function readStoredToken(value: string): StoredToken {
  const space = value.indexOf(' ');
  if (space > 0) {
    const origin = value.slice(space + 1);
    if (serviceOrigin(origin) === origin) return { token: value.slice(0, space), origin };
  }
  return { token: value, origin: null };
}

/** The refusal to send a token to an origin it was not saved for: names both, and both ways out. */
export function tokenElsewhereError(savedFor: string, requestsGoTo: string): GleanerError {
  return new GleanerError(
    'TOKEN_ELSEWHERE',
    `Your API token was saved for ${savedFor}, but the base URL now points at ${requestsGoTo}, so Gleaner has not sent it there. ` +
      `If ${requestsGoTo} is your retrieval service, allow the token there (Settings → Token, or \`gleaner token allow ${requestsGoTo}\`) or save a token for it; ` +
      'if not, set the base URL back.',
  );
}
