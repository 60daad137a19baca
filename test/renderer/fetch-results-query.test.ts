/** Issue 28.9: Fetch results name the query that brought them, and are stale once the form asks something else. */
import { describe, expect, it } from 'vitest';
import { getOperation } from '../../src/shared/catalogue';
import { emptyValues, queryText, resultsStale } from '../../src/renderer/src/lib/fetch-form';

const search = getOperation('shortvideo/search');

describe('queryText', () => {
  it('names the operation and each value sent by its label, leaving out page values', () => {
    expect(queryText(search, { query: 'market', region: 'US', cursor: '20' })).toBe('Search videos: Keyword “market”, Region “US”');
    expect(queryText(search, {})).toBe('Search videos');
  });
});

describe('resultsStale', () => {
  const results = { operation: 'shortvideo/search', params: { query: 'market' } };
  const form = (values: Record<string, string | boolean>) => ({ ...emptyValues(search), ...values });

  it('is false while the form still asks the same (a page value aside)', () => {
    expect(resultsStale(results, search, form({ query: 'market' }))).toBe(false);
    expect(resultsStale(results, search, form({ query: ' market ', cursor: '40' }))).toBe(false);
  });

  it('is true once a value, the operation or the form’s validity changes', () => {
    expect(resultsStale(results, search, form({ query: 'harbour' }))).toBe(true);
    expect(resultsStale(results, search, form({ query: 'market', region: 'US' }))).toBe(true);
    expect(resultsStale(results, search, form({ query: '' }))).toBe(true);
    expect(resultsStale(results, getOperation('videosite/search'), { query: 'market' })).toBe(true);
  });
});
