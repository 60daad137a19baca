/**
 * The client and the demo service together, every operation: the client accepts what the
 * demo sends, and what the demo sends matches schemas written from the spec's text.
 * Paginated operations are followed to their next page through the client's own reading
 * of the pagination values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../../src/shared/catalogue';
import type { DemoService } from '../../../../src/main/demo/types';
import type { ServiceClient } from '../../../../src/main/core/service/client';
import { specSchemaFor } from '../../../spec-schemas';
import { SAMPLE_PARAMS, clientOnDemo } from '../../../helpers/demo';

let demo: DemoService;
let client: ServiceClient;

beforeAll(async () => {
  ({ demo, client } = await clientOnDemo());
});
afterAll(() => demo.close());

describe('contract: the client over every operation of the demo service', () => {
  it.each(OPERATIONS.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const first = await client.call(op.id, SAMPLE_PARAMS[op.id]);
    expect(first.requestId).toMatch(/^req_/);
    expect(first.platform).toBe(op.platform);
    const schema = specSchemaFor(op.id, first.params);
    expect(schema.safeParse(JSON.parse(first.body)).error?.issues ?? []).toEqual([]);

    if (!op.pagination) {
      expect(first.nextPage).toBeNull();
      return;
    }
    expect(first.nextPage, 'the first page offers a next page').not.toBeNull();
    const second = await client.call(op.id, { ...SAMPLE_PARAMS[op.id], ...first.nextPage });
    expect(specSchemaFor(op.id, second.params).safeParse(JSON.parse(second.body)).error?.issues ?? []).toEqual([]);
    expect(second.body).not.toBe(first.body);
  });

  it('reaches the end of a listing, where no next page is offered', async () => {
    let page = await client.call('videosite/channel/videos', SAMPLE_PARAMS['videosite/channel/videos']);
    for (let n = 0; page.nextPage && n < 50; n += 1)
      page = await client.call('videosite/channel/videos', { ...SAMPLE_PARAMS['videosite/channel/videos'], ...page.nextPage });
    expect(page.nextPage).toBeNull();
  });
});
