/** Pasted links outlive a reload or a restart, per library, until the box is emptied. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedStorage } from './fake-storage';

vi.mock('../../src/renderer/src/transport', () => ({
  bridge: { call: () => Promise.reject(new Error('no bridge here')), subscribe: () => () => {} },
}));

const libraryPath = '/home/reporter/.config/Gleaner/gleaner.sqlite3';
const LINKS = 'https://www.youtube.com/watch?v=abcdefghijk\nhttps://x.com/desk/status/1790000000000000000';

/** A fresh copy of the stores, as a new window loads them. */
async function newWindow() {
  vi.resetModules();
  const keeper = await import('../../src/renderer/src/stores/paste-keeper');
  const { usePasteStore } = await import('../../src/renderer/src/stores/paste-store');
  return { ...keeper, paste: usePasteStore };
}

let stored: ReturnType<typeof sharedStorage>;
let pageHide: EventTarget;

beforeEach(() => {
  vi.useFakeTimers();
  stored = sharedStorage();
  pageHide = new EventTarget();
  vi.stubGlobal('localStorage', stored);
  vi.stubGlobal('window', pageHide);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the paste keeper', () => {
  it('keeps the links and their options once typing pauses, and gives them back after a restart, to this library only', async () => {
    const before = await newWindow();
    before.keepPasteFor(libraryPath);
    before.paste.getState().setText(LINKS);
    before.paste.getState().setOption('transcripts', true);
    expect(stored.entries.size).toBe(0);
    vi.advanceTimersByTime(400);
    expect(stored.entries.size).toBe(1);

    const after = await newWindow();
    expect(after.paste.getState().text).toBe('');
    after.keepPasteFor('/elsewhere/gleaner.sqlite3');
    expect(after.paste.getState().text).toBe('');
    after.keepPasteFor(libraryPath);
    expect(after.paste.getState()).toMatchObject({ text: LINKS, options: { transcripts: true, refresh: false } });
  });

  it('writes what is waiting when the page goes away, before the pause is over', async () => {
    const before = await newWindow();
    before.keepPasteFor(libraryPath);
    before.paste.getState().setText(LINKS);
    pageHide.dispatchEvent(new Event('pagehide'));
    const after = await newWindow();
    after.keepPasteFor(libraryPath);
    expect(after.paste.getState().text).toBe(LINKS);
  });

  it('forgets the links once the box is emptied', async () => {
    const before = await newWindow();
    before.keepPasteFor(libraryPath);
    before.paste.getState().setText(LINKS);
    vi.advanceTimersByTime(400);
    before.paste.getState().setText('  \n');
    vi.advanceTimersByTime(400);
    expect(stored.entries.size).toBe(0);
  });

  it('does not replace links already in the box when the library becomes known', async () => {
    const before = await newWindow();
    before.keepPasteFor(libraryPath);
    before.paste.getState().setText(LINKS);
    vi.advanceTimersByTime(400);
    const after = await newWindow();
    after.paste.getState().prefill(['https://www.youtube.com/watch?v=zyxwvutsrqp'], { transcripts: true, refresh: false });
    after.keepPasteFor(libraryPath);
    expect(after.paste.getState().text).toBe('https://www.youtube.com/watch?v=zyxwvutsrqp');
  });

  it('leaves no older links to come back when storage refuses the newer ones', async () => {
    const before = await newWindow();
    before.keepPasteFor(libraryPath);
    before.paste.getState().setText(LINKS);
    vi.advanceTimersByTime(400);
    stored.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    before.paste.getState().setText(`${LINKS}\n${'https://www.youtube.com/watch?v=abcdefghijk\n'.repeat(3)}`);
    vi.advanceTimersByTime(400);
    expect(stored.entries.size).toBe(0);
  });

  it('does not keep a paste too long for the storage the app shares', async () => {
    const before = await newWindow();
    before.keepPasteFor(libraryPath);
    before.paste.getState().setText(LINKS);
    vi.advanceTimersByTime(400);
    before.paste.getState().setText(`${LINKS}\n`.repeat(Math.ceil(1_000_001 / (LINKS.length + 1))));
    vi.advanceTimersByTime(400);
    expect(stored.entries.size).toBe(0);
  });

  it('ignores an entry it cannot read', async () => {
    stored.setItem(`gleaner.paste:${JSON.stringify(libraryPath)}`, '{"text": 42');
    const after = await newWindow();
    after.keepPasteFor(libraryPath);
    expect(after.paste.getState().text).toBe('');
  });
});
