/**
 * A library filled from the built-in demo service (real answers, real normalisers) for the
 * bundle tests: a collection "Case" with search results, a video and its transcript, notes and tags.
 */
import { createMemorySigningKeyStore, type SigningKeyStore } from '../../../../src/main/core/secrets/signing-key-store';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { SAMPLE_PARAMS } from '../../../helpers/demo';

export function bundleTestCore(signingKeys: SigningKeyStore = createMemorySigningKeyStore()): TestCore {
  return createTestCore({ fetch: globalThis.fetch.bind(globalThis), signingKeys });
}

export async function fillCaseLibrary(testCore: TestCore): Promise<{ itemIds: number[] }> {
  const { client } = testCore.core;
  const search = await client.call('service.call', {
    operation: 'videosite/search',
    params: SAMPLE_PARAMS['videosite/search'],
    collection: 'Case',
  });
  const video = await client.call('service.call', {
    operation: 'videosite/video',
    params: SAMPLE_PARAMS['videosite/video'],
    collection: 'Case',
  });
  await client.call('service.call', {
    operation: 'videosite/transcript',
    params: SAMPLE_PARAMS['videosite/transcript'],
    collection: 'Case',
  });
  const tweets = await client.call('service.call', {
    operation: 'tweetsite/user/tweets',
    params: SAMPLE_PARAMS['tweetsite/user/tweets'],
    collection: 'Case',
  });
  const itemIds = [...search.itemIds, ...video.itemIds, ...tweets.itemIds];
  await client.call('items.setNote', { itemId: itemIds[0]!, body: 'Seen first here; check with the desk.' });
  await client.call('items.setNote', { itemId: itemIds[1]!, body: 'Note in the case only.', collection: 'Case' });
  await client.call('items.tag', { itemIds: [itemIds[0]!, itemIds[2]!], tag: 'verified' });
  await client.call('items.tag', { itemIds: [itemIds[1]!], tag: 'lead', collection: 'Case' });
  return { itemIds };
}
