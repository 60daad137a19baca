/**
 * The Library view in Debian's Chromium against `gleaner serve` over a library of N items
 * (100,000 by default): cold start of the host to the first rendered page, time from a
 * keystroke in the search box to the frame that shows its results, and frames dropped while
 * the result list scrolls.
 *
 * Keystrokes: each of the common terms of the library benchmark is typed one letter at a time
 * ("fl*", "flo*", …: the queries the view sends while a word is typed; one letter alone is not
 * searched yet); after
 * each key the page reports the start of the first animation frame in which the result count
 * answers that prefix, minus the key event's time stamp.
 *
 * Scrolling: the list is scrolled by a fixed step on every animation frame for a few seconds;
 * a frame interval longer than 1.5 × the display's frame time counts the frames it skipped.
 *
 * A long collection: every item of the library in one collection, opened from the Collections
 * view; from the click to the first animation frame that shows its rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { queryForTyped } from '../src/shared/typed-query';
import { buildLibrary, collectEverything } from './fixture-library';
import { COMMON_TERMS } from './library';
import { figure, percentile, type BenchmarkResult } from './report';
import { launchChromium, startServe } from './serve';

const COLD_STARTS = 5;
const SCROLL_FRAMES = 300;
const SCROLL_STEP_PX = 120;
const COLLECTION_OPENS = 5;
const LONG_COLLECTION = 'Everything';

declare global {
  interface Window {
    __benchKeyAt?: number;
  }
}

export async function openLibrary(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/library`);
  await page.waitForSelector('[data-testid="status-info"]');
  await page
    .waitForSelector('.result-list [role="option"], .result-list [role="row"], .result-list li', { timeout: 60_000 })
    .catch(() => undefined);
}

export async function keystrokeLatencies(page: Page, log: (line: string) => void): Promise<number[]> {
  await page.evaluate(() => {
    document.addEventListener('keydown', (event) => (window.__benchKeyAt = event.timeStamp), true);
  });
  const box = page.locator('#library-search-input');
  const times: number[] = [];
  for (const term of COMMON_TERMS) {
    await box.fill('');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="result-count"]')?.dataset.query === '');
    for (let length = 1; length <= term.length; length += 1) {
      // What the view sends while a word is typed (src/shared/typed-query.ts); a first letter alone waits for the second.
      const expected = queryForTyped(term.slice(0, length));
      await box.press(term[length - 1]!);
      if (!expected.ok) {
        if (!expected.waiting) throw new Error(expected.message);
        continue;
      }
      const latency = await page.evaluate(
        (query) =>
          new Promise<number>((resolve) => {
            const check = (frameStart: number): void => {
              const count = document.querySelector<HTMLElement>('[data-testid="result-count"]');
              if (count?.dataset.query === query && count.getAttribute('aria-busy') !== 'true')
                resolve(frameStart - (window.__benchKeyAt ?? frameStart));
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
        expected.query,
      );
      times.push(latency);
    }
    log(
      `  typed "${term}": ${times
        .slice(-(term.length - 1))
        .map((t) => t.toFixed(0))
        .join(', ')} ms`,
    );
  }
  return times;
}

async function scrollFrames(page: Page): Promise<{ frames: number; dropped: number; frameMs: number }> {
  await page.locator('#library-search-input').fill('');
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="result-count"]')?.dataset.query === '');
  return page.evaluate(
    ({ frames, step }) =>
      new Promise<{ frames: number; dropped: number; frameMs: number }>((resolve) => {
        const list = document.querySelector<HTMLElement>('.result-list')!;
        const stamps: number[] = [];
        const tick = (time: number): void => {
          stamps.push(time);
          list.scrollTop += step;
          if (stamps.length < frames) requestAnimationFrame(tick);
          else {
            const intervals = stamps.slice(1).map((t, i) => t - stamps[i]!);
            const sorted = [...intervals].sort((a, b) => a - b);
            const frameMs = sorted[Math.floor(sorted.length / 2)]!;
            const dropped = intervals.reduce(
              (sum, interval) => sum + (interval > frameMs * 1.5 ? Math.round(interval / frameMs) - 1 : 0),
              0,
            );
            resolve({ frames: intervals.length, dropped, frameMs });
          }
        };
        requestAnimationFrame(tick);
      }),
    { frames: SCROLL_FRAMES, step: SCROLL_STEP_PX },
  );
}

/** Click on the long collection's name to the first frame that draws its rows, once per fresh page load. */
export async function collectionOpenTimes(page: Page, url: string, name = LONG_COLLECTION): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < COLLECTION_OPENS; run += 1) {
    await page.goto(`${url}#/collections`);
    const open = page.getByRole('list', { name: 'Your collections' }).getByRole('button', { name: new RegExp(name) });
    await open.waitFor();
    await open.evaluate((button) => {
      button.addEventListener('click', (event) => (window.__benchKeyAt = event.timeStamp), { capture: true, once: true });
    });
    await open.click();
    times.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const check = (frameStart: number): void => {
              if (document.querySelector('[data-testid="collection-item"]')) resolve(frameStart - (window.__benchKeyAt ?? frameStart));
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
      ),
    );
  }
  return times;
}

export async function runBrowserBenchmark(items: number, log: (line: string) => void): Promise<BenchmarkResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-bench-ui-'));
  const browser = await launchChromium();
  try {
    log(`building a library of ${items} items`);
    buildLibrary(dataDir, items, log);
    log(`a collection of all ${collectEverything(dataDir, LONG_COLLECTION)} items`);

    // Cold start: a new host process each time, to the Library rendered in a new page.
    const coldStarts: number[] = [];
    for (let run = 0; run < COLD_STARTS; run += 1) {
      const page = await browser.newPage();
      const started = performance.now();
      const served = await startServe(dataDir);
      try {
        await page.goto(`${served.url}#/library`);
        await page.waitForSelector('[data-testid="result-count"]:not(:empty)');
        coldStarts.push(performance.now() - started);
      } finally {
        await page.close();
        await served.stop();
      }
    }
    log(`cold start to the first rendered Library: ${coldStarts.map((t) => t.toFixed(0)).join(', ')} ms`);

    const served = await startServe(dataDir);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // The bundler that runs this file names functions through a helper the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    try {
      await openLibrary(page, served.url);
      const keystrokes = await keystrokeLatencies(page, log);
      const scrolling = await scrollFrames(page);
      log(`scrolling: ${scrolling.dropped} of ${scrolling.frames} frames dropped (frame time ${scrolling.frameMs.toFixed(1)} ms)`);
      const collectionOpens = await collectionOpenTimes(page, served.url);
      log(`opening the collection of all items: ${collectionOpens.map((t) => t.toFixed(0)).join(', ')} ms`);
      const collectionMedian = percentile(collectionOpens, 50);
      const keyP95 = percentile(keystrokes, 95);
      const coldMedian = percentile(coldStarts, 50);
      const droppedShare = scrolling.dropped / (scrolling.frames + scrolling.dropped);
      return {
        benchmark: 'library-view',
        parameters: {
          items,
          keystrokes: keystrokes.length,
          coldStarts: COLD_STARTS,
          scrollFrames: SCROLL_FRAMES,
          scrollStepPx: SCROLL_STEP_PX,
          collectionOpens: COLLECTION_OPENS,
        },
        figures: [
          figure(
            'Keystroke to rendered results, p95',
            keyP95,
            'ms',
            { description: 'under 100 ms (issue 6)', value: 100, unit: 'ms' },
            'lower',
            `p50 ${percentile(keystrokes, 50).toFixed(0)} ms over ${keystrokes.length} keystrokes`,
          ),
          figure(
            'Frames dropped while scrolling',
            droppedShare * 100,
            '%',
            { description: 'under 5 % of frames', value: 5, unit: '%' },
            'lower',
            `${scrolling.dropped} dropped, ${scrolling.frames} drawn`,
          ),
          figure(
            'Cold start of gleaner serve to the rendered Library, median',
            coldMedian,
            'ms',
            { description: 'under 3 s', value: 3000, unit: 'ms' },
            'lower',
            `slowest of ${COLD_STARTS}: ${Math.max(...coldStarts).toFixed(0)} ms`,
          ),
          figure(
            `Opening a collection of all ${items.toLocaleString('en-US')} items, to its first rows drawn, median`,
            collectionMedian,
            'ms',
            { description: 'under 500 ms', value: 500, unit: 'ms' },
            'lower',
            `slowest of ${COLLECTION_OPENS}: ${Math.max(...collectionOpens).toFixed(0)} ms`,
          ),
        ],
        measurements: {
          keystrokeP50Ms: percentile(keystrokes, 50),
          keystrokeP95Ms: keyP95,
          keystrokeMaxMs: Math.max(...keystrokes),
          framesDrawn: scrolling.frames,
          framesDropped: scrolling.dropped,
          frameMs: scrolling.frameMs,
          coldStartMedianMs: coldMedian,
          coldStartMaxMs: Math.max(...coldStarts),
          collectionOpenMedianMs: collectionMedian,
          collectionOpenMaxMs: Math.max(...collectionOpens),
        },
      };
    } finally {
      await page.close();
      await served.stop();
    }
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
