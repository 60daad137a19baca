/**
 * The catalogue of the retrieval service's 20 operations and nine platforms: the one entry
 * point to them. The client builds requests from it, the demo service answers from it, the
 * Fetch view generates its forms from it, and the CLI names operations by it. Adding an
 * operation is one entry in operations.ts.
 *
 * This file is imported by the renderer, so it imports only other files of src/shared.
 */
import { OPERATIONS, type OperationId, type OperationSpec } from './operations';
import type { Platform } from './platforms';

export * from './platforms';
export * from './operation-spec';
export { OPERATIONS, OPERATION_IDS, SPEC_ENDPOINT_VALUES, type OperationId, type OperationSpec } from './operations';

const BY_ID = new Map<string, OperationSpec>(OPERATIONS.map((op) => [op.id, op]));

export const isOperationId = (value: unknown): value is OperationId => typeof value === 'string' && BY_ID.has(value);

export function getOperation(id: OperationId): OperationSpec {
  const op = BY_ID.get(id);
  if (!op) throw new Error(`Unknown operation ${id}`);
  return op;
}

/** `videosite` + `channel/videos` → the operation, or undefined. */
export function findOperation(platform: string, path: string): OperationSpec | undefined {
  return BY_ID.get(`${platform}/${path.replace(/^\/+|\/+$/g, '')}`);
}

export const operationsOf = (platform: Platform): OperationSpec[] => OPERATIONS.filter((op) => op.platform === platform);

/** The default request path of an operation, relative to the base URL. */
export const defaultPathOf = (op: OperationSpec): string => `/api/v1/partner/${op.platform}/${op.path}`;

/** The request that brings an item's transcript: which operation, and the flag that asks for it when it is the item's own fetch. */
export interface TranscriptRoute {
  operation: OperationId;
  /** The flag parameter set to "true" when the transcript comes with the item's own fetch; null for a separate request. */
  flag: string | null;
  /** The parameter that names the transcript's language, where the request takes one. */
  languageParam: string | null;
}

/**
 * How an item of this platform and kind gets its transcript, or null where no operation
 * brings one (read from the catalogue entries' `bringsTranscript`).
 */
export function transcriptRoute(platform: string, kind: string): TranscriptRoute | null {
  const op = OPERATIONS.find(
    (candidate) =>
      candidate.platform === platform &&
      candidate.bringsTranscript !== undefined &&
      (candidate.bringsTranscript.kinds === undefined || (candidate.bringsTranscript.kinds as readonly string[]).includes(kind)),
  );
  if (!op?.bringsTranscript) return null;
  const language = op.params.find((param) => param.format === 'languageCode');
  return { operation: op.id, flag: op.bringsTranscript.flag ?? null, languageParam: language?.name ?? null };
}

/** The operation of this platform that brings transcripts, whatever the item's kind. */
const transcriptOperationOf = (platform: Platform): OperationSpec | undefined =>
  OPERATIONS.find((op) => op.platform === platform && op.bringsTranscript !== undefined);

/**
 * A fetch by link with its item's transcript asked for too: the same fetch with the flag where
 * the transcript is one (a short video's), plus the separate transcript request given the same
 * link where it is another operation (a video site video's). Other fetches are unchanged.
 */
export function withTranscript(
  operation: OperationId,
  params: Record<string, string>,
): { params: Record<string, string>; extra: { operation: OperationId; params: Record<string, string> }[] } {
  const transcriptOp = transcriptOperationOf(getOperation(operation).platform);
  const flag = transcriptOp?.bringsTranscript?.flag;
  if (transcriptOp?.id === operation) return { params: flag ? { ...params, [flag]: 'true' } : params, extra: [] };
  if (transcriptOp?.bringsTranscript?.afterFetches?.includes(operation) && params.url !== undefined)
    return { params, extra: [{ operation: transcriptOp.id, params: { url: params.url } }] };
  return { params, extra: [] };
}

/** Whether `operation` is the one that brings transcripts on its platform (itself, or with its flag). */
export const bringsTranscript = (operation: OperationId): boolean => getOperation(operation).bringsTranscript !== undefined;
