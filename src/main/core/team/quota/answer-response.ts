/**
 * A colleague's answer from the hub, as this desk stores an answer of its own: the same request
 * id and fetch time (it is the same evidence), the body as received, its `data` read from it.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { ResponseToStore } from '../../library/ingest';
import type { PulledAnswer } from '../../store/hub';

/** Null when the body is not the service's envelope (then this desk asks the service itself). */
export function answerToResponse(answer: PulledAnswer, operation: OperationId, params: Record<string, string>): ResponseToStore | null {
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || !('data' in json)) return null;
  return {
    operation,
    // This desk's own (validated) parameters: the same question, and nothing from the hub used as keys.
    params,
    requestUrl: answer.requestUrl,
    requestId: answer.requestId,
    status: answer.status,
    fetchedAt: answer.fetchedAt,
    durationMs: answer.durationMs ?? 0,
    body: answer.body,
    data: (json as { data: unknown }).data,
    nextPage: answer.nextPage,
  };
}
