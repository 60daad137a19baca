/**
 * Allowing the token at a new address is the one step a page must not be able to take on its
 * own: a script running in the window could point the base URL at its own server and then
 * allow the token there. So the host asks the person at the machine through a channel the page
 * cannot reach or forge: a system dialog in the desktop app; in browser mode, a one-time code
 * printed in the terminal that runs Gleaner. The CLI's `gleaner token allow ORIGIN` is itself
 * typed in a terminal and needs no more.
 */
import { GleanerError } from '../../../shared/errors';

export interface TokenOriginQuestion {
  /** Where the token would go from now on. */
  origin: string;
  /** Where it may go now (null: not bound to any address yet). */
  savedFor: string | null;
  /** The code the person typed, in browser mode. */
  code?: string;
}

export type TokenOriginAnswer = { kind: 'allowed' } | { kind: 'declined' } | { kind: 'code-needed'; where: string };

export type ConfirmTokenOrigin = (question: TokenOriginQuestion) => Promise<TokenOriginAnswer>;

/** A host that cannot ask outside the window: the bridge refuses, and names the terminal step. */
export const confirmOnlyFromTerminal: ConfirmTokenOrigin = ({ origin }) =>
  Promise.reject(
    new GleanerError(
      'FORBIDDEN',
      `This window cannot allow the token at a new address on its own. In a terminal, run: gleaner token allow ${origin}`,
    ),
  );
