import { describe, expect, it } from 'vitest';
import { desktopBlocker } from '../../scripts/desktop-check.mjs';

describe('npm start: desktop or browser mode', () => {
  it('falls back when the Electron binary is missing', () => {
    expect(desktopBlocker({ electronPath: null, platform: 'linux', env: { DISPLAY: ':0' } })).toBe('the Electron binary is not installed');
  });

  it('falls back on Linux without a display', () => {
    expect(desktopBlocker({ electronPath: '/e', platform: 'linux', env: {} })).toBe('there is no display');
  });

  it('opens the desktop app when both are there', () => {
    expect(desktopBlocker({ electronPath: '/e', platform: 'linux', env: { WAYLAND_DISPLAY: 'wayland-0' } })).toBeNull();
    expect(desktopBlocker({ electronPath: '/e', platform: 'darwin', env: {} })).toBeNull();
  });
});
