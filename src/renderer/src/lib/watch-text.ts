/**
 * The Watch view's words: intervals, change kinds, a watch's cost against the budget and the cap,
 * and a change told as a sentence. Pure: the components render what these return as text.
 */
import { getOperation, isOperationId } from '../../../shared/catalogue';
import type { WatchChange, WatchChangeKind, WatchCost, WatchTarget } from '../../../shared/watch';
import { formatCount, formatDateTime } from './format';

export const CHANGE_KIND_LABELS: Readonly<Record<WatchChangeKind, string>> = {
  new: 'New',
  edited: 'Edited',
  'no-longer-listed': 'No longer listed',
  unavailable: 'Unavailable',
  'available-again': 'Available again',
  counts: 'Counts',
};

/** Field names as the window says them (the core names the watched fields in the library's terms). */
const FIELD_LABELS = new Map<string, string>([
  ['title', 'title'],
  ['text', 'text'],
  ['authorName', 'author’s display name'],
  ['author_name', 'author’s display name'],
  ['views', 'views'],
  ['likes', 'likes'],
  ['comments', 'comments'],
  ['shares', 'shares'],
]);

export const fieldLabel = (field: string | null): string => (field === null ? 'a field' : (FIELD_LABELS.get(field) ?? field));

/** A share as a percentage a person reads: "0.4 %", "25 %", "<0.1 %" for tiny non-zero shares. */
export function formatShare(share: number): string {
  if (!Number.isFinite(share) || share <= 0) return '0 %';
  const percent = share * 100;
  if (percent < 0.1) return '<0.1 %';
  return `${percent < 10 ? Math.round(percent * 10) / 10 : Math.round(percent)} %`;
}

export interface CostWords {
  /** "24 requests a day". */
  thisWatch: string;
  /** All active watches with this one, against the daily budget. */
  allWatches: string;
  /** The cap, in requests and as a share of the budget. */
  cap: string;
  /** Why saving is refused (past the cap), or null when it fits. */
  refusal: string | null;
}

export const perDay = (n: number): string => `${formatCount(n)} ${n === 1 ? 'request' : 'requests'} a day`;

export function costWords(cost: WatchCost): CostWords {
  const capShare = cost.dailyBudget > 0 ? cost.cap / cost.dailyBudget : 0;
  return {
    thisWatch: perDay(cost.requestsPerDay),
    allWatches: `All watches with this one: ${perDay(cost.allWatchesPerDay)}, ${formatShare(cost.share)} of the daily budget of ${formatCount(cost.dailyBudget)}.`,
    cap: `Cap for all watches together: ${perDay(cost.cap)} (${formatShare(capShare)} of the budget).`,
    refusal: cost.fits
      ? null
      : `Not saved: all watches would take ${perDay(cost.allWatchesPerDay)}, past the cap of ${formatCount(cost.cap)}. Choose a longer interval, pause or remove another watch, or raise the cap in Settings → Watch.`,
  };
}

/** Why Save is disabled in the Watch… panel (the cost not known yet, or past the cap), or null when it may be saved. */
export function saveBlockedBecause(cost: WatchCost | null, planProblem: string | null): string | null {
  if (cost === null) return planProblem ?? 'Working out the cost…';
  return costWords(cost).refusal;
}

/** What a watch looks at, when it has no label of its own: "Item 12", "Channel videos: Handle “@harbour”". */
export function targetWords(target: WatchTarget): string {
  if (target.kind === 'item') return `Item ${target.itemId}`;
  if (!isOperationId(target.operation)) return target.operation;
  const op = getOperation(target.operation);
  const parts = op.params
    .filter((p) => p.name in target.params && target.params[p.name] !== null && target.params[p.name] !== '' && p.type !== 'boolean')
    .map((p) => `${p.label} “${String(target.params[p.name])}”`);
  return parts.length === 0 ? op.title : `${op.title}: ${parts.join(', ')}`;
}

const valueText = (value: string | number | null): string =>
  value === null ? '—' : typeof value === 'number' ? formatCount(value) : value;

/**
 * A change told in one sentence, without the edited text itself (the view marks the changed
 * words beside it). `item` is the item's label where the library knows it.
 */
export function changeSentence(change: WatchChange, item: string): string {
  switch (change.change) {
    case 'new':
      return `New: ${item}`;
    case 'edited':
      return `Edited: the ${fieldLabel(change.field)} of ${item}`;
    case 'no-longer-listed':
      return `No longer listed: ${item}`;
    case 'unavailable':
      return `Unavailable since ${formatDateTime(change.at)}: ${item}`;
    case 'available-again':
      return `Available again: ${item}`;
    case 'counts':
      return `${capitalise(fieldLabel(change.field))} of ${item}: ${valueText(change.before)} → ${valueText(change.after)}`;
  }
}

/** Whether a change carries a before and after text worth a word diff. */
export const showsWordDiff = (change: WatchChange): boolean =>
  change.change === 'edited' && (typeof change.before === 'string' || typeof change.after === 'string');

const capitalise = (text: string): string => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** The sidebar's count: "3 unread", capped so a flood does not widen the sidebar. */
export const unreadBadge = (unread: number): string | null => (unread <= 0 ? null : unread > 999 ? '999+' : String(unread));
