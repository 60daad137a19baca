/**
 * Export, as a journalist does it in browser mode: select items in the Library, export them to
 * CSV for the data desk and to Markdown with transcripts for the newsroom, and open the files
 * that arrive. Then export the whole search result, and cancel nothing into existence.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, startServe, test, type ServedGleaner } from './fixtures';
import { browserLink, fetchInto, rpc, seedLibrary } from './library-helpers';

let served: ServedGleaner;
let stop: () => Promise<void>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ({ served, stop } = await startServe());
  await seedLibrary(served);
});

test.afterAll(async () => {
  await stop?.();
});

async function openLibrary(page: Page) {
  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ items$/);
  return page.getByRole('listbox', { name: 'Results' });
}

async function text(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

test('selected items export to a CSV download that opens safely in a spreadsheet', async ({ page }) => {
  const results = await openLibrary(page);
  const rows = results.getByRole('option');
  await rows.nth(0).click();
  await rows.nth(3).click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('selection-count')).toHaveText('4 items selected');
  const ids = await Promise.all([0, 1, 2, 3].map(async (i) => Number(await rows.nth(i).getAttribute('data-item-id'))));

  await page.getByRole('button', { name: 'Export selected…' }).click();
  const dialog = page.getByRole('dialog', { name: /Export 4 items/ });
  await dialog.getByRole('radio', { name: /^CSV for spreadsheets/ }).check();
  // The spreadsheet flavour warns of nothing: it runs nothing.
  await expect(dialog.getByTestId('export-format-warning')).toHaveCount(0);
  const arrived = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await arrived;
  expect(download.suggestedFilename()).toMatch(/^gleaner-selection-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(dialog.getByTestId('export-done')).toHaveText(/Exported 4 items, downloaded as gleaner-selection-/);

  const csv = await text(download);
  expect(csv.startsWith('\uFEFFid,platform,kind')).toBe(true);
  const records = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
  expect(records.map((record) => Number(record.id))).toEqual(ids);
  for (const record of records) {
    expect(record.request_id).toMatch(/\S/);
    for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
  }
  expect(csv).not.toContain(served.secret);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the data desk gets the values as the platform gave them: a CSV for data tools, with a warning, and an XLSX', async ({ page }) => {
  const results = await openLibrary(page);
  const rows = results.getByRole('option');
  await rows.nth(0).click();
  await rows.nth(2).click({ modifiers: ['Shift'] });
  const ids = await Promise.all([0, 1, 2].map(async (i) => Number(await rows.nth(i).getAttribute('data-item-id'))));
  const stored = await Promise.all(
    ids.map((id) => rpc<{ item: { nativeId: string | null; title: string | null } }>(served, 'items.get', { id })),
  );

  await page.getByRole('button', { name: 'Export selected…' }).click();
  const dialog = page.getByRole('dialog', { name: /Export 3 items/ });
  await dialog.getByRole('radio', { name: /^CSV for data tools/ }).check();
  // Said before anything is written: a spreadsheet may run what this file holds.
  await expect(dialog.getByTestId('export-format-warning')).toHaveText(/a spreadsheet that opens this file may run a cell/);
  const csvArrived = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const csv = await text(await csvArrived);
  expect(csv.startsWith('id,platform,kind')).toBe(true);
  const records = parse(csv, { columns: true }) as Record<string, string>[];
  expect(records.map((record) => Number(record.id))).toEqual(ids);
  expect(records.map((record) => record.native_id)).toEqual(stored.map(({ item }) => item.nativeId ?? ''));
  expect(records.map((record) => record.title)).toEqual(stored.map(({ item }) => item.title ?? ''));

  await dialog.getByRole('radio', { name: /^Excel workbook \(XLSX\)/ }).check();
  await expect(dialog.getByTestId('export-format-warning')).toHaveCount(0);
  const xlsxArrived = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^Export( again)?$/ }).click();
  const xlsx = await xlsxArrived;
  expect(xlsx.suggestedFilename()).toMatch(/^gleaner-selection-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Items')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1);
  for (const [index, { item }] of stored.entries()) {
    expect(cell(index + 2, 'id').value).toBe(ids[index]);
    if (item.nativeId !== null) {
      expect(cell(index + 2, 'native_id').type).toBe(ExcelJS.ValueType.String);
      expect(cell(index + 2, 'native_id').value).toBe(item.nativeId);
    }
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('the search result exports to Markdown with timestamped transcripts and a Sources list', async ({ page }) => {
  await openLibrary(page);
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('council');
  await expect(page.getByTestId('result-count')).toHaveText(/^[1-9]\d* items? match(es)?$/);
  const found = Number((await page.getByTestId('result-count').textContent())!.match(/^\d+/)![0]);
  await page.getByRole('button', { name: 'Export results…' }).click();
  const dialog = page.getByRole('dialog', { name: /Export the .* found for “council/ });
  await dialog.getByRole('radio', { name: /Markdown/ }).check();
  await dialog.getByRole('checkbox', { name: /Transcripts/ }).check();
  await dialog.getByRole('checkbox', { name: /Manifest/ }).check();
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  // Every item found, each with its transcripts under it (one of them has one).
  await expect(dialog.getByTestId('export-done')).toHaveText(new RegExp(`Exported 1 transcript of ${found} items?,`));
  await expect.poll(() => downloads.length).toBe(2);

  const markdown = downloads.find((d) => d.suggestedFilename().endsWith('.md'))!;
  const body = await text(markdown);
  expect(body).toMatch(/^# Gleaner export: search “council/);
  expect(body).toMatch(/\[0:00:00\]\(https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ&t=0s\)/);
  expect(body).toMatch(/\n## Sources\n\n1\. .+request id /);
  expect(body.match(/^## \d+\. /gm)).toHaveLength(found);
  const manifest = await text(downloads.find((d) => d.suggestedFilename() === 'manifest.sha256')!);
  expect(manifest).toBe(
    `${createHash('sha256')
      .update(await readFile((await markdown.path())!))
      .digest('hex')}  ${markdown.suggestedFilename()}\n`,
  );
});

test('the download address answers only this page', async ({ request }) => {
  const started = await rpc<{ exportId: string }>(served, 'export.start', { scope: { kind: 'all' }, format: 'jsonl' });
  const unauthorised = await request.get(`${served.origin}/exports/${started.exportId}/x.jsonl`, {
    headers: { authorization: 'Bearer wrong' },
  });
  expect(unauthorised.status()).toBe(401);
});

test('a collection exports from the Collections view, one item from its detail', async ({ page }) => {
  const listed = await rpc<{ hits: { id: number }[] }>(served, 'library.search', { query: 'council' });
  await rpc(served, 'collections.create', { name: 'Council story' });
  await rpc(served, 'collections.add', { name: 'Council story', itemIds: listed.hits.map((hit) => hit.id) });

  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections', exact: true }).click();
  await page
    .getByRole('button', { name: /Council story/ })
    .first()
    .click();
  await page.getByRole('group', { name: 'Collection actions' }).getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: /Export the collection “Council story”/ });
  // Modal: Tab never reaches the view behind it, and Escape closes it even after a click on the backdrop.
  const exportButton = page.getByRole('group', { name: 'Collection actions' }).getByRole('button', { name: 'Export…' });
  for (let press = 0; press < 25; press += 1) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement === document.body || document.activeElement?.closest('[role="dialog"]') !== null),
    ).toBe(true);
  }
  await page.mouse.click(5, 5);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(exportButton).toBeFocused();
  await exportButton.click();
  await dialog.getByRole('radio', { name: /JSON Lines/ }).check();
  const arrived = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const lines = (await text(await arrived))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: number; citation: { request_id: string } });
  expect(lines.map((line) => line.id)).toEqual(listed.hits.map((hit) => hit.id));
  for (const line of lines) expect(line.citation.request_id).toMatch(/^req_/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // One item, from the detail pane: its transcript as subtitles.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('council');
  const withTranscript = await rpc<{ hits: { id: number }[] }>(served, 'library.search', { query: 'council', hasTranscript: true });
  await page.locator(`[role="option"][data-item-id="${withTranscript.hits[0]!.id}"]`).click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  await detail.getByRole('group', { name: 'Actions for this item' }).getByRole('button', { name: 'Export…' }).click();
  const itemDialog = page.getByRole('dialog', { name: /Export “/ });
  await itemDialog.getByRole('radio', { name: /WebVTT/ }).check();
  const vttArrived = page.waitForEvent('download');
  await itemDialog.getByRole('button', { name: 'Export', exact: true }).click();
  const vtt = await text(await vttArrived);
  await expect(itemDialog.getByTestId('export-done')).toHaveText(/Exported 1 transcript/);
  expect(vtt.slice(0, 40)).toMatch(/^WEBVTT/);
  expect(vtt).toMatch(/\n\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}\n/);
});

test('an item with transcripts in two languages exports the chosen one as subtitles', async ({ page }) => {
  const url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
  await fetchInto(served, 'videosite/transcript', { url, language: 'es' });
  const { hits } = await rpc<{ hits: { id: number; url: string | null }[] }>(served, 'library.search', {
    platform: 'videosite',
    hasTranscript: true,
    limit: 1000,
  });
  const itemId = hits.find((hit) => hit.url?.includes('dQw4w9WgXcQ'))!.id;
  const detailRecord = await rpc<{ transcripts: { language: string | null; available: boolean; segments: { text: string }[] }[] }>(
    served,
    'items.get',
    { id: itemId },
  );
  const available = detailRecord.transcripts.filter((t) => t.available);
  const languages = available.map((t) => t.language ?? '');
  // Found in the Library by words of its transcript (an item that only its transcript brought has no title).
  const words = available[0]!.segments[0]!.text.split(/\s+/).slice(0, 3).join(' ');
  // Asked for by code, named by the service in words ("Spanish"): the library keeps the code.
  expect([...languages].sort()).toEqual(['en', 'es']);
  const labels = languages.map((language) => (language === 'en' ? 'English (en)' : 'Spanish (es)'));

  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search the library' }).fill(`"${words.replace(/"/g, '')}"`);
  await page.locator(`[role="option"][data-item-id="${itemId}"]`).click();
  const detail = page.getByRole('complementary', { name: 'Item detail' });
  await detail.getByRole('group', { name: 'Actions for this item' }).getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: /Export “/ });
  await dialog.getByRole('radio', { name: /WebVTT/ }).check();
  // A subtitle file holds one transcript: no "all", one language chosen.
  const choice = dialog.getByLabel(/Transcript language/);
  await expect(choice.getByRole('option')).toHaveText(labels);
  await choice.selectOption(languages[1]!);
  const arrived = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const vtt = await text(await arrived);
  await expect(dialog.getByTestId('export-done')).toHaveText(/Exported 1 transcript/);
  expect(vtt.match(/^WEBVTT/gm)).toHaveLength(1);
  expect(vtt).toContain(`Language: ${labels[1]!}`);

  // Markdown may hold both, and offers them all.
  await dialog.getByRole('radio', { name: /Markdown/ }).check();
  await dialog.getByLabel('Transcripts under each item').check();
  await expect(choice.getByRole('option')).toHaveText(['All languages', ...labels]);
});

test('a folder of subtitle files arrives as one zip whose manifest checks every file, and the focus stays on the action', async ({
  page,
}) => {
  const { hits } = await rpc<{ hits: { id: number }[] }>(served, 'library.search', { hasTranscript: true, limit: 50 });
  expect(hits.length).toBeGreaterThanOrEqual(1);
  await rpc(served, 'collections.create', { name: 'Subtitles' });
  await rpc(served, 'collections.add', { name: 'Subtitles', itemIds: hits.map((hit) => hit.id) });

  await page.goto(await browserLink(served));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Collections', exact: true }).click();
  await page
    .getByRole('button', { name: /Subtitles/ })
    .first()
    .click();
  await page.getByRole('group', { name: 'Collection actions' }).getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: /Export the collection “Subtitles”/ });
  await dialog.getByRole('radio', { name: /SRT subtitles/ }).check();
  // Said before anything starts: the browser gets one zip, not a download per file.
  await expect(dialog.getByText('This format writes one file per transcript, downloaded as one zip of the folder.')).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Manifest/ }).check();
  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  const action = dialog.getByRole('button', { name: 'Export', exact: true });
  await action.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('export-done')).toHaveText(
    /^Exported \d+ transcripts? of \d+ items?, downloaded as gleaner-subtitles-transcripts-\d{4}-\d{2}-\d{2}\.zip\./,
  );
  // The button that started it is the one that ends it: the focus never fell to the page.
  await expect(dialog.getByRole('button', { name: 'Export again' })).toBeFocused();
  await expect.poll(() => downloads.length).toBe(1);
  const zip = downloads[0]!;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);

  const entries = unzipSync(new Uint8Array(await readFile((await zip.path())!)));
  const manifest = strFromU8(entries['manifest.sha256']!);
  const listed = manifest
    .trimEnd()
    .split('\n')
    .map((line) => line.split('  ') as [string, string]);
  const folder = zip.suggestedFilename().replace(/\.zip$/, '');
  expect(listed.length).toBeGreaterThanOrEqual(2);
  expect(Object.keys(entries).sort()).toEqual(['manifest.sha256', ...listed.map(([, path]) => path)].sort());
  // As `sha256sum -c manifest.sha256` would check it in the unzipped folder.
  for (const [digest, path] of listed) {
    expect(path.startsWith(`${folder}/`) && path.endsWith('.srt')).toBe(true);
    expect(createHash('sha256').update(entries[path]!).digest('hex')).toBe(digest);
    expect(strFromU8(entries[path]!)).toMatch(/^1\r?\n\d{2}:\d{2}:\d{2},\d{3} --> /);
  }
});
