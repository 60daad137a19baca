import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { fakeResponse } from '../../../helpers/library';

/** A short-message transcript answer as the demo gives it: the message, and its speech as one plain text. */
const MESSAGE_WITH_SPEECH = {
  __typename: 'Tweet',
  rest_id: '1712345678901234567',
  legacy: { full_text: 'Our video from the harbour', favorite_count: 3, retweet_count: 1, reply_count: 0 },
  transcript: 'The pilots walked out at dawn.\nThe ferries stayed in port.',
};

let testCore: TestCore;
beforeEach(() => {
  testCore = createTestCore();
  testCore.core.context.ingest(
    fakeResponse('tweetsite/transcript', MESSAGE_WITH_SPEECH, { params: { url: 'https://x.com/newsroom/status/1712345678901234567' } }),
  );
});
afterEach(async () => testCore.dispose());
const call = (method: string, input: unknown) => testCore.core.dispatch(method, input);

describe('an untimed transcript over the bridge', () => {
  it('is found by library.search, with a snippet and no moment, and given whole by items.get', async () => {
    const found = await call('library.search', { query: 'ferries' });
    expect(found).toMatchObject({
      ok: true,
      value: { total: 1, hits: [{ matchedIn: 'transcript', segmentStartMs: null, snippet: expect.stringContaining('ferries') }] },
    });
    const id = found.ok ? (found.value as { hits: { id: number }[] }).hits[0]!.id : 0;
    expect(await call('items.get', { id })).toMatchObject({
      ok: true,
      value: { transcripts: [{ available: true, format: 'text', segments: [], fullText: MESSAGE_WITH_SPEECH.transcript }] },
    });
  });
});
