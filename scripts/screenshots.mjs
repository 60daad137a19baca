// `npm run screenshots`: pictures of every view in light and dark for the README, taken
// in Debian's Chromium against `gleaner serve` on a throwaway library.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const outDir = join(root, 'docs', 'screenshots');
const views = (process.env.SCREENSHOT_VIEWS ?? 'library,settings').split(',');

const dataDir = mkdtempSync(join(tmpdir(), 'gleaner-shots-'));
const serve = spawn(process.execPath, [join(root, 'bin', 'gleaner.js'), 'serve', '--no-open', '--json', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
const line = await new Promise((resolve) => createInterface({ input: serve.stdout }).once('line', resolve));
const { url } = JSON.parse(line);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 760 }, colorScheme: theme });
    await page.goto(url);
    for (const view of views) {
      await page.evaluate((id) => (window.location.hash = `#/${id}`), view);
      await page.reload();
      await page.waitForSelector('[data-testid="status-info"]');
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
