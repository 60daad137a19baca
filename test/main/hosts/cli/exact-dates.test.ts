import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../../src/main/core/data-dir';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { cliIn } from '../../../helpers/cli-run';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-dates-'));
  const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
  createIngester(
    db,
    stubNormalise,
  )(
    fakeResponse(
      'videosite/search',
      {
        items: [
          item({ nativeId: 'dQw4w9WgXcQ', title: 'Relative', publishedText: '1 year ago' }),
          item({ nativeId: 'kJQP7kiw5Fk', title: 'Exact', publishedAt: '2024-03-04T10:00:00.000Z' }),
        ],
      },
      { fetchedAt: '2026-11-27T08:00:00.000Z' },
    ),
  );
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const gleaner = cliIn(() => dir);

describe('approximate dates on the command line', () => {
  it('items show says a date read from "1 year ago" is approximate', async () => {
    const shown = await gleaner('items', 'show', '1');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Published:  about 1 year ago · ≈ Nov 2025 (approximate');
    expect((await gleaner('items', 'show', '2')).stdout).toContain('Published:  2024-03-04T10:00:00.000Z\n');
  });

  it('search --json gives the date and whether it is approximate, and --from keeps the approximately dated item', async () => {
    const found = await gleaner('search', '', '--from', '2025-06-01', '--json');
    expect(JSON.parse(found.stdout)).toMatchObject({
      hits: [{ id: 1, published_at: '2025-11-27T00:00:00.000Z', published_approximate: true }],
      total: 1,
    });
  });

  it('items exact-dates --dry-run shows the plan and sends nothing', async () => {
    const planned = await gleaner('items', 'exact-dates', '1', '2', '--dry-run');
    expect(planned.code).toBe(0);
    expect(planned.stdout).toContain('1 item(s) dated approximately');
    expect(planned.stdout).toContain('#2 left as it is: Its date is exact already.');
    expect(planned.stdout).toMatch(/Plan: 1 request/);
    const json = await gleaner('items', 'exact-dates', '1', '--dry-run', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ plan: { itemIds: [1], batchId: null, plan: { quota: { requests: 1 } } } });
    const queue = JSON.parse((await gleaner('queue', 'status', '--json')).stdout) as { counts: { queued: number } };
    expect(queue.counts.queued).toBe(0);
  });

  it('refuses an id that is not a number, and one that is not in the library, before any request', async () => {
    expect(await gleaner('items', 'exact-dates', 'x1')).toMatchObject({ code: 2, stderr: expect.stringContaining('INVALID_INPUT') });
    expect(await gleaner('items', 'exact-dates', '99', '--dry-run')).toMatchObject({ stderr: expect.stringContaining('NOT_FOUND') });
  });
});
