/**
 * The desktop app's confirmation before the token goes to a new address: a system dialog shown
 * by the main process. The page can ask for it but cannot answer it, so a script in the window
 * that pointed the base URL at its own server still cannot get the token sent there.
 */
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron';
import type { ConfirmTokenOrigin } from '../core';

export type MessageBoxLike = Pick<Dialog, 'showMessageBox'>;

const KEEP = 0;
const SEND = 1;

export function createTokenOriginDialog(getDialog: () => MessageBoxLike, window: () => BrowserWindow | null): ConfirmTokenOrigin {
  return async ({ origin, savedFor }) => {
    const options: MessageBoxOptions = {
      type: 'warning',
      title: 'Send your API token to a new address?',
      message: `Send your API token to ${origin}?`,
      detail:
        `${savedFor ? `Your token was saved for ${savedFor}. ` : ''}` +
        `From now on Gleaner would send it with every request to ${origin}. ` +
        'Do this only if that is your team’s retrieval service: a look-alike address would receive the token, and could spend your team’s quota.',
      buttons: ['Keep it where it is', `Send it to ${origin}`],
      defaultId: KEEP,
      cancelId: KEEP,
      noLink: true,
    };
    const parent = window();
    const { response } = parent ? await getDialog().showMessageBox(parent, options) : await getDialog().showMessageBox(options);
    return response === SEND ? { kind: 'allowed' } : { kind: 'declined' };
  };
}
