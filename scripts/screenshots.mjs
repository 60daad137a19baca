// `npm run screenshots`: pictures of every view in light and dark for the README, taken in
// Debian's Chromium against `gleaner serve` on a throwaway library filled from the built-in
// demo service (a few searches, a transcript, a collection), with an item open in the detail pane.
//
//   npm run screenshots                          # every view
//   SCREENSHOT_VIEWS=library,fetch npm run screenshots
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const outDir = join(root, 'docs', 'screenshots');
const ALL_VIEWS = ['fetch', 'paste', 'library', 'collections', 'activity', 'settings'];
const views = (process.env.SCREENSHOT_VIEWS ?? ALL_VIEWS.join(',')).split(',');

const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-shots-'));
const serve = spawn(
  process.execPath,
  [join(root, 'bin', 'gleaner.js'), 'serve', '--no-open', '--json', '--port', '0', '--data-dir', dataDir],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, GLEANER_TOKEN: '' },
  },
);
const line = await new Promise((resolve) => createInterface({ input: serve.stdout }).once('line', resolve));
const { url } = JSON.parse(line);
const { origin, searchParams } = new URL(url);

async function rpc(method, input = {}) {
  const response = await fetch(`${origin}/rpc/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${searchParams.get('key')}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const envelope = await response.json();
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

/** A link for one more browser: the printed one opens a single browser, and each theme is a page of its own. */
async function browserLink() {
  const response = await fetch(`${origin}/browser-link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${searchParams.get('key')}` },
  });
  if (response.status !== 201) throw new Error(`/browser-link: ${response.status} ${await response.text()}`);
  return (await response.json()).url;
}

// A small library: what a reporter might have gathered on a first morning.
const flood = await rpc('service.call', { operation: 'videosite/search', params: { query: 'flood' } });
await rpc('service.call', {
  operation: 'videosite/transcript',
  params: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', language: 'en' },
});
await rpc('service.call', { operation: 'shortvideo/search', params: { query: 'harbour' } });
await rpc('service.call', { operation: 'tweetsite/user/tweets', params: { handle: 'user0' } });
await rpc('collections.create', { name: 'Harbour flooding' });
await rpc('collections.add', { name: 'Harbour flooding', itemIds: flood.itemIds.slice(0, 5) });

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: theme });
    await page.goto(await browserLink());
    await page.waitForSelector('[data-testid="status-info"]');
    // The welcome panel is for first runs; the pictures show the views themselves.
    await page.evaluate(() => window.localStorage.setItem('gleaner.welcome.dismissed', '1'));
    for (const view of views) {
      await page.evaluate((id) => (window.location.hash = `#/${id}`), view);
      await page.reload();
      await page.waitForSelector('[data-testid="status-info"]');
      if (view === 'fetch') {
        // A search run from the form: the results table, with the first result open.
        await page.getByLabel('Query').fill('flood defences');
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await page.locator('.fetch-results tbody tr').first().waitFor();
        await page.locator('.fetch-results').scrollIntoViewIfNeeded();
        await page.locator('.fetch-results tbody tr a, .fetch-results tbody tr button').first().click();
      }
      if (view === 'paste') {
        // A tip sheet: links of several platforms, a duplicate, a comment and a line that is not a link.
        const links = [
          '# from the council tip sheet',
          'https://www.youtube.com/watch?v=aaaaaaaaaa1',
          'https://youtu.be/aaaaaaaaaa1',
          'https://www.tiktok.com/@harbourwatch/video/7234567890123456789',
          'https://x.com/portnews/status/1712345678901234567',
          'https://www.reddit.com/r/journalism/comments/abc123/flood_maps/',
          'call the harbour master',
        ];
        await page.getByLabel('Links, one per line').fill(links.join('\n'));
        await page
          .getByText(/to fetch/)
          .first()
          .waitFor();
      }
      if (view === 'library') {
        // A search that also matches a transcript; the transcript's item open in the detail pane.
        await page.getByRole('searchbox', { name: 'Search the library' }).fill('council');
        await page.locator('[data-results-for="council*"] [role="option"]').first().waitFor();
        await page.locator('.result-list [role="option"]', { hasText: 'Transcript at' }).first().click();
      }
      if (view === 'collections') {
        await page
          .getByRole('button', { name: /Harbour flooding/ })
          .first()
          .click();
      }
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(outDir, `${view}-${theme}.png`) });
    }
    await page.close();
  }
} finally {
  await browser.close();
  serve.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(`Screenshots written to ${outDir}\n`);
