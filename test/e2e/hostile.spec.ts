/**
 * Hostile platform content beyond what the Library story covers (script tags and javascript:
 * links from the demo service): a 2 MB title and text with lone surrogates, written into the
 * data folder by the real ingest before `gleaner serve` opens it, shown in the Library and the
 * item detail as inert text while the page stays responsive, then exported to CSV and Markdown
 * downloads that hold it safely.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, seedItems, seedLibrary } from './library-helpers';

const HUGE_TITLE = `=HYPERLINK("http://attacker.example") hugetitle ${'<script>alert(1)</script> [x](javascript:alert(1)) '.repeat(40_000)}`;
const SURROGATE_TITLE = 'surrogatetitle \uD800 broken \uDC00 pair # heading';
const SURROGATE_TEXT = '@SUM(1)\n# not a heading\n- not a list\n<img src=x onerror=alert(1)>\n[link](javascript:alert(1)) \uDBFF end';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe({
    seedDataDir(dataDir) {
      // JSON escapes lone surrogates (\ud800), so they reach the ingest as they are.
      seedItems(dataDir, [
        { nativeId: 'huge1', platform: 'tweetsite', kind: 'post', url: 'javascript:alert(1)', title: HUGE_TITLE, text: 'a 2 MB title' },
        {
          nativeId: 'sur1',
          platform: 'tweetsite',
          kind: 'post',
          url: 'https://x.com/someone/status/77',
          title: SURROGATE_TITLE,
          text: SURROGATE_TEXT,
        },
      ]);
    },
  }));
  // The demo service's hostile items (markup, javascript: links, formulas) join them.
  await seedLibrary(served);
});

test.afterAll(async () => {
  await stop?.();
});

function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

async function openLibrary(page: Page) {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ items$/);
  return {
    search: page.getByRole('searchbox', { name: 'Search the library' }),
    results: page.getByRole('listbox', { name: 'Results' }),
    detail: page.getByRole('complementary', { name: 'Item detail' }),
  };
}

/** No link in the page leads anywhere but https: or the page itself. */
async function expectNoScriptLinks(page: Page): Promise<void> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const href of hrefs) expect(href).toMatch(/^(?:https:|#|\/|\?|$)/);
  await expect(page.locator('#root script, #root img, #root iframe, #root [onerror], #root [onload]')).toHaveCount(0);
}

test('a 2 MB title and lone surrogates show as inert text, and the page stays responsive', async ({ page }) => {
  const dialogs = watchDialogs(page);
  const { search, results, detail } = await openLibrary(page);

  await search.fill('hugetitle');
  const huge = results.getByRole('option').first();
  await expect(huge).toContainText('=HYPERLINK("http://attacker.example") hugetitle <script>alert(1)</script>');
  await huge.click();
  const heading = detail.getByRole('heading', { level: 2 });
  await expect(heading).toContainText('hugetitle <script>alert(1)</script> [x](javascript:alert(1))');
  // Shown shortened, and said so; the whole title stays in the library and its exports.
  expect((await heading.textContent())!.length).toBeLessThan(400);
  await expect(detail.getByTestId('title-shortened')).toContainText(/Title shortened here: it has 2,\d{3},\d{3} characters/);
  await expectNoScriptLinks(page);

  // Still responsive: the next search answers.
  await search.fill('surrogatetitle');
  const broken = results.getByRole('option').first();
  await expect(broken).toContainText('surrogatetitle');
  await broken.click();
  await expect(detail.getByRole('heading', { level: 2 })).toContainText('surrogatetitle \uFFFD broken \uFFFD pair # heading');
  await expect(detail.getByTestId('item-text')).toContainText('<img src=x onerror=alert(1)>');
  await expect(detail.getByTestId('item-text')).toContainText('[link](javascript:alert(1))');
  await expectNoScriptLinks(page);
  expect(dialogs).toEqual([]);
});

test('the hostile items export to CSV and Markdown downloads that keep them inert', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await openLibrary(page);
  for (const [label, extension] of [
    [/CSV for spreadsheets/, 'csv'],
    [/Markdown/, 'md'],
  ] as const) {
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('');
    await expect(page.getByTestId('result-count')).toHaveText(/^\d+ items$/);
    await page.getByRole('button', { name: 'Export results…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: label }).check();
    const arrived = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await arrived;
    expect(download.suggestedFilename().endsWith(`.${extension}`)).toBe(true);
    const body = await readFile((await download.path())!, 'utf8');
    if (extension === 'csv') {
      const records = parse(body, { bom: true, columns: true }) as Record<string, string>[];
      const huge = records.find((record) => record.title?.includes('hugetitle'))!;
      expect(huge.title).toBe(`'${HUGE_TITLE}`);
      expect(huge.url).toBe('javascript:alert(1)');
      const broken = records.find((record) => record.title?.startsWith('surrogatetitle'))!;
      expect(broken.text?.startsWith("'@SUM(1)")).toBe(true);
      for (const record of records) for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
    } else {
      const lines = body.split('\n');
      // Platform text never opens a heading, list, link or HTML: only Gleaner's own lines do.
      expect(lines.filter((line) => /^#{1,6} /.test(line)).every((line) => /^(# Gleaner export: |## \d+\. |## Sources$)/.test(line))).toBe(
        true,
      );
      expect(lines.some((line) => line.startsWith('\\# not a heading'))).toBe(true);
      expect(lines.some((line) => line.startsWith('\\- not a list'))).toBe(true);
      // (Tested, not matched: a failure would print 2 MB.)
      expect(/(?<!\\)<(?:script|img)/.test(body)).toBe(false);
      expect(/(?<!\\)\]\(javascript:/i.test(body)).toBe(false);
      expect(body.includes('hugetitle')).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
  expect(dialogs).toEqual([]);
});
