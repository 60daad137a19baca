/**
 * The Fetch view's form and results, as pure functions: what the form holds for an
 * operation, what it sends, which problems belong to which field, how "Load more" continues,
 * and how a selection grows. No DOM, no store.
 */
import type { OperationSpec, ParamSpec } from '../../../shared/catalogue';
import type { SearchHit } from '../../../shared/library';
import { checkParams, type ParamCheck, type ParamInput } from '../../../shared/params';

/** What the user has typed or chosen, per parameter: text for most, a tick for flags. */
export type FormValues = Readonly<Record<string, string | boolean>>;

export const emptyValues = (op: OperationSpec): FormValues =>
  Object.fromEntries(op.params.map((p) => [p.name, p.type === 'boolean' ? false : '']));

/** The parameters "Load more" fills in; the form keeps them apart from the rest. */
export function pagingParamNames(op: OperationSpec): Set<string> {
  return new Set(op.pagination?.feeds.map((feed) => feed.param) ?? []);
}

/** The form's fields in the order to show them: the operation's own first, page values last. */
export function formFields(op: OperationSpec): { main: ParamSpec[]; paging: ParamSpec[] } {
  const paging = pagingParamNames(op);
  return { main: op.params.filter((p) => !paging.has(p.name)), paging: op.params.filter((p) => paging.has(p.name)) };
}

/** What goes to checkParams: empty fields and unticked flags are left out of the request. */
export function toParamInput(op: OperationSpec, values: FormValues): ParamInput {
  const input: Record<string, string | boolean> = {};
  for (const spec of op.params) {
    const value = values[spec.name];
    if (value === undefined || value === false) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    input[spec.name] = value;
  }
  return input;
}

export interface FormProblems {
  /** Sentences per field. */
  byParam: Readonly<Record<string, string[]>>;
  /** Sentences about several fields together ("give the id or the handle"). */
  general: string[];
}

export function checkForm(op: OperationSpec, values: FormValues): { check: ParamCheck; problems: FormProblems } {
  const check = checkParams(op, toParamInput(op, values));
  const byParam: Record<string, string[]> = {};
  const general: string[] = [];
  if (!check.ok) {
    for (const problem of check.problems) {
      if (problem.param === null || !op.params.some((p) => p.name === problem.param)) general.push(problem.message);
      else (byParam[problem.param] ??= []).push(problem.message);
    }
  }
  return { check, problems: { byParam, general } };
}

/**
 * The problems to show while the user types: a field's own problems once it has been
 * touched, everything once a run was attempted. A required field left empty is not an error
 * before the user has had a chance to fill it.
 */
export function visibleProblems(problems: FormProblems, touched: ReadonlySet<string>, attempted: boolean): FormProblems {
  if (attempted) return problems;
  const byParam: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(problems.byParam)) if (touched.has(name)) byParam[name] = messages;
  // A rule about several fields shows once one of its fields has been filled in.
  return { byParam, general: touched.size > 0 ? problems.general : [] };
}

/** The next page's request: the first page's parameters with the page values from the answer. */
export function nextPageParams(base: Readonly<Record<string, string>>, nextPage: Readonly<Record<string, string>>): Record<string, string> {
  return { ...base, ...nextPage };
}

/** Ids appended without repeats, so an item that appears on two pages is listed once. */
export function appendIds(existing: readonly number[], more: readonly number[]): number[] {
  const seen = new Set(existing);
  const out = [...existing];
  for (const id of more) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** Splits ids into chunks the library's id filter accepts. */
export function chunk<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** The hits in the order the service answered with (the library sorts otherwise). */
export function inResponseOrder(ids: readonly number[], hits: readonly SearchHit[]): SearchHit[] {
  const byId = new Map(hits.map((hit) => [hit.id, hit]));
  return ids.flatMap((id) => {
    const hit = byId.get(id);
    return hit ? [hit] : [];
  });
}

export type SelectGesture = 'toggle' | 'range';

/**
 * The selection after a click on the checkbox of row `index`: a plain click toggles it; a
 * shift-click sets every row between the previous click (the anchor) and this one to the
 * state the clicked row takes.
 */
export function nextSelection(
  selection: ReadonlySet<number>,
  ids: readonly number[],
  anchor: number | null,
  index: number,
  gesture: SelectGesture,
): { selection: Set<number>; anchor: number } {
  const next = new Set(selection);
  const id = ids[index];
  if (id === undefined) return { selection: next, anchor: anchor ?? index };
  const select = !selection.has(id);
  if (gesture === 'range' && anchor !== null && anchor < ids.length) {
    const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
    for (let i = from; i <= to; i++) {
      if (select) next.add(ids[i]!);
      else next.delete(ids[i]!);
    }
  } else if (select) next.add(id);
  else next.delete(id);
  return { selection: next, anchor: index };
}

export { hitText } from './format';

/** Which query brought a set of results, in words: the operation and each value sent, by its label (page values left out). */
export function queryText(op: OperationSpec, params: Readonly<Record<string, string>>): string {
  const paging = pagingParamNames(op);
  const parts = op.params
    .filter((p) => !paging.has(p.name) && params[p.name] !== undefined && params[p.name] !== '')
    .map((p) => (p.type === 'boolean' ? (params[p.name] === 'false' ? null : p.label) : `${p.label} “${params[p.name]}”`))
    .filter((part): part is string => part !== null);
  return parts.length === 0 ? op.title : `${op.title}: ${parts.join(', ')}`;
}

/**
 * Whether the form now asks something other than what the shown results answer: another
 * operation, other values, or values that would not run as they are.
 */
export function resultsStale(
  results: { operation: string; params: Readonly<Record<string, string>> },
  op: OperationSpec,
  values: FormValues,
): boolean {
  if (results.operation !== op.id) return true;
  const { check } = checkForm(op, values);
  if (!check.ok) return true;
  const paging = pagingParamNames(op);
  const names = new Set([...Object.keys(check.params), ...Object.keys(results.params)].filter((name) => !paging.has(name)));
  return [...names].some((name) => check.params[name] !== results.params[name]);
}
