import { describe, expect, it } from 'vitest';
import { GO_PREFIX_MS, globalShortcutFor, type GlobalKeyInput } from '../../../src/renderer/src/components/ShortcutKeys';

const key = (k: string, mods: Partial<GlobalKeyInput> = {}): GlobalKeyInput => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('global shortcuts', () => {
  it('open the overview with ? and switch views with g then a letter, within the time window', () => {
    expect(globalShortcutFor(key('?'), false, false, null, 0)).toEqual({ type: 'overview' });
    expect(globalShortcutFor(key('?'), false, true, null, 0)).toEqual({ type: 'close-overview' });
    expect(globalShortcutFor(key('Escape'), true, true, null, 0)).toEqual({ type: 'close-overview' });
    expect(globalShortcutFor(key('g'), false, false, null, 0)).toEqual({ type: 'arm-go' });
    expect(globalShortcutFor(key('c'), false, false, 1000, 1000 + GO_PREFIX_MS)).toEqual({ type: 'go', view: 'collections' });
    expect(globalShortcutFor(key('c'), false, false, 1000, 1001 + GO_PREFIX_MS)).toBeNull();
    expect(globalShortcutFor(key('c'), false, false, null, 0)).toBeNull();
  });

  it('do nothing while typing or with a modifier held', () => {
    expect(globalShortcutFor(key('?'), true, false, null, 0)).toBeNull();
    expect(globalShortcutFor(key('a'), true, false, 0, 10)).toBeNull();
    expect(globalShortcutFor(key('g', { ctrlKey: true }), false, false, null, 0)).toBeNull();
    expect(globalShortcutFor(key('Escape'), false, false, null, 0)).toBeNull();
  });
});
