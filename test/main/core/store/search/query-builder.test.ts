import { describe, expect, it } from 'vitest';
import { GleanerError } from '../../../../../src/shared/errors';
import { buildSearchSql, orderedIdsStatement } from '../../../../../src/main/core/store/search/query-builder';

// The builder is pure: every case here runs without a database.
describe('search query builder', () => {
  it('lists without a query, newest fetched first, with the page in its parameters', () => {
    const sql = buildSearchSql({ limit: 20, offset: 40 });
    expect(sql.match).toBeUndefined();
    expect(sql.list?.page).toContain('ORDER BY i.last_fetched_at DESC, i.id DESC LIMIT @limit OFFSET @offset');
    expect(sql.params).toEqual({ limit: 20, offset: 40 });
    expect(orderedIdsStatement(sql)).toBe(sql.list!.page);
  });

  it('keeps the page within bounds', () => {
    expect(buildSearchSql({ limit: 5000, offset: -3 })).toMatchObject({ limit: 1000, offset: 0 });
    expect(buildSearchSql({ limit: 0 }).limit).toBe(1);
  });

  it('turns each filter into a condition with a named parameter, never into SQL text', () => {
    const sql = buildSearchSql({ platform: 'videosite', kind: 'video', hasTranscript: true, ids: [3, 1] });
    expect(sql.list?.page).toContain('i.platform = @platform');
    expect(sql.list?.page).toContain('i.kind = @kind');
    expect(sql.list?.count).toContain('i.has_transcript = @hasTranscript');
    expect(sql.params).toMatchObject({ platform: 'videosite', kind: 'video', hasTranscript: 1, idFilter: '[3,1]' });
    expect(sql.list?.page).not.toContain('videosite');
  });

  it('matches a query through the three indexes, ranked unless a column sort is asked for', () => {
    const ranked = buildSearchSql({ query: 'flood' });
    expect(ranked.match?.sort).toBe('relevance');
    expect(ranked.params.match).toEqual(expect.stringContaining('flood'));
    expect(ranked.match?.noteBest).toContain('notes_fts MATCH @match');
    expect(ranked.match?.segmentBest).toContain('segments_fts MATCH @match');
    // A relevance ranking merges indexes in code: there is no single ordered statement.
    expect(orderedIdsStatement(ranked)).toBeNull();
    const byViews = buildSearchSql({ query: 'flood', sort: 'views' });
    expect(orderedIdsStatement(byViews)).toBe(byViews.match!.itemPage);
    expect(byViews.match?.itemPage).toContain('i.views IS NULL, i.views DESC');
  });

  it('counts only the collection’s own and library-wide notes when searching within a collection', () => {
    const sql = buildSearchSql({ query: 'flood', collection: 'Harbour' });
    expect(sql.params.collection).toBe('Harbour');
    expect(sql.match?.noteBest).toContain('n.collection_id IN (0, (SELECT id FROM collections WHERE name = @collection))');
  });

  it('refuses a query it cannot read with INVALID_INPUT', () => {
    expect(() => buildSearchSql({ query: '"unclosed' })).toThrow(GleanerError);
  });
});
