import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import type { ServedGleaner } from './fixtures';

/** Calls a bridge method over HTTP, as the browser-mode page does, with the serve secret. */
export async function rpc<T = unknown>(gleaner: ServedGleaner, method: string, input: unknown = {}): Promise<T> {
  const context = await playwrightRequest.newContext();
  try {
    const response = await context.post(`${gleaner.origin}/rpc/${method}`, {
      headers: { authorization: `Bearer ${gleaner.secret}` },
      data: input,
    });
    const envelope = (await response.json()) as { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
    if (!envelope.ok) throw new Error(`${method} failed: ${envelope.error.code} ${envelope.error.message}`);
    return envelope.value;
  } finally {
    await context.dispose();
  }
}

/**
 * A fresh link for one more browser, as a user asks a running `gleaner serve` for one: the printed
 * link opens one browser only, and each test's page is a browser of its own.
 */
export async function browserLink(gleaner: ServedGleaner): Promise<string> {
  const context = await playwrightRequest.newContext();
  try {
    const response = await context.post(`${gleaner.origin}/browser-link`, { headers: { authorization: `Bearer ${gleaner.secret}` } });
    if (response.status() !== 201) throw new Error(`/browser-link answered ${response.status()}: ${await response.text()}`);
    return ((await response.json()) as { url: string }).url;
  } finally {
    await context.dispose();
  }
}

interface CallResult {
  state: string;
  error: { code: string; message: string } | null;
  itemIds: number[];
  requestId: string;
}

/** Fetches one operation through Gleaner's queue (against its built-in demo service). */
export async function fetchInto(gleaner: ServedGleaner, operation: string, params: Record<string, string>): Promise<CallResult> {
  const result = await rpc<CallResult>(gleaner, 'service.call', { operation, params });
  if (result.state !== 'done') throw new Error(`${operation} ended ${result.state}: ${result.error?.message ?? ''}`);
  return result;
}

/**
 * A small library, in four requests (the Starter plan allows 30 a minute):
 * video-site search results (one of the "city" results carries a hostile title), a transcript,
 * and a page of short messages (some carry hostile markup in their text).
 */
export async function seedLibrary(gleaner: ServedGleaner): Promise<void> {
  await fetchInto(gleaner, 'videosite/search', { query: 'flood' });
  await fetchInto(gleaner, 'videosite/search', { query: 'city' });
  await fetchInto(gleaner, 'videosite/transcript', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', language: 'en' });
  await fetchInto(gleaner, 'tweetsite/user/tweets', { handle: 'user0' });
}

/**
 * Writes items into a data folder with the real ingest (test/reliability/seed-library.ts), for
 * `startServe({ seedDataDir })`: content the demo service cannot serve, or more of it than it would.
 * Each item is a partial normalised item with at least a nativeId; each transcript answer, the
 * normalised transcripts one transcript response brought (stored in order, the last newest).
 */
export function seedItems(
  dataDir: string,
  items: readonly Record<string, unknown>[],
  transcriptAnswers: readonly Record<string, unknown>[][] = [],
): void {
  const itemsFile = join(dataDir, 'seed-items.json');
  writeFileSync(itemsFile, JSON.stringify({ items, transcriptAnswers }));
  // In a process of its own: this project does not compile the core.
  execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'reliability', 'seed-library.ts'), dataDir, itemsFile], {
    cwd: join(__dirname, '..', '..'),
    stdio: 'inherit',
  });
}

/**
 * `count` short messages for `seedItems`, every third about the harbour ("Harbour report number
 * N"), the others "City council minute N": a long library a search can tell apart.
 */
export function harbourPosts(
  count: number,
  options: { nativePrefix: string; firstStatus: number; title?: (i: number) => string | null },
): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    nativeId: `${options.nativePrefix}${i}`,
    platform: 'tweetsite',
    kind: 'tweet',
    url: `https://x.com/desk/status/${options.firstStatus + i}`,
    title: options.title ? options.title(i) : null,
    text: i % 3 === 0 ? `Harbour report number ${i}` : `City council minute ${i}`,
  }));
}

/**
 * Types a search into the Library and waits until the list shows the results of exactly this
 * search (not those of the search before it, still on screen for a moment); the list.
 */
export async function searchLibrary(page: Page, text: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search the library' }).fill(text);
  const results = page.getByRole('listbox', { name: 'Results' });
  const escaped = text.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(results).toHaveAttribute('data-results-for', new RegExp(`^${escaped}\\*?$`));
  return results;
}
