/** What a call of one operation answers, as every caller of the bridge sees it. */
import type { OperationId } from './catalogue';
import type { ItemKind } from './model';
import type { JobState } from './queue';

/**
 * One request's outcome. The answer as received stays in the library: `responseId` names it
 * (`items.raw`), so a view fetches it only when it shows it.
 */
export interface CallResult {
  batchId: number;
  /** 'paused' when the queue stopped for a token or subscription problem before it finished. */
  state: 'done' | 'failed' | 'paused' | 'cancelled';
  error: { code: string; message: string } | null;
  operation: OperationId;
  /** Library ids of the items the response held, in its order. */
  itemIds: number[];
  warnings: string[];
  params: Record<string, string>;
  /** The stored answer (for `items.raw`); null when none came. */
  responseId: number | null;
  requestId: string;
  status: number;
  fetchedAt: string;
  durationMs: number;
  nextPage: Record<string, string> | null;
  /**
   * For a cancelled call: its request had already left (it counts against the plan's budget,
   * and its answer, if any came, was not kept). False when it was cancelled before leaving.
   */
  spent: boolean;
}

/** An item a call brought, in a few fields. */
export interface CallItem {
  id: number;
  platform: string;
  kind: ItemKind;
  nativeId: string | null;
  url: string | null;
  title: string | null;
  /** What every place calls the item: its title, else the start of its text, else a description. */
  label: string;
}

/** Every request of a call (one per page), first first, and the items they brought, each once. */
export interface CallOutcome {
  results: CallResult[];
  items: CallItem[];
}

/** One setting's value (null when not set) and what applies then (null when nothing does). */
export interface ConfigValue {
  key: string;
  value: string | number | null;
  defaultValue: string | null;
  /** Set in this library (rather than its default applying). */
  isSet: boolean;
}

/** Where one job of the queue stands. */
export interface JobBrief {
  id: number;
  batchId: number;
  state: JobState;
}
