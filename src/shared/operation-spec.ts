/**
 * The shape of an operation in the catalogue: its parameters, their checks, how to page on, and
 * whether it brings a transcript. The entries themselves, and the OperationId type read from
 * them, are in operations.ts.
 */
import type { ItemKind, Platform } from './platforms';

export type ParamType = 'string' | 'integer' | 'boolean' | 'url' | 'enum';

/** Format checks beyond the type, each with its own error sentence. */
export type ParamFormat = 'hashtag' | 'community' | 'countryCode' | 'languageCode' | 'handle' | 'did';

export interface ParamSpec {
  /**
   * The parameter's name in Gleaner: the spec's name where it gives one, else PRODUCT.md's
   * default wire name. It is also the default wire name; settings may map it to another.
   */
  name: string;
  label: string;
  type: ParamType;
  required?: boolean;
  values?: readonly string[];
  format?: ParamFormat;
  help?: string;
  /** True when the spec does not name it on the wire, so the name is Gleaner's default. */
  unnamedInSpec?: boolean;
}

export type Constraint =
  /** At least one of these parameters must be given. */
  | { kind: 'oneOf'; params: readonly string[]; message: string }
  /** When `param` is given, `requires` must be given and `excludes` must not. */
  | { kind: 'dependsOn'; param: string; requires?: readonly string[]; excludes?: readonly string[]; message: string };

/**
 * How to continue a listing: each request parameter in `feeds` is filled from the
 * response, first at its documented place, then at a short list of known places.
 * A place is a dotted path inside `data`.
 */
export interface PaginationSpec {
  feeds: readonly { param: string; documentedAt: readonly string[]; alsoLookAt: readonly string[] }[];
  /** True when the spec documents where the values are; false when Gleaner looks around. */
  documented: boolean;
}

/** One operation as operations.ts writes it; its id, `<platform>/<path>`, becomes an OperationId there. */
export interface OperationEntry {
  id: `${Platform}/${string}`;
  platform: Platform;
  /** Path after `/api/v1/partner/<platform>/`. */
  path: string;
  /** `meta.endpoint` the spec lists for this operation; null where it lists none. */
  endpoint: string | null;
  title: string;
  summary: string;
  /** Spec caveats a user should see before running it. */
  caveats: readonly string[];
  params: readonly ParamSpec[];
  /** Whether the optional trim flag (a reduced response) applies. */
  trim: boolean;
  constraints: readonly Constraint[];
  pagination: PaginationSpec | null;
  /** Whether the response can carry a transcript. */
  transcripts: boolean;
  /**
   * Set on the one operation of a platform that brings an item's transcript: the kinds of item
   * it serves (all of the platform's when absent) and, where the transcript is a flag on the
   * item's own fetch, that flag's parameter. `transcriptRoute` reads it. `afterFetches` names the
   * fetches by link that a "with transcripts" import follows with this request (each costs one).
   */
  bringsTranscript?: { kinds?: readonly ItemKind[]; flag?: string; afterFetches?: readonly `${Platform}/${string}`[] };
  /** The spec calls this operation slow; it gets a longer timeout. */
  slow?: boolean;
}

/** The default wire name of the trim flag (PRODUCT.md). */
export const TRIM_PARAM = 'trim';
