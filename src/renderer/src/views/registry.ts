/** The views named in PRODUCT.md, in sidebar order. One place to add a view. */
export const VIEWS = [
  { id: 'fetch', label: 'Fetch', hint: 'Run any of the service’s 20 operations' },
  { id: 'paste', label: 'Paste URLs', hint: 'Import many links at once' },
  { id: 'library', label: 'Library', hint: 'Everything you have fetched, searchable offline' },
  { id: 'collections', label: 'Collections', hint: 'Items grouped for a story' },
  { id: 'watch', label: 'Watch', hint: 'Changes noticed in watched items, accounts and searches' },
  { id: 'activity', label: 'Activity', hint: 'The request queue and your quota' },
  { id: 'settings', label: 'Settings', hint: 'Service, token, plan and data folder' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

export const isViewId = (value: string): value is ViewId => VIEWS.some((view) => view.id === value);
