import { describe, expect, it } from 'vitest';
import type { BrowserWindow, MessageBoxOptions } from 'electron';
import { createTokenOriginDialog, type MessageBoxLike } from '../../../src/main/electron/token-dialog';

function fakeDialog(response: number) {
  const shown: { parent: unknown; options: MessageBoxOptions }[] = [];
  const dialog = {
    showMessageBox: async (parentOrOptions: unknown, maybeOptions?: MessageBoxOptions) => {
      const options = (maybeOptions ?? parentOrOptions) as MessageBoxOptions;
      shown.push({ parent: maybeOptions ? parentOrOptions : null, options });
      return { response, checkboxChecked: false };
    },
  } as unknown as MessageBoxLike;
  return { dialog, shown };
}

const window = { id: 1 } as unknown as BrowserWindow;

describe('the desktop app asks in a system dialog before the token goes to a new address', () => {
  it('allows only on the button that names the address; keeping it is the default and Escape', async () => {
    const { dialog, shown } = fakeDialog(1);
    const confirm = createTokenOriginDialog(
      () => dialog,
      () => window,
    );
    expect(await confirm({ origin: 'https://collector.example.net', savedFor: 'https://api.example.com' })).toEqual({ kind: 'allowed' });
    const { parent, options } = shown[0]!;
    expect(parent).toBe(window);
    expect(options.message).toBe('Send your API token to https://collector.example.net?');
    expect(options.detail).toContain('saved for https://api.example.com');
    expect(options.buttons).toEqual(['Keep it where it is', 'Send it to https://collector.example.net']);
    expect(options.defaultId).toBe(0);
    expect(options.cancelId).toBe(0);
  });

  it('declines when the person keeps it, or closes the dialog', async () => {
    const { dialog } = fakeDialog(0);
    expect(
      await createTokenOriginDialog(
        () => dialog,
        () => null,
      )({ origin: 'https://collector.example.net', savedFor: null }),
    ).toEqual({ kind: 'declined' });
  });

  it('ignores a code sent by the page: only the dialog’s answer counts', async () => {
    const { dialog, shown } = fakeDialog(0);
    expect(
      await createTokenOriginDialog(
        () => dialog,
        () => window,
      )({ origin: 'https://collector.example.net', savedFor: null, code: '123456' }),
    ).toEqual({ kind: 'declined' });
    expect(shown).toHaveLength(1);
  });
});
