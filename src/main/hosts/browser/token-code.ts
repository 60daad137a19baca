/**
 * Browser mode's way to confirm that the token may go to a new address. The page cannot be
 * trusted with that step (any script in it can call the bridge), but the terminal that runs
 * `gleaner serve` can: the first request prints a one-time code there, and only a second
 * request carrying that code allows the token. A page's script cannot read the terminal.
 *
 * A code is bound to the address it was printed for, works once, expires, and survives only a
 * few wrong guesses; the run issues only so many codes. Guessing six digits within those limits
 * succeeds about once in 67,000 runs, and every try prints a line in the terminal.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { GleanerError } from '../../../shared/errors';
import type { ConfirmTokenOrigin } from '../../core';

export const CODE_LIFETIME_MS = 5 * 60_000;
export const TRIES_PER_CODE = 3;
export const CODES_PER_RUN = 5;
const WHERE = 'the terminal that runs Gleaner';

interface Pending {
  origin: string;
  code: string;
  expiresAt: number;
  triesLeft: number;
}

export interface TerminalCodeOptions {
  /** Writes a message to the terminal (stderr, so that `--json` output stays clean). */
  tell(text: string): void;
  now(): number;
  /** Six random digits; tests pass their own. */
  newCode?: () => string;
}

export function createTerminalCodeConfirmation({
  tell,
  now,
  newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0'),
}: TerminalCodeOptions): ConfirmTokenOrigin {
  let pending: Pending | null = null;
  let issued = 0;

  const issue = (origin: string, savedFor: string | null) => {
    if (issued >= CODES_PER_RUN) {
      throw new GleanerError('FORBIDDEN', `Too many codes were asked for in this run. In a terminal, run: gleaner token allow ${origin}`);
    }
    issued += 1;
    pending = { origin, code: newCode(), expiresAt: now() + CODE_LIFETIME_MS, triesLeft: TRIES_PER_CODE };
    tell(
      `\nThe Gleaner page asks to send your API token to ${origin}` +
        `${savedFor ? ` (it was saved for ${savedFor})` : ''}.\n` +
        `If that is your retrieval service, type this code in the page: ${pending.code}\n` +
        `It works once, for ${CODE_LIFETIME_MS / 60_000} minutes. If you did not ask for this, ignore it, and check the base URL in Settings.\n\n`,
    );
    return { kind: 'code-needed' as const, where: WHERE };
  };

  return async ({ origin, savedFor, code }) => {
    const live = pending !== null && pending.origin === origin && pending.expiresAt > now() ? pending : null;
    if (code === undefined) return issue(origin, savedFor);
    if (live === null) {
      pending = null;
      throw new GleanerError(
        'INVALID_INPUT',
        `No code for ${origin} is waiting (it was used, expired, or was for another address). Ask for a new one.`,
      );
    }
    if (code.length === live.code.length && timingSafeEqual(Buffer.from(code), Buffer.from(live.code))) {
      pending = null;
      tell(`The page gave the right code: your API token may now go to ${origin}.\n`);
      return { kind: 'allowed' };
    }
    live.triesLeft -= 1;
    if (live.triesLeft === 0) {
      pending = null;
      tell(`A wrong code was typed ${TRIES_PER_CODE} times for ${origin}; that code no longer works.\n`);
      throw new GleanerError('INVALID_INPUT', `That is not the code in ${WHERE}, and it no longer works. Ask for a new one.`);
    }
    throw new GleanerError(
      'INVALID_INPUT',
      `That is not the code in ${WHERE}. ${live.triesLeft} ${live.triesLeft === 1 ? 'try is' : 'tries are'} left.`,
    );
  };
}
