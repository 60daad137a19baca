import { describe, expect, it } from 'vitest';
import { desktopBlocker, desktopEnvironment } from '../../scripts/desktop-check.mjs';

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

  it('hands `--data-dir` to the desktop app as GLEANER_DATA_DIR, resolved from where npm runs', () => {
    expect(desktopEnvironment(['--data-dir', 'cases/harbour'], { HOME: '/home/r' }, '/work')).toEqual({
      HOME: '/home/r',
      GLEANER_DATA_DIR: '/work/cases/harbour',
    });
    expect(desktopEnvironment(['--no-open', '--data-dir=/srv/lib'], {}, '/work')).toEqual({ GLEANER_DATA_DIR: '/srv/lib' });
    // Without the option, the environment's own choice (or none) stands.
    expect(desktopEnvironment(['--port', '4000'], { GLEANER_DATA_DIR: '/x' }, '/work')).toEqual({ GLEANER_DATA_DIR: '/x' });
    expect(desktopEnvironment(['--data-dir'], {}, '/work')).toEqual({});
  });
});
