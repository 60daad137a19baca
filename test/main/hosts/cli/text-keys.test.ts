import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_NAME } from '../../../../src/main/core/data-dir';
import { createCollectionRepository } from '../../../../src/main/core/library/collections';
import { createIngester } from '../../../../src/main/core/library/ingest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { runCli } from '../../../../src/main/hosts/cli/program';
import { captureCliIo } from '../../../helpers/cli-io';
import { fakeResponse, item, stubNormalise } from '../../../helpers/library';

const captureIo = () => captureCliIo();

describe('gleaner collections delete with tags named like Object.prototype members', () => {
  it.each(['constructor', 'toString', '__proto__'])('deletes a collection whose item is tagged %j', async (tag) => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-keys-'));
    try {
      const db = openDatabase({ path: join(dir, DATABASE_FILE_NAME) });
      const { itemIds } = createIngester(db, stubNormalise)(fakeResponse('videosite/search', { items: [item({ nativeId: 'v1' })] }));
      const collections = createCollectionRepository(db, () => '2026-01-02T03:04:05Z');
      collections.create('Keys');
      collections.add('Keys', itemIds);
      collections.tag(itemIds, tag, 'Keys');
      db.close();

      const { io, out, err } = captureIo();
      expect(await runCli(['collections', 'delete', 'Keys', '--json', '--data-dir', dir], io, '/nowhere'), err()).toBe(0);
      expect(JSON.parse(out())).toEqual({ deleted: 'Keys', items: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
