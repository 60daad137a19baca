/** `gleaner export` and its table flavours: what --help says of each, and an XLSX written with its manifest. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../../src/main/core/data-dir';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { runCli } from '../../../../src/main/hosts/cli/program';
import { captureCliIo } from '../../../helpers/cli-io';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

const captureIo = () => captureCliIo({ shutdown: 'never' });

describe('gleaner export flavours', () => {
  it('--help lists every format, the CSV for data tools with its warning', async () => {
    const { io, out } = captureIo();
    expect(await runCli(['export', '--help'], io, '/nowhere')).toBe(0);
    const help = out().replace(/\s+/g, ' ');
    expect(help).toContain('csv CSV for spreadsheets —');
    expect(help).toContain('csv-data CSV for data tools —');
    expect(help).toContain('Warning: Values are written exactly as given, so a spreadsheet that opens this file may run a cell');
    expect(help).toContain('xlsx Excel workbook (XLSX) —');
  });

  it('writes an XLSX whose text cells keep a 19-digit id and a leading @ or -, with its manifest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-xlsx-'));
    try {
      const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
      const post = item({
        nativeId: '1790000000000000001',
        platform: 'tweetsite',
        kind: 'post',
        title: '-lS8FzY9aUM',
        author: { name: 'Maya', handle: '@mayabrooks', id: null, url: null },
      });
      createIngester(db, stubNormalise)(fakeResponse('tweetsite/user/tweets', { items: [post] }));
      db.close();
      const out = join(dir, 'posts.xlsx');
      const { io, err } = captureIo();
      expect(
        await runCli(['export', '--all', '--format', 'xlsx', '--manifest', '--out', out, '--data-dir', dir], io, '/nowhere'),
        err(),
      ).toBe(0);
      const bytes = readFileSync(out);
      expect(readFileSync(join(dir, 'manifest.sha256'), 'utf8')).toBe(`${createHash('sha256').update(bytes).digest('hex')}  posts.xlsx\n`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const row = book.worksheets[0]!.getRow(2);
      const values = (row.values as unknown[]).slice(1);
      expect(values).toEqual(expect.arrayContaining(['1790000000000000001', '-lS8FzY9aUM', '@mayabrooks']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
