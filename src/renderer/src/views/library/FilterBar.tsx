import { useEffect, useId, useState } from 'react';
import { ITEM_KINDS, kindLabel, PLATFORMS, PLATFORM_LABELS, type ItemKind, type Platform } from '../../../../shared/catalogue';
import { useCollectionsStore } from '../../stores/collections-store';
import { useLibraryStore, type LibraryFilters } from '../../stores/library-store';
import { bridge } from '../../transport';
import { Options } from '../../components/Options';

export function FilterBar() {
  const filters = useLibraryStore((s) => s.filters);
  const setFilter = useLibraryStore((s) => s.setFilter);
  const collections = useCollectionsStore((s) => s.collections);
  const loadCollections = useCollectionsStore((s) => s.load);
  const id = useId();
  const [tags, setTags] = useState<string[]>([]);

  useEffect(() => {
    void loadCollections();
  }, [loadCollections]);

  /** Read when the tag field is entered, so tags added meanwhile are offered; none offered if it fails. */
  const loadTags = async (): Promise<void> => {
    try {
      setTags((await bridge.call('tags.list', {})).map((summary) => summary.tag));
    } catch {
      setTags([]);
    }
  };

  // A collection filter that names a collection no longer listed still shows as chosen.
  const collectionNames = collections.map((c) => c.name);
  if (filters.collection && !collectionNames.includes(filters.collection)) collectionNames.push(filters.collection);

  return (
    <fieldset className="filter-bar">
      <legend className="visually-hidden">Filters</legend>
      <div className="filter">
        <label htmlFor={`${id}-platform`}>Platform</label>
        <select id={`${id}-platform`} value={filters.platform} onChange={(e) => setFilter('platform', e.target.value as Platform | '')}>
          <option value="">All platforms</option>
          <Options values={PLATFORMS} label={(p) => PLATFORM_LABELS[p]} />
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-kind`}>Kind</label>
        <select id={`${id}-kind`} value={filters.kind} onChange={(e) => setFilter('kind', e.target.value as ItemKind | '')}>
          <option value="">All kinds</option>
          <Options values={ITEM_KINDS} label={kindLabel} />
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-collection`}>Collection</label>
        <select id={`${id}-collection`} value={filters.collection} onChange={(e) => setFilter('collection', e.target.value)}>
          <option value="">Any collection</option>
          {collectionNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-tag`}>Tag</label>
        <input
          id={`${id}-tag`}
          type="text"
          value={filters.tag}
          placeholder="Any tag"
          maxLength={100}
          list={`${id}-tags`}
          onFocus={() => void loadTags()}
          onChange={(e) => setFilter('tag', e.target.value)}
        />
        {/* The tags in use, offered as the user types (a tag matches whole, in any case). */}
        <datalist id={`${id}-tags`} data-testid="tag-suggestions">
          {tags.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-published-from`}>Published from</label>
        <input
          id={`${id}-published-from`}
          type="date"
          value={filters.publishedFrom}
          max={filters.publishedTo || undefined}
          onChange={(e) => setFilter('publishedFrom', e.target.value)}
        />
      </div>
      <div className="filter">
        <label htmlFor={`${id}-published-to`}>Published to</label>
        <input
          id={`${id}-published-to`}
          type="date"
          value={filters.publishedTo}
          min={filters.publishedFrom || undefined}
          onChange={(e) => setFilter('publishedTo', e.target.value)}
        />
      </div>
      {(filters.publishedFrom || filters.publishedTo) && (
        <p className="filter-hint muted" data-testid="approximate-dates-hint">
          Includes items the platform dated only in words (“1 year ago”), by the approximate date read from them (shown with ≈).
        </p>
      )}
      <div className="filter">
        <label htmlFor={`${id}-transcript`}>Transcript</label>
        <select
          id={`${id}-transcript`}
          value={filters.transcript}
          onChange={(e) => setFilter('transcript', e.target.value as LibraryFilters['transcript'])}
        >
          <option value="any">With or without</option>
          <option value="with">Has a transcript</option>
          <option value="without">No transcript</option>
        </select>
      </div>
    </fieldset>
  );
}
