/** The library's search, for callers outside the store: built by the query builder, run by the engine. */
export { buildSearchSql, DEFAULT_MARKERS, orderedIdsStatement, type SearchSql, type SnippetMarkers } from '../store/search/query-builder';
export { rankedSearchIds, searchLibrary, searchResultIds } from '../store/search/search-engine';
