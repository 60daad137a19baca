/**
 * The demo playing time: every answer the platforms build is timeless (hour 0); this layer turns
 * it into the answer at the demo clock's hour — counts grown, texts edited, authors renamed, new
 * items at the top of first pages, gone items left out of listings, and a details request for a
 * gone item answered as the service might (several shapes, see gone.ts). At hour 0 it changes
 * nothing; it only notes what was served, for the truth.
 */
import type { OperationSpec } from '../../../shared/catalogue';
import { hashOf } from '../random';
import type { ResponseContext } from '../responses/context';
import type { DemoClockState, DemoTruthChange } from '../types';
import { createDemoClock, demoMs } from './demo-clock';
import { editedText, editedTitle, formatTime, renamed } from './edits';
import { createEvolution, grownCount, type ItemState } from './evolution';
import { goneAnswer, type GoneAnswer } from './gone';
import { COUNT_FIELDS, OPERATION_SHAPES, at, setAt, type OperationShape, type Path } from './item-shapes';
import { LISTINGS } from './new-posts';
import { createServed } from './served';

export type TimedAnswer = { kind: 'data'; data: Record<string, unknown> } | GoneAnswer;

export interface TimeLayer {
  clock(): DemoClockState;
  advance(hours: unknown): DemoClockState;
  reset(): void;
  truth(): DemoTruthChange[];
  /** The answer at the demo clock's hour, from the timeless answer `data` of the operation. */
  answer(op: OperationSpec, ctx: ResponseContext, data: Record<string, unknown>): TimedAnswer;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function createTimeLayer(seed: string): TimeLayer {
  const clock = createDemoClock();
  const evolution = createEvolution(seed);
  const served = createServed(evolution);

  function stateOf(shape: OperationShape, id: string, hour: number, born: number): ItemState {
    return evolution.itemState(shape.platform, id, shape.hasTitle, hour, born);
  }

  /** Writes the item's state at `hour` into its (cloned) record. */
  function patch(shape: OperationShape, record: unknown, id: string, state: ItemState, hour: number, born: number): void {
    const item = shape.item;
    const rewrite = (paths: readonly Path[] | undefined, change: (value: unknown) => unknown) => {
      for (const path of paths ?? []) {
        const value = at(record, path);
        if (value !== undefined && value !== null) setAt(record, path, change(value));
      }
    };
    rewrite(item.title, (value) => (typeof value === 'string' ? editedTitle(value, id, state.titleEdits) : value));
    rewrite(item.text, (value) => (typeof value === 'string' ? editedText(value, id, state.textEdits) : value));
    for (const field of COUNT_FIELDS) rewrite(item.counts?.[field], (value) => grownCount(value, state.factor));
    const account = item.account ? at(record, item.account) : undefined;
    if (typeof account === 'string' || typeof account === 'number') {
      const author = evolution.accountState(shape.platform, String(account), hour);
      rewrite(item.authorName, (value) => (typeof value === 'string' ? renamed(value, String(account), author.renames) : value));
      rewrite(item.followers, (value) => grownCount(value, author.factor));
    }
    if (born > 0) {
      const postedMs = demoMs(born - 1, 1 + (hashOf(seed, 'posted-minute', id) % 59));
      for (const [path, format] of item.published ?? []) rewrite([path], () => formatTime(postedMs, format, demoMs(hour)));
    }
  }

  function details(op: OperationSpec, shape: OperationShape, data: Record<string, unknown>, hour: number, record: unknown): TimedAnswer {
    const id = at(record, shape.item.id);
    if (typeof id !== 'string' && typeof id !== 'number') return { kind: 'data', data };
    const born = served.bornOf(shape.platform, String(id));
    served.item(op.id, record, hour, born);
    if (hour === 0) return { kind: 'data', data };
    const state = stateOf(shape, String(id), hour, born);
    if (state.availability !== 'available') {
      const since = evolution.itemEvents(shape.platform, String(id), shape.hasTitle, hour, born).at(-1)?.hour ?? hour;
      return goneAnswer(seed, shape, data, String(id), state.availability, since);
    }
    const copy = structuredClone(data);
    patch(shape, at(copy, shape.record ?? []), String(id), state, hour, born);
    return { kind: 'data', data: copy };
  }

  function listing(
    op: OperationSpec,
    ctx: ResponseContext,
    shape: OperationShape,
    data: Record<string, unknown>,
    hour: number,
  ): TimedAnswer {
    const found = LISTINGS[op.id]?.(ctx) ?? null;
    if (found) served.listing(op.id, found, hour);
    const copy = hour === 0 ? data : structuredClone(data);
    if (found && hour > 0) {
      const fresh = evolution.newPostHours(found.key, hour).map((posted, n) => {
        const entry = found.entry(n);
        const id = at(shape.inEntry ? at(entry, shape.inEntry) : entry, shape.item.id);
        served.notePosted(shape.platform, String(id), posted);
        return entry;
      });
      const into = at(copy, found.into);
      // Newest first, above the first page's own items.
      if (Array.isArray(into)) setAt(copy, found.into, [...fresh.reverse(), ...(into as unknown[])]);
    }
    for (const path of shape.lists ?? []) {
      const entries = at(copy, path);
      if (!Array.isArray(entries)) continue;
      const kept = entries.filter((entry) => {
        const record = shape.inEntry ? at(entry, shape.inEntry) : entry;
        const id = at(record, shape.item.id);
        if (!isObject(record) || (typeof id !== 'string' && typeof id !== 'number')) return true;
        const born = served.bornOf(shape.platform, String(id));
        served.item(op.id, record, hour, born, found ?? undefined);
        if (hour === 0) return true;
        const state = stateOf(shape, String(id), hour, born);
        if (state.availability !== 'available') return false;
        patch(shape, record, String(id), state, hour, born);
        return true;
      });
      if (hour > 0) setAt(copy, path, kept);
    }
    return { kind: 'data', data: copy };
  }

  return {
    clock: () => clock.state(),
    advance: (hours) => clock.advance(hours),
    reset() {
      clock.reset();
      served.clear();
      evolution.clear();
    },
    truth: () => served.truth(clock.hours()),
    answer(op, ctx, data) {
      const shape = OPERATION_SHAPES[op.id];
      const hour = clock.hours();
      if (shape.record) {
        const record = at(data, shape.record);
        return isObject(record) ? details(op, shape, data, hour, record) : { kind: 'data', data };
      }
      return listing(op, ctx, shape, data, hour);
    },
  };
}
