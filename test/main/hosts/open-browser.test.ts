import type { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openInBrowser } from '../../../src/main/hosts/open-browser';

afterEach(() => {
  delete process.env.GLEANER_TOKEN;
});

describe('openInBrowser', () => {
  it('starts the system opener without GLEANER_TOKEN in its environment', () => {
    process.env.GLEANER_TOKEN = 'tok_never_for_the_browser_123';
    const child = { on: vi.fn(), unref: vi.fn() };
    const run = vi.fn(() => child);
    openInBrowser('file:///tmp/gleaner-open-x/open.html', 'linux', run as unknown as typeof spawn);
    expect(run).toHaveBeenCalledTimes(1);
    const [command, args, options] = run.mock.calls[0] as unknown as [string, string[], { env: Record<string, string | undefined> }];
    expect([command, args]).toEqual(['xdg-open', ['file:///tmp/gleaner-open-x/open.html']]);
    expect(options.env).not.toHaveProperty('GLEANER_TOKEN');
    expect(options.env.PATH).toBe(process.env.PATH);
    expect(child.unref).toHaveBeenCalled();
  });

  it('shrugs off a machine with no opener', () => {
    const run = vi.fn(() => {
      throw new Error('ENOENT');
    });
    expect(() => openInBrowser('http://127.0.0.1:1/', 'linux', run as unknown as typeof spawn)).not.toThrow();
  });
});
