/** Building one item of the common model, and naming where in the response it was found. */
import type { Platform } from '../../../../shared/catalogue';
import type { Author, ExtraField, ItemExtras, ItemKind, Metrics, NormalisedItem } from '../../../../shared/model';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `videos` + 3 → `videos[3]`; `search_item_list[0]` + `aweme_info` → `search_item_list[0].aweme_info`. */
export function childPath(base: string, step: string | number): string {
  if (typeof step === 'number') return `${base}[${step}]`;
  if (!IDENTIFIER.test(step)) return `${base}[${JSON.stringify(step)}]`;
  return base === '' ? step : `${base}.${step}`;
}

export function pathOf(...steps: readonly (string | number)[]): string {
  return steps.reduce<string>((path, step) => childPath(path, step), '');
}

export interface ItemFields {
  kind: ItemKind;
  nativeId?: string | null;
  url?: string | null;
  title?: string | null;
  text?: string | null;
  author?: Partial<Author> | null;
  publishedAt?: string | null;
  publishedText?: string | null;
  durationMs?: number | null;
  thumbnailUrl?: string | null;
  metrics?: Partial<Metrics>;
  /** Spec fields without a model column; null and undefined values are left out. */
  extras?: { [K in ExtraField]?: string | number | null };
}

export function emptyAuthor(): Author {
  return { name: null, handle: null, id: null, url: null };
}

export function makeAuthor(fields: Partial<Author> | null | undefined): Author {
  return {
    name: fields?.name ?? null,
    handle: fields?.handle ?? null,
    id: fields?.id ?? null,
    url: fields?.url ?? null,
  };
}

export function isEmptyAuthor(author: Author): boolean {
  return author.name === null && author.handle === null && author.id === null && author.url === null;
}

export function makeItem(platform: Platform, sourcePath: string, fields: ItemFields): NormalisedItem {
  const metrics = fields.metrics ?? {};
  return {
    platform,
    kind: fields.kind,
    nativeId: fields.nativeId ?? null,
    url: fields.url ?? null,
    title: fields.title ?? null,
    text: fields.text ?? null,
    author: makeAuthor(fields.author),
    publishedAt: fields.publishedAt ?? null,
    publishedText: fields.publishedText ?? null,
    durationMs: fields.durationMs ?? null,
    thumbnailUrl: fields.thumbnailUrl ?? null,
    metrics: {
      views: metrics.views ?? null,
      likes: metrics.likes ?? null,
      comments: metrics.comments ?? null,
      reposts: metrics.reposts ?? null,
      shares: metrics.shares ?? null,
      followers: metrics.followers ?? null,
    },
    ...presentExtras(fields.extras),
    sourcePath,
  };
}

/** `{ extras }` with the values present, or nothing when there are none. */
function presentExtras(extras: ItemFields['extras']): { extras?: ItemExtras } {
  const present: ItemExtras = {};
  let any = false;
  for (const [name, value] of Object.entries(extras ?? {}) as [ExtraField, string | number | null | undefined][]) {
    if (value === null || value === undefined) continue;
    present[name] = value;
    any = true;
  }
  return any ? { extras: present } : {};
}
