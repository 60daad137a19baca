/** The Library's filters and how they become a `library.search` request. Pure. */
import type { Platform } from '../../../shared/catalogue';
import type { SearchRequest, SearchSort } from '../../../shared/library';
import type { ItemKind } from '../../../shared/model';

export interface LibraryFilters {
  platform: Platform | '';
  kind: ItemKind | '';
  collection: string;
  tag: string;
  /** YYYY-MM-DD, inclusive. */
  publishedFrom: string;
  /** YYYY-MM-DD, inclusive. */
  publishedTo: string;
  transcript: 'any' | 'with' | 'without';
}

export const EMPTY_FILTERS: LibraryFilters = {
  platform: '',
  kind: '',
  collection: '',
  tag: '',
  publishedFrom: '',
  publishedTo: '',
  transcript: 'any',
};

export const activeFilterCount = (filters: LibraryFilters): number =>
  (Object.keys(EMPTY_FILTERS) as (keyof LibraryFilters)[]).filter((key) => filters[key].trim() !== EMPTY_FILTERS[key]).length;

/** The request for a query (already prepared by queryForTyped) and the filters, without paging. */
export function buildSearchRequest(query: string, filters: LibraryFilters, sort: SearchSort): SearchRequest {
  const request: SearchRequest = {};
  if (query) request.query = query;
  if (filters.platform) request.platform = filters.platform;
  if (filters.kind) request.kind = filters.kind;
  if (filters.collection.trim()) request.collection = filters.collection.trim();
  if (filters.tag.trim()) request.tag = filters.tag.trim();
  // Days as they are: the core reads a "to" day as the whole of it.
  if (/^\d{4}-\d{2}-\d{2}$/.test(filters.publishedFrom)) request.publishedFrom = filters.publishedFrom;
  if (/^\d{4}-\d{2}-\d{2}$/.test(filters.publishedTo)) request.publishedTo = filters.publishedTo;
  if (filters.transcript !== 'any') request.hasTranscript = filters.transcript === 'with';
  // Without words there is no relevance: the library lists the most recently fetched first.
  request.sort = !query && sort === 'relevance' ? 'fetched' : sort;
  return request;
}
