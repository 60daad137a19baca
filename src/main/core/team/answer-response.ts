/**
 * A colleague's answer from the hub, as this desk stores an answer of its own: the same request
 * id and fetch time (it is the same evidence), the body as received, its `data` read from it.
 * One reading for both ways an answer arrives: pulled by sync, or handed over for a question
 * asked twice (the quota part). The hub's rows are input like any other: checked here.
 */
import type { OperationId } from '../../../shared/catalogue';
import type { ResponseToStore } from '../library/ingest';
import type { PulledAnswer } from '../store/hub';
import { declaresDemo, looksLikeEarlyDemoAnswer } from '../store/demo-mark';

const MAX_PARAMS = 50;
const MAX_PARAM_NAME = 100;
const MAX_PARAM_VALUE = 4096;

/** The hub's `params` column as a request's parameters: names to strings only, bounded; null otherwise. */
export function hubAnswerParams(raw: unknown): Record<string, string> | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const entries = Object.entries(raw);
  if (entries.length > MAX_PARAMS) return null;
  for (const [name, value] of entries) {
    if (name.length === 0 || name.length > MAX_PARAM_NAME || typeof value !== 'string' || value.length > MAX_PARAM_VALUE) return null;
  }
  // fromEntries defines each name as an own property, so a name like __proto__ stays a plain key.
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The answer with `data` read from its body, or why it cannot be stored. */
export function responseFromHubAnswer(
  answer: PulledAnswer,
  operation: OperationId,
  params: Record<string, string>,
): ResponseToStore | string {
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return 'its body is not JSON';
  }
  if (typeof json !== 'object' || json === null || !('data' in json)) return 'its body has no data';
  return {
    operation,
    params,
    requestUrl: answer.requestUrl,
    requestId: answer.requestId,
    status: answer.status,
    fetchedAt: answer.fetchedAt,
    durationMs: answer.durationMs ?? 0,
    body: answer.body,
    data: (json as { data: unknown }).data,
    nextPage: answer.nextPage,
    // The colleague's mark travels with their answer; a row pushed without one is judged as old answers are.
    ...(answer.demo === true ||
    declaresDemo(json) ||
    (answer.demo === null && looksLikeEarlyDemoAnswer(answer.requestUrl, answer.requestId))
      ? { demo: true }
      : {}),
  };
}

/**
 * For a question this desk asked: its own (validated) parameters, nothing from the hub used as
 * keys. Null when the body is not the service's envelope (then this desk asks the service itself).
 */
export function answerToResponse(answer: PulledAnswer, operation: OperationId, params: Record<string, string>): ResponseToStore | null {
  const response = responseFromHubAnswer(answer, operation, params);
  return typeof response === 'string' ? null : response;
}
